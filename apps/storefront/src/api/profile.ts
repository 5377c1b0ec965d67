import type { ContactChannels, MessageResponse, UpdateProfileRequest, UserProfile } from '@kasuwa/contracts';
import { call, type CallOptions } from './client';

export interface ProfileUpdate extends UpdateProfileRequest {
  /** New avatar; sent as the multipart file field `profileImage`. */
  profileImageFile?: File | null;
}

function toFormData(update: ProfileUpdate): FormData {
  const form = new FormData();
  // The server expects every text field on each update (the product API calls), so empty optional ones go as ''.
  form.append('firstName', update.firstName);
  form.append('lastName', update.lastName);
  form.append('gender', update.gender);
  form.append('phone', update.phone);
  form.append('bankName', update.bankName ?? '');
  form.append('bankAccountNumber', update.bankAccountNumber ?? '');
  form.append('bankAccountName', update.bankAccountName ?? '');
  if (update.profileImageFile) form.append('profileImage', update.profileImageFile);
  return form;
}

export const profileApi = {
  me: (options: CallOptions = {}) =>
    call<{ data: UserProfile }>(
      { method: 'GET', url: '/profile/me' },
      { fallbackMessage: 'Failed to fetch user details', requiresAuth: true, ...options },
    ),
  update: (update: ProfileUpdate) =>
    call<{ data: UserProfile; message: string }>(
      { method: 'PUT', url: '/profile/update', data: toFormData(update) },
      // The dialog shows the error under its own title ('Failed to update profile').
      { fallbackMessage: 'Failed to edit profile', requiresAuth: true, silent: true },
    ),
  saveContacts: (channels: ContactChannels) =>
    call<{ data: UserProfile; message: string }>(
      { method: 'PUT', url: '/profile/contacts', data: channels },
      { fallbackMessage: 'Failed to edit profile', requiresAuth: true, silent: true },
    ),
  /** The server checks the same confirmation text the dialog asks for. */
  deleteAccount: () =>
    call<MessageResponse>(
      { method: 'DELETE', url: '/profile/me', data: { confirm: 'DELETE ACCOUNT' } },
      { fallbackMessage: 'Failed to delete', requiresAuth: true, silent: true },
    ),
};
