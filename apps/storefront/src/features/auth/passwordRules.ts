import { PASSWORD_MAX, PASSWORD_MIN } from '@kasuwa/contracts';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_LENGTH_HINT = `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;

/** Mirrors the server's length rule so people learn about it before a round-trip on slow data. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`;
  }
  return null;
}
