import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { MessageResponse } from '@kasuwa/contracts';
import { conflict, DomainError, invalidField, notFound } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { MailService } from '../mail/mail.service';
import { fullNameOf, hasEmailAddress, User } from './entities/user.entity';
import { EmailVerification } from './entities/email-verification.entity';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
export const LINK_INVALID = 'This verification link is invalid, already used or expired. Sign in and ask for a new one from the banner.';

/**
 * Rule "verified people", e-mail part: a single-use link (48 h by default; only its SHA-256 is stored) sent to the
 * account's address; opening it marks the address verified, provided the account still has that address.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly mail: MailService,
  ) {}

  /** Sends a link to the user's address, in `em`'s transaction (the mail goes out if and only if it commits). */
  async issue(user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>, em: EntityManager): Promise<void> {
    if (!hasEmailAddress(user.email)) return;
    const token = randomBytes(32).toString('base64url');
    const ttl = this.cfg.verification.emailLinkTtl;
    await em
      .getRepository(EmailVerification)
      .insert({ userId: user.id, email: user.email, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttl * 1000) });
    const link = this.mail.link('/verify-email', { token });
    const hours = Math.round(ttl / 3600);
    await this.mail.send(
      user.email,
      'Confirm your e-mail address for Kasuwa',
      `Hello ${fullNameOf(user)},\n\nPlease confirm this is your e-mail address by opening this link within ${hours} hours:\n${link}\n\nUntil then you can browse, chat and keep a cart, but not check out, sell or withdraw.\nIf you did not sign up for Kasuwa, ignore this e-mail.`,
      em,
    );
  }

  /** `POST /api/auth/email/verification`: a new link; with `email`, sets that address first (only while unverified). */
  async resend(userId: number, email?: string): Promise<MessageResponse> {
    return this.db.transaction(async (em) => {
      const users = em.getRepository(User);
      const user = await users.findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user || user.status !== 'active') throw notFound('USER_NOT_FOUND', 'User not found');
      if (user.emailVerifiedAt) throw conflict('EMAIL_ALREADY_VERIFIED', 'Your e-mail address is already verified.');
      if (email && email !== user.email.toLowerCase()) {
        if (await users.exists({ where: { email } }))
          throw conflict('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.');
        await users.update(userId, { email });
        user.email = email;
      }
      if (!hasEmailAddress(user.email)) throw invalidField('email', 'Enter your e-mail address');
      await this.issue(user, em);
      return { message: `We have sent a verification link to ${user.email}. Open it to confirm your address.` };
    });
  }

  /** `POST /api/auth/email/verify`: uses the link once; the address it was sent to must still be the account's. */
  async verify(token: string): Promise<MessageResponse> {
    return this.db.transaction(async (em) => {
      const [[used]] = await em.query<[{ userId: number; email: string }[], number]>(
        `UPDATE email_verification SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id AS "userId", email`,
        [sha256(token)],
      );
      if (!used) throw new DomainError('VERIFICATION_LINK_INVALID', LINK_INVALID);
      const [, changed] = await em.query<[unknown[], number]>(
        `UPDATE app_user SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1 AND email = $2 AND status = 'active'`,
        [used.userId, used.email],
      );
      if (!changed) throw new DomainError('VERIFICATION_LINK_INVALID', LINK_INVALID);
      return { message: 'Your e-mail address is verified. Thank you!' };
    });
  }
}
