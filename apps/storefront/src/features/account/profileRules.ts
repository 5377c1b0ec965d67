import type { UserProfile } from '@kasuwa/contracts';
import type { ProfileUpdate } from '../../api/profile';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill all required fields';

/** The product screens: the dialog is "Complete Profile" until the phone and gender are known. */
export function isProfileIncomplete(p: UserProfile): boolean {
  return !p.firstName || !p.lastName || !p.phone || !p.gender;
}

/**
 * The full multipart body PUT /profile/update expects: the current profile with `changes` on top.
 * Callers make sure the required fields are present (the bank dialog asks for the profile first).
 */
export function updateFrom(p: UserProfile, changes: Partial<ProfileUpdate>): ProfileUpdate {
  const gender = changes.gender ?? p.gender;
  if (!gender) throw new Error(REQUIRED_FIELDS_MESSAGE);
  return {
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    phone: p.phone ?? '',
    bankName: p.bankName ?? '',
    bankAccountNumber: p.bankAccountNumber ?? '',
    bankAccountName: p.bankAccountName ?? '',
    ...changes,
    gender,
  };
}
