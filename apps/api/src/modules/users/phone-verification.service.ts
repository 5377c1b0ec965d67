import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, QueryFailedError } from 'typeorm';
import type { AuthResponse, PhoneStartResponse } from '@kasuwa/contracts';
import { conflict, DomainError, forbidden, invalidField, unauthorized } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { SmsGateway } from '../sms/sms.gateway';
import { NO_EMAIL_DOMAIN, User } from './entities/user.entity';
import { UsersService } from './users.service';
import { PhoneCode, type PhoneCodePurpose } from './entities/phone-code.entity';
import { nigerianE164 } from '../../common/phone-number';
import { TokensService } from '../access/tokens.service';
import { VerificationLimits } from './verification-limits';

const CODE_INVALID = 'That code is wrong or has expired. Check the SMS, or ask for a new code.';

/** "+234 ••• ••• 4567": enough to know which phone, not enough to read the number off a stolen session. */
function maskedPhone(phone: string): string {
  return `${phone.slice(0, 4)} ••• ••• ${phone.slice(-4)}`;
}

/** A number as E.164, or the 422 that says what is accepted. */
export function phoneOf(input: string): string {
  const phone = nigerianE164(input);
  if (!phone) throw invalidField('phone', 'Enter a Nigerian mobile number, e.g. 0803 123 4567 or +234 803 123 4567');
  return phone;
}

/**
 * Rule "verified people", phone part, and phone sign-in: a 6-digit code by SMS (PHONE_CODE_TTL, 10 minutes by default),
 * stored as an HMAC under the user-token secret (a table of a million possible codes must not be enough to read them),
 * at most 5 wrong tries per code (counted in the database before the comparison, so parallel guesses each use one),
 * only the newest code of a number counts, each code works once; sending is limited per number and per client.
 */
@Injectable()
export class PhoneVerificationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly sms: SmsGateway,
    private readonly limits: VerificationLimits,
    private readonly tokens: TokensService,
    private readonly profiles: UsersService,
  ) {}

  private hash(phone: string, code: string, purpose: PhoneCodePurpose): Buffer {
    // The purpose is part of the HMAC too: a sign-in code's hash can never match as a step-up code.
    const label = purpose === 'verify' ? 'phone-code' : 'step-up-code';
    return createHmac('sha256', this.cfg.jwt.userSecret).update(`${label}:${phone}:${code}`).digest();
  }

  async start(input: string, clientIp: string): Promise<PhoneStartResponse> {
    const phone = phoneOf(input);
    const minutes = await this.sendCode(
      phone,
      'verify',
      clientIp,
      (code, mins) => `Your Kasuwa code is ${code}. It expires in ${mins} minutes. Never share it with anyone, not even Kasuwa staff.`,
    );
    return { message: `We have sent a 6-digit code to ${phone}.`, phone, expiresInMinutes: minutes };
  }

  /**
   * Rule "step-up before money moves": a fresh code to the user's verified number approves one money move (saving a
   * payout account, a withdrawal). It is limited like every SMS code, per number and per client.
   */
  async startStepUp(userId: number, clientIp: string): Promise<PhoneStartResponse> {
    const phone = await this.verifiedPhoneOf(userId);
    const minutes = await this.sendCode(
      phone,
      'step_up',
      clientIp,
      (code, mins) =>
        `Your Kasuwa code to approve a payout change or withdrawal is ${code}. It expires in ${mins} minutes. If you did not ask for it, change your password now. Never share it, not even with Kasuwa staff.`,
    );
    return {
      message: `We have sent a 6-digit code to your phone ending ${phone.slice(-4)}.`,
      phone: maskedPhone(phone),
      expiresInMinutes: minutes,
    };
  }

  /** Spends the user's newest step-up code, or refuses (403 STEP_UP_REQUIRED without one, PHONE_CODE_INVALID when wrong). */
  async useStepUp(userId: number, code: unknown): Promise<void> {
    const phone = await this.verifiedPhoneOf(userId);
    if (code === undefined || code === null || code === '') {
      throw forbidden(
        'STEP_UP_REQUIRED',
        'For your safety, confirm this with the 6-digit code we send by SMS to your verified phone. Tap "Send code", then enter it.',
      );
    }
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) throw forbidden('PHONE_CODE_INVALID', CODE_INVALID);
    await this.useCode(phone, code, 'step_up', HttpStatus.FORBIDDEN);
  }

  private async verifiedPhoneOf(userId: number): Promise<string> {
    const [row] = await this.db.query<{ phone: string | null }[]>(
      `SELECT phone_e164 AS phone FROM app_user WHERE id = $1 AND phone_verified_at IS NOT NULL`,
      [userId],
    );
    if (!row?.phone)
      throw forbidden(
        'PHONE_NOT_VERIFIED',
        'Please verify your phone number first: open your profile, choose "Verify phone" and enter the code we send by SMS.',
      );
    return row.phone;
  }

  /** A new code for the number and purpose (older open ones of that purpose stop working), sent by SMS; answers its minutes. */
  private async sendCode(
    phone: string,
    purpose: PhoneCodePurpose,
    clientIp: string,
    text: (code: string, minutes: number) => string,
  ): Promise<number> {
    const v = this.cfg.verification;
    await this.limits.count('phone-code', [
      { tracker: `number:${phone}`, limit: v.phoneCodesPerNumber, who: 'this number' },
      VerificationLimits.client(clientIp, v.phoneCodesPerClient),
    ]);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const minutes = Math.round(v.phoneCodeTtl / 60);
    await this.db.transaction(async (em) => {
      await em.query(`UPDATE phone_code SET used_at = now() WHERE phone = $1 AND purpose = $2 AND used_at IS NULL`, [phone, purpose]);
      await em.getRepository(PhoneCode).insert({
        phone,
        purpose,
        codeHash: this.hash(phone, code, purpose).toString('hex'),
        expiresAt: new Date(Date.now() + v.phoneCodeTtl * 1000),
      });
    });
    await this.sms.send(phone, text(code, minutes));
    return minutes;
  }

  /**
   * With `userId` (a signed-in user): the number becomes that account's verified phone (409 PHONE_TAKEN when another
   * account verified it). Without: signs in the account of that number, creating it on first use.
   */
  async verify(input: string, code: string, userId: number | undefined, rememberMe: boolean): Promise<AuthResponse> {
    const phone = phoneOf(input);
    if (userId !== undefined) {
      const [other] = await this.db.query<unknown[]>(`SELECT 1 FROM app_user WHERE phone_e164 = $1 AND id <> $2`, [phone, userId]);
      if (other) throw conflict('PHONE_TAKEN', 'This phone number is already verified on another Kasuwa account.');
    }
    await this.useCode(phone, code);
    const user = userId !== undefined ? await this.markVerified(userId, phone) : await this.accountOf(phone);
    if (user.status === 'suspended') throw unauthorized('SUSPENDED', 'Your account has been suspended. Please contact support.');
    return { accessToken: this.tokens.forUser(user, rememberMe), user: await this.profiles.profile(user.id) };
  }

  /** Uses the number's newest open code of that purpose once, or refuses; every call spends one of the code's tries first. */
  private async useCode(phone: string, code: string, purpose: PhoneCodePurpose = 'verify', status = HttpStatus.BAD_REQUEST): Promise<void> {
    const [[row]] = await this.db.query<[{ id: number; codeHash: string }[], number]>(
      `UPDATE phone_code SET attempts = attempts + 1
        WHERE id = (SELECT id FROM phone_code WHERE phone = $1 AND purpose = $3 AND used_at IS NULL ORDER BY id DESC LIMIT 1)
          AND used_at IS NULL AND expires_at > now() AND attempts < $2
        RETURNING id, code_hash AS "codeHash"`,
      [phone, this.cfg.verification.phoneCodeTries, purpose],
    );
    const ok = row && timingSafeEqual(Buffer.from(row.codeHash, 'hex'), this.hash(phone, code, purpose));
    if (!ok) throw new DomainError('PHONE_CODE_INVALID', CODE_INVALID, status);
    const [, used] = await this.db.query<[unknown[], number]>(`UPDATE phone_code SET used_at = now() WHERE id = $1 AND used_at IS NULL`, [
      row.id,
    ]);
    if (!used) throw new DomainError('PHONE_CODE_INVALID', CODE_INVALID, status);
  }

  private async markVerified(userId: number, phone: string): Promise<User> {
    try {
      await this.db.query(
        `UPDATE app_user SET phone_e164 = $2, phone_verified_at = now(), phone = coalesce(phone, $2), updated_at = now() WHERE id = $1`,
        [userId, phone],
      );
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') {
        throw conflict('PHONE_TAKEN', 'This phone number is already verified on another Kasuwa account.');
      }
      throw err;
    }
    return this.db.getRepository(User).findOneByOrFail({ id: userId });
  }

  /** The account whose verified number this is, or a new one (no e-mail address yet, so not yet e-mail verified). */
  private async accountOf(phone: string): Promise<User> {
    const users = this.db.getRepository(User);
    const existing = await users.findOneBy({ phoneE164: phone });
    if (existing) return existing;
    const email = `member-${randomBytes(6).toString('hex')}@${NO_EMAIL_DOMAIN}`;
    // Two first sign-ins of one number at once: the unique index lets one insert win; the other reads it.
    await users.createQueryBuilder().insert().values({ email, phoneE164: phone, phone, phoneVerifiedAt: new Date() }).orIgnore().execute();
    return users.findOneByOrFail({ phoneE164: phone });
  }
}
