import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { PayoutAccount, ResolvedAccount } from '@kasuwa/contracts';
import { conflict, invalidField } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import type { AppUserRow, PayoutAccountRow } from '../../database/rows.generated';
import { CacheService } from '../cache/cache.service';
import { MailService } from '../mail/mail.service';
import { CHANGE_HOLD_MS } from '../risk/payout-change-hold';
import { Clock } from './clock';
import { MoneyGateway } from './money-gateway';

type PayoutAccountView = PayoutAccount;

/** The seller's bank details: picked from Paystack's bank list, resolved to a name on the server, kept as a transfer recipient. */
@Injectable()
export class PayoutAccountService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly gateway: MoneyGateway,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly cache: CacheService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  banks() {
    return this.gateway.banks();
  }

  /** The name the bank holds for this NUBAN (shown to the seller to confirm). */
  async resolve(bankCode: string, accountNumber: string): Promise<ResolvedAccount> {
    const bank = (await this.gateway.banks()).find((b) => b.code === bankCode);
    if (!bank) throw invalidField('bankCode', 'Choose your bank from the list.');
    // One paid Paystack call per bank + number per ACCOUNT_LOOKUP_CACHE_TTL. The key is a hash: the cache (Redis
    // included) never holds the account number in the clear. A number not found is not cached (the thrown error skips it).
    const key = `account-name:${createHash('sha256').update(`${bankCode}:${accountNumber}`).digest('hex')}`;
    const accountName = await this.cache.getOrSet(key, this.cfg.money.accountLookup.cacheTtlSeconds * 1000, async () => {
      const name = await this.gateway.resolveAccount(accountNumber, bankCode);
      if (!name) throw invalidField('accountNumber', 'This account number was not found at that bank. Check the 10 digits.');
      return name;
    });
    return { bankName: bank.name, accountName };
  }

  async get(userId: number): Promise<PayoutAccountView | null> {
    const [a] = await this.db.query<PayoutAccountRow[]>(`SELECT * FROM payout_account WHERE user_id = $1`, [userId]);
    return a ? toView(a) : null;
  }

  /** Turns the automatic daily payout on or off (needs a payout account to pay into). */
  async setAutoPayout(userId: number, enabled: boolean): Promise<PayoutAccountView> {
    // (A CTE: TypeORM answers a bare UPDATE with [rows, count].)
    const [row] = await this.db.query<PayoutAccountRow[]>(
      `WITH u AS (UPDATE payout_account SET auto_payout = $2, updated_at = now() WHERE user_id = $1 RETURNING *) SELECT * FROM u`,
      [userId, enabled],
    );
    if (!row) throw conflict('NO_PAYOUT_ACCOUNT', 'Add your bank details before turning on automatic payouts.');
    return toView(row);
  }

  /** Saves the account (resolved again here; a name from the client is never trusted). A change holds payouts and e-mails the user. */
  async save(userId: number, bankCode: string, accountNumber: string): Promise<PayoutAccountView> {
    const { bankName, accountName } = await this.resolve(bankCode, accountNumber);
    const recipient = await this.gateway.createRecipient({ name: accountName, accountNumber, bankCode });
    const holdUntil = new Date(this.clock.now().getTime() + CHANGE_HOLD_MS);
    const [row] = await this.db.query<(PayoutAccountRow & { changed: boolean })[]>(
      `INSERT INTO payout_account (user_id, bank_code, bank_name, account_number, account_name, recipient_code)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET bank_code = EXCLUDED.bank_code, bank_name = EXCLUDED.bank_name, account_number = EXCLUDED.account_number,
              account_name = EXCLUDED.account_name, recipient_code = EXCLUDED.recipient_code, updated_at = now(),
              payouts_hold_until = CASE WHEN payout_account.account_number = EXCLUDED.account_number AND payout_account.bank_code = EXCLUDED.bank_code
                                        THEN payout_account.payouts_hold_until ELSE $7::timestamptz END
       RETURNING *, coalesce(payouts_hold_until = $7::timestamptz, false) AS changed`,
      [userId, bankCode, bankName, accountNumber, accountName, recipient, holdUntil.toISOString()],
    );
    if (row.changed) {
      const [u] = await this.db.query<Pick<AppUserRow, 'email' | 'first_name'>[]>(`SELECT email, first_name FROM app_user WHERE id = $1`, [
        userId,
      ]);
      if (u) {
        await this.mail.send(
          u.email,
          'Your Kasuwa payout account changed',
          `Hello ${u.first_name},\n\nThe bank account your Kasuwa earnings are paid to was changed to ${bankName}, ` +
            `account ending ${accountNumber.slice(-4)} (${accountName}).\nFor your safety, payouts are paused until ${holdUntil.toUTCString()}.\n\n` +
            `If you did not make this change, reset your password now and contact Kasuwa support.`,
        );
      }
    }
    return toView(row);
  }
}

function toView(a: PayoutAccountRow): PayoutAccountView {
  return {
    bankCode: String(a.bank_code),
    bankName: String(a.bank_name),
    accountNumber: String(a.account_number),
    accountName: String(a.account_name),
    payoutsHoldUntil: a.payouts_hold_until ? new Date(a.payouts_hold_until).toISOString() : null,
    autoPayout: a.auto_payout === true,
  };
}
