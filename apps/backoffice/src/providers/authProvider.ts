import type { AuthProvider, UserIdentity } from 'react-admin';
import type { AdminAccount, AdminLoginRequest, AdminLoginResponse, AdminOtpRequired, AdminSelf } from '@kasuwa/contracts';
import { ApiError, apiJson, tokenStore } from './http';
import { allows } from './permissions';

export const LOGIN_NO_TOKEN = 'Authentication failed. Please try again.';
export const LOGIN_FALLBACK = 'Login failed. Please try again.';
/** The product error texts fallback of the admin login call: the API answered with an error but no message of its own. */
export const LOGIN_CALL_FAILED = 'Admin login failed';

/** Thrown by login when the password was right and two-factor sign-in is on: the page asks for the code. */
export class OtpRequiredError extends Error {
  constructor() {
    super('Enter the 6-digit code from your authenticator app.');
  }
}

/** What GET /auth/admin/me answers: the account, and the role and two-factor state the menu is built from. */
type Me = AdminAccount & AdminSelf;

/**
 * One /me call per token: checkAuth runs on every page change, and the answer only changes
 * when the token does. A revoked token is still caught by checkError on the next 401.
 */
let me: { token: string; request: Promise<Me> } | null = null;

function fetchMe(token: string): Promise<Me> {
  if (me?.token !== token) {
    const request = apiJson<{ data: AdminAccount } & AdminSelf>('GET', '/auth/admin/me', undefined, token).then((res) => ({
      ...res.data,
      role: res.role,
      twoFactorEnabled: res.twoFactorEnabled,
      mustEnrol: res.mustEnrol,
    }));
    me = { token, request };
    request.catch(() => {
      if (me?.request === request) me = null; // retry next time instead of caching the failure
    });
  }
  return me.request;
}

const isUnauthorized = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: number }).status === 401;

/** Admin sign-in with the email/password JWT; the token is kept in localStorage 'adminToken'. */
export const authProvider: AuthProvider = {
  async login({ email, password, otp }: AdminLoginRequest) {
    const res = await apiJson<Partial<AdminLoginResponse & AdminOtpRequired>>('POST', '/auth/admin/login', {
      email,
      password,
      ...(otp ? { otp } : {}),
    });
    if (res?.otpRequired) throw new OtpRequiredError();
    if (!res?.accessToken) throw new Error(LOGIN_NO_TOKEN);
    tokenStore.set(res.accessToken);
    me = null;
  },

  async logout() {
    tokenStore.clear();
    me = null;
  },

  async checkAuth() {
    const token = tokenStore.get();
    // message: false — arriving signed out is normal, not an error worth a toast.
    if (!token) throw { message: false };
    try {
      await fetchMe(token);
    } catch (error) {
      if (isUnauthorized(error)) {
        tokenStore.clear();
        throw new Error('Your session has expired. Please sign in again.');
      }
      // The API is unreachable or failing: keep the session, the pages will show the failure.
    }
  },

  async checkError(error: unknown) {
    if (isUnauthorized(error)) {
      tokenStore.clear();
      me = null;
      throw new Error('Your session has expired. Please sign in again.');
    }
  },

  /** The admin's role and two-factor state (AdminSelf). */
  async getPermissions(): Promise<AdminSelf | undefined> {
    const token = tokenStore.get();
    if (!token) return undefined;
    const { role, twoFactorEnabled, mustEnrol } = await fetchMe(token);
    return { role, twoFactorEnabled, mustEnrol };
  },

  /** Menus, pages and buttons follow the role map the API enforces. */
  async canAccess({ resource, action }) {
    const token = tokenStore.get();
    if (!token) return false;
    try {
      return allows(await fetchMe(token), resource, action);
    } catch {
      return false;
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    const token = tokenStore.get();
    if (!token) throw new ApiError('Not authenticated', 401, undefined);
    const admin = await fetchMe(token);
    return {
      id: admin.id,
      fullName: `${admin.firstName} ${admin.lastName}`.trim() || admin.email,
      email: admin.email,
      admin,
    };
  },
};
