import type {
  AuthProviders,
  AuthResponse,
  ForgotPasswordRequest,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from '@kasuwa/contracts';
import { call } from './client';

/** Address the browser is sent to for Google sign-in (a full page load, not an XHR). */
export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

export const authApi = {
  providers: () => call<AuthProviders>({ method: 'GET', url: '/auth/providers' }, { silent: true }),
  login: (body: LoginRequest) =>
    call<AuthResponse>({ method: 'POST', url: '/auth/login', data: body }, { fallbackMessage: 'Login failed. Please try again.' }),
  register: (body: RegisterRequest) =>
    call<AuthResponse>({ method: 'POST', url: '/auth/register', data: body }, { fallbackMessage: 'Sign up failed' }),
  forgotPassword: (body: ForgotPasswordRequest) =>
    call<MessageResponse>(
      { method: 'POST', url: '/auth/forgot-password', data: body },
      { fallbackMessage: 'Forgot password failed' },
    ),
  resetPassword: (body: ResetPasswordRequest) =>
    call<MessageResponse>(
      { method: 'POST', url: '/auth/reset-password', data: body },
      { fallbackMessage: 'Reset password failed' },
    ),
};
