import type { AuthProvider, UserIdentity } from 'react-admin';
import type { AdminAccount, AdminLoginRequest, AdminLoginResponse } from '@kasuwa/contracts';
import { ApiError, apiJson, tokenStore } from './http';

export const LOGIN_NO_TOKEN = 'Authentication failed. Please try again.';
export const LOGIN_FALLBACK = 'Login failed. Please try again.';
/** Spec §8 fallback of the admin login call: the API answered with an error but no message of its own. */
export const LOGIN_CALL_FAILED = 'Admin login failed';

/**
 * One /me call per token: checkAuth runs on every page change, and the answer only changes
 * when the token does. A revoked token is still caught by checkError on the next 401.
 */
let me: { token: string; request: Promise<AdminAccount> } | null = null;

function fetchMe(token: string): Promise<AdminAccount> {
  if (me?.token !== token) {
    const request = apiJson<{ data: AdminAccount }>('GET', '/auth/admin/me', undefined, token).then(
      (res) => res.data,
    );
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
  async login({ email, password }: AdminLoginRequest) {
    const res = await apiJson<Partial<AdminLoginResponse>>('POST', '/auth/admin/login', {
      email,
      password,
    });
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
