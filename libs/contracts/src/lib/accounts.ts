import type { AdminRole } from './staff';
/** Accounts: users (buyers and sellers) and admins. Shapes follow the product data model and the product API calls. */

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const CONTACT_CHANNELS = ['WhatsApp', 'Email', 'Instagram', 'Twitter', 'Facebook'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export type ContactChannels = Partial<Record<ContactChannel, string>>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The signed-in user's profile (`GET /api/profile/me` → `{ data }`). */
export interface UserProfile {
  id: number;
  email: string;
  fullName: string;
  firstName: string | null;
  lastName: string | null;
  profileImage: string | null;
  phone: string | null;
  gender: Gender | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankAccountName: string | null;
  /**
   * True when the bank fields are the seller's payout account (bank from the list, name resolved by the bank); false
   * when they are free text typed before that rule (payouts cannot use it) or empty.
   */
  bankDetailsConfirmed: boolean;
  contactChannels: ContactChannels;
  hasSellerOrders: boolean;
  hasPassword: boolean;
  createdAt: string;
  /** What the account has proved it owns (rule "verified people"); `required` false when the server runs ACCOUNT_VERIFICATION=off. */
  verification: AccountVerification;
}

/** The verification state of the signed-in user. `email` false on a phone-first account until it adds and confirms an address. */
export interface AccountVerification {
  required: boolean;
  email: boolean;
  phone: boolean;
  /** The verified number, E.164 (`+2348031234567`), or null. */
  verifiedPhone: string | null;
  /** False for a phone-first account that has not given an e-mail address yet. */
  hasEmail: boolean;
}

/** What a seller has verified, shown as badges (product and shop answers). */
export interface SellerVerified {
  email: boolean;
  phone: boolean;
}

/** `POST /api/auth/email/verification`: sends (again) the link; with `email`, first sets that address (unverified accounts only). */
export interface EmailVerificationRequest {
  email?: string;
}

/** `POST /api/auth/email/verify`: the token of the link. */
export interface VerifyEmailRequest {
  token: string;
}

/** `POST /api/auth/phone/start`: a Nigerian number in any usual form (`0803…`, `+234803…`, `234803…`). */
export interface PhoneStartRequest {
  phone: string;
}

/** `POST /api/auth/phone/verify`: the 6-digit code sent to `phone`. */
export interface PhoneVerifyRequest {
  phone: string;
  code: string;
  rememberMe?: boolean;
}

/** Answer of `POST /api/auth/phone/start`. */
export interface PhoneStartResponse {
  message: string;
  /** The number as stored, E.164. */
  phone: string;
  /** Minutes the code stays valid. */
  expiresInMinutes: number;
}

export interface RegisterRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe?: boolean;
}

/** Answer of register, login. */
export interface AuthResponse {
  accessToken: string;
  user: UserProfile;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  email: string;
  token: string;
  newPassword?: string;
  /** Accepted instead of `newPassword` (the product's other reading). */
  password?: string;
  confirmPassword: string;
}

export interface MessageResponse {
  message: string;
}

/** `GET /api/auth/providers`: which sign-in methods this server has configured. */
export interface AuthProviders {
  google: boolean;
}

/** The `user` query parameter of /auth-success (URL-encoded JSON). */
export interface AuthSuccessUser {
  email: string;
  fullName: string;
  profileImage: string | null;
}

/** Multipart fields of `PUT /api/profile/update` (plus an optional `profileImage` file). */
export interface UpdateProfileRequest {
  firstName: string;
  lastName: string;
  gender: Gender;
  phone: string;
  bankName?: string;
  bankAccountNumber?: string;
  bankAccountName?: string;
}

// ---- admins ----

export const ADMIN_STATUSES = ['pending', 'active', 'declined'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export interface AdminLoginRequest {
  email: string;
  password: string;
  /** The 6-digit code of the admin's authenticator (or one of their recovery codes) once two-factor sign-in is on. */
  otp?: string;
}
export interface AdminLoginResponse {
  accessToken: string;
}
export interface AdminSignupRequest {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  password: string;
}
export interface AdminForgotPasswordResponse {
  success: boolean;
  message: string;
}

/** An admin account or signup request, as the back office lists them (`/api/admin/admins`). */
export interface AdminAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  status: AdminStatus;
  /** What the admin may open (the role map in staff.ts). */
  role: AdminRole;
  twoFactorEnabled: boolean;
  createdAt: string;
  decidedAt: string | null;
}

/** A user as admins see it (`/api/admin/users`, `/api/inner/admin/users`). */
export interface AdminUserRow {
  id: number;
  email: string;
  fullName: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  gender: Gender | null;
  profileImage: string | null;
  bankName: string | null;
  bankAccountNumber: string | null;
  bankAccountName: string | null;
  status: UserStatus;
  authProvider: 'password' | 'google' | 'both';
  createdAt: string;
}

/** `GET /api/inner/admin/users` */
export interface AdminUsersPage {
  users: AdminUserRow[];
  total: number;
  totalPages: number;
  currentPage: number;
}

/** Keys the storefront and back office keep in local storage (the product data model). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  email: 'email',
  fullName: 'fullName',
  profileImage: 'profileImage',
  userId: 'userId',
  darkMode: 'darkMode',
  adminToken: 'adminToken',
  cartItems: 'cartItems',
  favourites: 'favourites',
} as const;

/**
 * The user's colour choice in the storefront ('light' | 'dark' | 'system'), kept where the server reads it with every
 * page request (no light flash: color-scheme.ts). Written by the theme toggle, and by the page's head script (the
 * first visit: 'system'; a choice stored under STORAGE_KEYS.darkMode before the cookie existed: that choice).
 */
export const COLOR_MODE_COOKIE = 'kasuwa_color_mode';

/** Window event fired when the stored user changes (the product data model: "a custom event carries the changed user"). */
export const USER_CHANGED_EVENT = 'kasuwa:user-changed';

// ---- contact ----

/** `POST /api/contact-us` (optional bearer). */
export interface ContactMessageRequest {
  userId?: number | null;
  name?: string;
  email: string;
  subject: string;
  message: string;
}

/** A contact message as the back office's Messages resource shows it. */
export interface ContactMessageRow {
  id: number;
  userId: number | null;
  name: string | null;
  email: string;
  subject: string;
  message: string;
  isRead: boolean;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
}
