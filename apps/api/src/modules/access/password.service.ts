import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';
import { COMMON_PASSWORDS } from '../../config/common-passwords';

import { randomBytes } from 'node:crypto';

const OPTIONS = { type: argon2.argon2id as 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** The one answer to a wrong e-mail or a wrong password (users and admins): it never says which. */
export const BAD_CREDENTIALS = 'Invalid email or password';

/** argon2id hashing and the password policy (8–128 characters, not a common password, not the email). */
@Injectable()
export class PasswordService {
  // Verifying against a real hash of a random string costs the same as a real account,
  // so unknown emails and wrong passwords take equally long.
  private dummyHash?: Promise<string>;

  assertAcceptable(password: string, email: string, field = 'password'): void {
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      throw invalidField(field, `Password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`);
    }
    const lower = password.toLowerCase();
    if (
      COMMON_PASSWORDS.has(lower) ||
      /^(.)\1+$/.test(password) ||
      lower === email.toLowerCase() ||
      lower === email.split('@')[0].toLowerCase()
    ) {
      throw invalidField(field, 'This password is too common or easy to guess. Please choose another');
    }
  }

  /** The new password of a reset form (users' and admins'): given, confirmed and acceptable, or a 422 naming the field. */
  newPasswordOf(form: { email: string; newPassword?: string; password?: string; confirmPassword: string }): string {
    const password = form.newPassword ?? form.password;
    if (!password) throw invalidField('newPassword', 'New password is required');
    if (password !== form.confirmPassword) throw invalidField('confirmPassword', 'Passwords do not match');
    this.assertAcceptable(password, form.email, 'newPassword');
    return password;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    try {
      this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
      const ok = await argon2.verify(hash || (await this.dummyHash), password);
      return ok && Boolean(hash);
    } catch {
      return false;
    }
  }
}
