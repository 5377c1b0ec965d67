import { PASSWORD_MAX, PASSWORD_MIN } from '@kasuwa/contracts';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Mirrors the server's length rule so people learn about it before a round-trip on slow data. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`;
  }
  return null;
}

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** The checks of a new password and its confirmation, made before any call (a mismatch must not cost one: the product validation rules). */
export function newPasswordErrors(password: string, confirm: string): NewPasswordErrors {
  return { password: passwordProblem(password) ?? undefined, confirm: password !== confirm ? PASSWORDS_DO_NOT_MATCH : undefined };
}
