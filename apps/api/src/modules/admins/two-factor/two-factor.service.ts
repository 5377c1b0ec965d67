import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminTwoFactorConfirmed, AdminTwoFactorEnrolment } from '@kasuwa/contracts';
import { audit } from '../../../common/audit';
import { conflict, DomainError, unauthorized } from '../../../common/errors';
import { APP_CONFIG, AppConfig } from '../../../config/app.config';
import { TokensService } from '../../access/tokens.service';
import QRCode from 'qrcode';
import { base32Encode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash, SecretBox } from './totp';

/** Wrong codes are counted per admin in this window (shared by every process: it lives in the admin's row). */
const FAILURE_WINDOW = `interval '15 minutes'`;

/**
 * Admin two-factor sign-in (TOTP, RFC 6238): enrolment (a secret shown once, confirmed by a first code, ten recovery
 * codes shown once), and the code check at sign-in. Secrets are sealed at rest, recovery codes hashed, each code
 * works once, and wrong codes are limited per admin. Nothing here is ever logged.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly tokens: TokensService,
  ) {
    this.box = new SecretBox(cfg.staff.twoFactorKey);
  }

  /** A new secret for the admin, kept sealed but not live until confirm(); starting again replaces an unconfirmed one. */
  async enrol(adminId: number, email: string): Promise<AdminTwoFactorEnrolment> {
    const secret = newTotpSecret();
    await this.db.transaction(async (em) => {
      const res = await em.query<[unknown[], number]>(`UPDATE admin SET totp_secret = $2 WHERE id = $1 AND totp_enabled_at IS NULL`, [
        adminId,
        this.box.seal(secret),
      ]);
      if (!res[1]) throw conflict('TWO_FACTOR_ALREADY_ON', 'Two-factor sign-in is already on for this account.');
      // The entry says enrolment started; the secret itself is never in it.
      await audit(em, { action: 'admins.two-factor-enrol', targetType: 'admins', targetId: adminId, after: { twoFactorPending: true } });
    });
    const text = base32Encode(secret);
    const uri = otpauthUri(text, email);
    return { secret: text, otpauthUri: uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) };
  }

  /** The first code turns two-factor sign-in on: ten recovery codes (shown once) and a fresh token (older ones end). */
  async confirm(adminId: number, code: string): Promise<AdminTwoFactorConfirmed> {
    const [row] = await this.db.query<{ email: string; secret: string | null; enabledAt: Date | null }[]>(
      `SELECT email, totp_secret AS "secret", totp_enabled_at AS "enabledAt" FROM admin WHERE id = $1`,
      [adminId],
    );
    if (row?.enabledAt) throw conflict('TWO_FACTOR_ALREADY_ON', 'Two-factor sign-in is already on for this account.');
    if (!row?.secret) throw conflict('TWO_FACTOR_NOT_STARTED', 'Start two-factor enrolment first.');
    await this.assertNotLocked(adminId);
    const step = matchTotp(this.box.open(row.secret), code.trim(), Date.now());
    if (step === null) return this.refuse(adminId);
    const recoveryCodes = newRecoveryCodes();
    const admin = await this.db.transaction(async (em) => {
      const [[updated]] = await em.query<[{ id: number; email: string; tokenVersion: number }[], number]>(
        `UPDATE admin SET totp_enabled_at = now(), totp_last_step = $2, otp_failures = 0, token_version = token_version + 1
          WHERE id = $1 AND totp_enabled_at IS NULL RETURNING id, email, token_version AS "tokenVersion"`,
        [adminId, step],
      );
      if (!updated) throw conflict('TWO_FACTOR_ALREADY_ON', 'Two-factor sign-in is already on for this account.');
      await this.replaceRecoveryCodes(em, adminId, recoveryCodes);
      await audit(em, { action: 'admins.two-factor-on', targetType: 'admins', targetId: adminId, after: { twoFactorEnabled: true } });
      return updated;
    });
    return { recoveryCodes, accessToken: this.tokens.forAdmin(admin) };
  }

  /** An owner turns another admin's two-factor sign-in off (a lost phone): they enrol again at their next sign-in. */
  async reset(em: EntityManager, adminId: number): Promise<void> {
    await em.query(
      `UPDATE admin SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL, otp_failures = 0, token_version = token_version + 1 WHERE id = $1`,
      [adminId],
    );
    await em.query(`UPDATE admin_recovery_code SET used_at = now() WHERE admin_id = $1 AND used_at IS NULL`, [adminId]);
  }

  /**
   * The sign-in check: a current TOTP code not used before (the step only moves forward, in one conditional
   * statement, so two requests with one code cannot both pass), or an unused recovery code, spent by the same kind of
   * statement. A wrong one counts toward the limit.
   */
  async verify(adminId: number, code: string): Promise<void> {
    await this.assertNotLocked(adminId);
    const [row] = await this.db.query<{ secret: string | null }[]>(
      `SELECT totp_secret AS "secret" FROM admin WHERE id = $1 AND totp_enabled_at IS NOT NULL`,
      [adminId],
    );
    if (!row?.secret) throw unauthorized('TWO_FACTOR_INVALID', 'That code is not right.');
    const step = matchTotp(this.box.open(row.secret), code.trim(), Date.now());
    if (step !== null) {
      const res = await this.db.query<[unknown[], number]>(
        `UPDATE admin SET totp_last_step = $2, otp_failures = 0 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`,
        [adminId, step],
      );
      if (res[1]) return;
    } else if (code.replace(/[^a-z2-7]/gi, '').length === 10) {
      const res = await this.db.query<[unknown[], number]>(
        `UPDATE admin_recovery_code SET used_at = now() WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        [adminId, recoveryCodeHash(code)],
      );
      if (res[1]) {
        await this.db.query(`UPDATE admin SET otp_failures = 0 WHERE id = $1`, [adminId]);
        return;
      }
    }
    await this.refuse(adminId);
  }

  private async replaceRecoveryCodes(em: EntityManager, adminId: number, codes: string[]): Promise<void> {
    await em.query(`DELETE FROM admin_recovery_code WHERE admin_id = $1`, [adminId]);
    await em.query(`INSERT INTO admin_recovery_code (admin_id, code_hash) SELECT $1, unnest($2::text[])`, [
      adminId,
      codes.map(recoveryCodeHash),
    ]);
  }

  private async assertNotLocked(adminId: number): Promise<void> {
    const [row] = await this.db.query<{ failures: number }[]>(
      `SELECT otp_failures AS "failures" FROM admin WHERE id = $1 AND otp_failures_since > now() - ${FAILURE_WINDOW}`,
      [adminId],
    );
    if (row && row.failures >= this.cfg.staff.twoFactorMaxFailures) {
      throw new DomainError('TWO_FACTOR_LOCKED', 'Too many wrong codes. Wait 15 minutes and try again.', HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  private async refuse(adminId: number): Promise<never> {
    await this.db.query(
      `UPDATE admin SET
         otp_failures = CASE WHEN otp_failures_since > now() - ${FAILURE_WINDOW} THEN otp_failures + 1 ELSE 1 END,
         otp_failures_since = CASE WHEN otp_failures_since > now() - ${FAILURE_WINDOW} THEN otp_failures_since ELSE now() END
       WHERE id = $1`,
      [adminId],
    );
    throw unauthorized('TWO_FACTOR_INVALID', 'That code is not right.');
  }
}
