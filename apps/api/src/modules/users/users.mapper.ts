import type { AdminUserRow, UserProfile } from '@kasuwa/contracts';
import { fullNameOf, User } from './entities/user.entity';

/** The profile a user sees of themselves (spec §3 "User profile"). */
export function toProfile(u: User, extra: { hasSellerOrders: boolean; hasPassword: boolean }): UserProfile {
  return {
    id: u.id,
    email: u.email,
    fullName: fullNameOf(u),
    firstName: u.firstName,
    lastName: u.lastName,
    profileImage: u.profileImage,
    phone: u.phone,
    gender: u.gender,
    bankName: u.bankName,
    bankAccountNumber: u.bankAccountNumber,
    bankAccountName: u.bankAccountName,
    contactChannels: u.contactChannels ?? {},
    hasSellerOrders: extra.hasSellerOrders,
    hasPassword: extra.hasPassword,
    createdAt: u.createdAt.toISOString(),
  };
}

/** A user as admins list them. */
export function toAdminRow(u: User & { passwordHash?: string | null }): AdminUserRow {
  const hasPassword = Boolean(u.passwordHash);
  return {
    id: u.id,
    email: u.email,
    fullName: fullNameOf(u),
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    gender: u.gender,
    profileImage: u.profileImage,
    bankName: u.bankName,
    bankAccountNumber: u.bankAccountNumber,
    bankAccountName: u.bankAccountName,
    status: u.status,
    authProvider: u.googleId ? (hasPassword ? 'both' : 'google') : 'password',
    createdAt: u.createdAt.toISOString(),
  };
}
