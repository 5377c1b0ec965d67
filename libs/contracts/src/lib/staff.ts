/**
 * Accountable staff: admin roles, what each may open, two-factor sign-in and the audit log. The API enforces the role
 * map and the back office hides what it refuses, from this one declaration.
 */

export const ADMIN_ROLES = ['owner', 'finance', 'support', 'moderator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Who may read (GET) and who may change (any other method) a back-office area. `owner` may do everything. */
export interface RoleRule {
  read: readonly AdminRole[];
  write: readonly AdminRole[];
}

const only = (...roles: AdminRole[]): RoleRule => ({ read: roles, write: roles });

/**
 * Every back-office area (the react-admin resource and `/api/admin/<name>` path) and the roles it admits. `*` areas
 * every active admin reaches (their own account, two-factor enrolment, the dashboard). An admin route that names no
 * area here is refused (the API fails closed).
 */
export const ROLE_RULES = {
  admins: only('owner'),
  'audit-log': only('owner'),
  users: { read: ['support', 'finance', 'moderator'], write: ['support'] },
  orders: { read: ['support', 'finance'], write: ['support'] },
  messages: only('support'),
  disputes: { read: ['finance', 'support'], write: ['finance'] },
  refunds: only('finance'),
  'refund-requests': only('finance'),
  payouts: only('finance'),
  'commission-rates': only('finance'),
  commissions: only('finance'),
  reconciliation: only('finance'),
  transactions: only('finance'),
  ledger: only('finance'),
  products: only('moderator'),
  reports: only('moderator'),
  reviews: only('moderator'),
  categories: { read: ['moderator', 'finance'], write: ['moderator'] },
  synonyms: only('moderator'),
  // The risk queue: finance decides withdrawal holds, moderators listing holds (the service checks which; RISK_DECIDER).
  'risk-signals': only('finance', 'moderator'),
  '*': only('owner', 'finance', 'support', 'moderator'),
} as const satisfies Record<string, RoleRule>;
export type AdminArea = keyof typeof ROLE_RULES;

export const isAdminArea = (name: string): name is AdminArea => Object.prototype.hasOwnProperty.call(ROLE_RULES, name);

/** Whether `role` may read or change `area` (the API's 403 ROLE_FORBIDDEN, the back office's hidden menus and buttons). */
export function roleAllows(role: AdminRole | undefined, area: string, action: 'read' | 'write'): boolean {
  if (!role) return false;
  if (role === 'owner') return true;
  if (!isAdminArea(area)) return false;
  return (ROLE_RULES[area][action] as readonly AdminRole[]).includes(role);
}

/** `POST /api/auth/admin/login` with two-factor sign-in on: no token until the code comes (`otp`, or a recovery code). */
export interface AdminOtpRequired {
  otpRequired: true;
}

/** `POST /api/auth/admin/2fa/enrol`: the secret, shown this once, the otpauth:// URI an authenticator app reads, and it as a QR code. */
export interface AdminTwoFactorEnrolment {
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as a QR code, an SVG document (drawn on the server, so the back office ships no QR library). */
  qrSvg: string;
}

/** `POST /api/auth/admin/2fa/confirm`: the first code confirms; ten recovery codes, shown this once, and a new token. */
export interface AdminTwoFactorConfirmed {
  recoveryCodes: string[];
  accessToken: string;
}

/** What the back office knows of the signed-in admin (`GET /api/auth/admin/me`): role and two-factor state. */
export interface AdminSelf {
  role: AdminRole;
  twoFactorEnabled: boolean;
  /** ADMIN_2FA=required and not enrolled: only enrolment is open until it is done. */
  mustEnrol: boolean;
}

/** One audit-log entry (`GET /api/admin/audit-log`): an admin's write, kept for ever. */
export interface AuditEntry {
  id: number;
  at: string;
  adminId: number | null;
  adminEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  requestId: string | null;
  clientIp: string | null;
}
