import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager, EntityTarget, IsNull, MoreThan, Repository } from 'typeorm';
import { DomainError } from '../../common/errors';
import { PasswordReset } from './entities/password-reset.entity';

const TTL_MS = 60 * 60 * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What a reset request answers whether or not the account exists (users and admins). */
export const FORGOT_SENT = 'If an account exists for that email, we have sent password reset instructions.';
export const INVALID_RESET = 'This reset link is invalid or has expired. Please request a new one.';

/** Single-use, one-hour reset tokens for users and admins; only the hash is stored. */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async issue(subject: 'user' | 'admin', subjectId: number): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.resets.insert({ subject, subjectId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + TTL_MS) });
    return token;
  }

  /** Marks the token used inside the caller's transaction; throws if it is unknown, used, expired or someone else's. */
  async consume(em: EntityManager, subject: 'user' | 'admin', subjectId: number | undefined, token: string): Promise<void> {
    const res = await em
      .getRepository(PasswordReset)
      .update(
        { subject, subjectId: subjectId ?? -1, tokenHash: sha256(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
        { usedAt: new Date() },
      );
    if (!res.affected) throw new DomainError('INVALID_RESET_TOKEN', INVALID_RESET, 400);
    // Any other outstanding tokens for the account die with this one.
    await em.getRepository(PasswordReset).update({ subject, subjectId, usedAt: IsNull() }, { usedAt: new Date() });
  }

  /**
   * Sets a new password with a reset token in one transaction: the token is spent and the account's token version
   * bumps, which signs it out everywhere. An unknown or inactive account fails the token check like a wrong token, so
   * the answer does not tell which emails exist.
   */
  async resetPassword(
    subject: 'user' | 'admin',
    entity: EntityTarget<{ id: number; passwordHash: string | null; tokenVersion: number }>,
    account: { id: number; status: string } | null,
    token: string,
    passwordHash: string,
  ): Promise<void> {
    await this.db.transaction(async (em) => {
      await this.consume(em, subject, account?.status === 'active' ? account.id : undefined, token);
      await em.getRepository(entity).update(account!.id, { passwordHash, tokenVersion: () => 'token_version + 1' });
    });
  }
}
