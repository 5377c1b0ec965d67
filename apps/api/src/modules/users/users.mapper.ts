import type { AdminUserRow, UserProfile } from '@kasuwa/contracts';
import { fullNameOf, User } from './entities/user.entity';

/** What the user's own profile and the admins' list both show of a person. */
type PersonFields = Pick<
  User,
  'id' | 'email' | 'firstName' | 'lastName' | 'profileImage' | 'phone' | 'gender' | 'bankName' | 'bankAccountNumber' | 'bankAccountName'
>;

/** What toProfile reads of a user. */
export type ProfileFields = PersonFields & Pick<User, 'contactChannels' | 'createdAt'>;

function person(u: PersonFields) {
  const { id, email, firstName, lastName, profileImage, phone, gender, bankName, bankAccountNumber, bankAccountName } = u;
  return {
    id,
    email,
    fullName: fullNameOf(u),
    firstName,
    lastName,
    profileImage,
    phone,
    gender,
    bankName,
    bankAccountNumber,
    bankAccountName,
  };
}

/** The profile a user sees of themselves (the product data model "User profile"). */
export function toProfile(
  u: ProfileFields,
  extra: Pick<UserProfile, 'hasSellerOrders' | 'hasPassword' | 'verification' | 'bankDetailsConfirmed'>,
): UserProfile {
  return {
    ...person(u),
    contactChannels: u.contactChannels ?? {},
    hasSellerOrders: extra.hasSellerOrders,
    hasPassword: extra.hasPassword,
    bankDetailsConfirmed: extra.bankDetailsConfirmed,
    createdAt: u.createdAt.toISOString(),
    verification: extra.verification,
  };
}

/** A user as admins list them. */
export function toAdminRow(u: User & { passwordHash?: string | null }): AdminUserRow {
  const hasPassword = Boolean(u.passwordHash);
  return {
    ...person(u),
    status: u.status,
    authProvider: u.googleId ? (hasPassword ? 'both' : 'google') : 'password',
    createdAt: u.createdAt.toISOString(),
  };
}
