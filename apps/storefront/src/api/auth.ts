import type {
  AuthProviders,
  AuthResponse,
  EmailVerificationRequest,
  ForgotPasswordRequest,
  PhoneStartRequest,
  PhoneStartResponse,
  PhoneVerifyRequest,
  VerifyEmailRequest,
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
    call<MessageResponse>({ method: 'POST', url: '/auth/forgot-password', data: body }, { fallbackMessage: 'Forgot password failed' }),
  resetPassword: (body: ResetPasswordRequest) =>
    call<MessageResponse>({ method: 'POST', url: '/auth/reset-password', data: body }, { fallbackMessage: 'Reset password failed' }),
  /** Sends the verification link again (with `email`: to that address, while unverified). */
  resendVerification: (body: EmailVerificationRequest) =>
    call<MessageResponse>(
      { method: 'POST', url: '/auth/email/verification', data: body },
      { fallbackMessage: 'Could not send the verification e-mail', requiresAuth: true },
    ),
  verifyEmail: (body: VerifyEmailRequest) =>
    call<MessageResponse>(
      { method: 'POST', url: '/auth/email/verify', data: body },
      { fallbackMessage: 'Verification failed', silent: true },
    ),
  /** Sends a 6-digit code by SMS. */
  phoneStart: (body: PhoneStartRequest) =>
    call<PhoneStartResponse>({ method: 'POST', url: '/auth/phone/start', data: body }, { fallbackMessage: 'Could not send the code' }),
  /** Signs in by phone, or (signed in) verifies the user's phone. */
  phoneVerify: (body: PhoneVerifyRequest) =>
    call<AuthResponse>({ method: 'POST', url: '/auth/phone/verify', data: body }, { fallbackMessage: 'Could not check the code' }),
  /** Texts a code to the verified phone that approves one money move (payout account, withdrawal). */
  stepUp: () =>
    call<PhoneStartResponse>(
      { method: 'POST', url: '/auth/step-up' },
      { fallbackMessage: 'Could not send the code', requiresAuth: true, silent: true },
    ),
};

/** Announced when the signed-in user's verification changed (the banner reloads it). */
export const VERIFICATION_CHANGED_EVENT = 'kasuwa:verification-changed';
