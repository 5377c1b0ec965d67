import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { formatNaira, koboToNaira, MIN_WITHDRAWAL_KOBO } from '@kasuwa/contracts';
import { conflict, invalidField } from '../../common/errors';
import { exec } from '../../common/sql';
import { MetricsService } from '../metrics/metrics.service';
import { NotificationsService } from '../notifications/notifications.service';
import { Clock } from './clock';
import { availableOf, CLEARING, inTransitOf, LedgerService } from './ledger.service';
import { MoneyGateway, TransferData } from './money-gateway';

const FINAL = new Set(['failed', 'reversed']);
const OPEN = ['queued', 'pending', 'otp', 'unknown'];

export interface PayoutRow {
  id: number;
  user_id: number;
  reference: string;
  amount_kobo: string;
  status: string;
  recipient_code: string;
}

/**
 * Seller withdrawals as Paystack transfers. The money moves available → in transit with the payout row, in one
 * transaction under the seller's balance lock (so concurrent withdrawals never exceed it); the transfer is sent after
 * commit; `transfer.success|failed|reversed` and `/transfer/verify` settle it exactly once (row lock + unique
 * journal keys). A payout the provider answered `otp` or something unknown stays open and is listed for admins.
 */
@Injectable()
export class PayoutsService {
  private readonly logger = new Logger(PayoutsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly gateway: MoneyGateway,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    private readonly notifications: NotificationsService,
  ) {}

  async withdraw(userId: number, amount: number): Promise<PayoutRow> {
    if (!Number.isSafeInteger(amount) || amount < MIN_WITHDRAWAL_KOBO) throw invalidField('amount', 'The minimum withdrawal is ₦1,000 (100000 kobo), in whole kobo.');
    const payout = await this.db.transaction(async (em) => {
      const [acct] = await em.query(`SELECT recipient_code, payouts_hold_until FROM payout_account WHERE user_id = $1`, [userId]);
      if (!acct) throw conflict('NO_PAYOUT_ACCOUNT', 'Add your bank details before withdrawing.');
      if (acct.payouts_hold_until && new Date(acct.payouts_hold_until) > this.clock.now()) {
        throw conflict('PAYOUTS_ON_HOLD', `Your bank details changed recently: payouts resume ${new Date(acct.payouts_hold_until).toISOString()}.`);
      }
      const available = await this.ledger.lockBalance(em, availableOf(userId));
      if (amount > available) throw conflict('INSUFFICIENT_FUNDS', `You can withdraw at most ₦${(available / 100).toFixed(2)}.`);
      // Paystack: lowercase letters, digits, - and _, at least 16 characters; unique per transfer (its idempotency key).
      const reference = `ksw_po_${userId}_${randomBytes(10).toString('hex')}`;
      const [row]: PayoutRow[] = await em.query(
        `INSERT INTO payout (user_id, reference, amount_kobo, recipient_code) VALUES ($1, $2, $3, $4) RETURNING *`,
        [userId, reference, amount, acct.recipient_code],
      );
      await this.ledger.post(em, { kind: 'payout', ref: reference, userId, memo: 'Withdrawal to bank' }, [
        [availableOf(userId), -amount],
        [inTransitOf(userId), amount],
      ]);
      return row;
    });
    await this.send(payout.reference).catch((err) => this.logger.warn(`Transfer ${payout.reference} not sent yet: ${(err as Error).message}`));
    const [now] = await this.db.query(`SELECT * FROM payout WHERE id = $1`, [payout.id]);
    return now;
  }

  /** Sends a queued payout's transfer (same reference every time: Paystack will not pay a reference twice). */
  async send(reference: string): Promise<void> {
    const [p]: PayoutRow[] = await this.db.query(`SELECT * FROM payout WHERE reference = $1 AND status = 'queued'`, [reference]);
    if (!p) return;
    const data = await this.gateway.transfer({ amountKobo: Number(p.amount_kobo), recipient: p.recipient_code, reference, reason: `Kasuwa payout ${p.id}` });
    await this.settle({ ...data, reference });
  }

  /** Applies what the provider says about a transfer (webhook, verify or the transfer answer). Exactly once. */
  async settle(data: TransferData): Promise<'applied' | 'ignored'> {
    if (typeof data?.reference !== 'string') return 'ignored';
    const status = String(data.status ?? '').toLowerCase();
    let outcome: string | undefined; // the status this call moved the payout to, counted once committed
    const result = await this.db.transaction(async (em): Promise<'applied' | 'ignored'> => {
      const [p]: PayoutRow[] = await em.query(`SELECT * FROM payout WHERE reference = $1 FOR UPDATE`, [data.reference]);
      if (!p || FINAL.has(p.status)) return 'ignored';
      const amount = Number(p.amount_kobo);
      const head = { ref: p.reference, userId: p.user_id };
      const meta = [p.id, data.transfer_code ?? null, Number.isSafeInteger(Number(data.id)) ? Number(data.id) : null, JSON.stringify(data)];
      const mark = (to: string, message: string | null, settled: boolean) => {
        if (to !== p.status) outcome = to;
        return exec(
          em,
          `UPDATE payout SET status = $5, message = coalesce($6, message), transfer_code = coalesce($2, transfer_code), paystack_id = coalesce($3, paystack_id),
                  raw = $4, settled_at = CASE WHEN $7 THEN now() ELSE settled_at END, updated_at = now() WHERE id = $1`,
          [...meta, to, message, settled],
        );
      };
      if (status === 'success') {
        if (p.status === 'success') return 'ignored';
        await this.ledger.post(em, { ...head, kind: 'payout_paid', memo: 'Transfer succeeded' }, [
          [inTransitOf(p.user_id), -amount],
          [CLEARING, amount],
        ]);
        await mark('success', null, true);
        await this.tell(em, p.user_id, `Your withdrawal of ${formatNaira(koboToNaira(amount))} was paid to your bank account`, '');
        return 'applied';
      }
      if (status === 'failed' || status === 'reversed' || status === 'abandoned' || status === 'blocked' || status === 'rejected') {
        const to = status === 'reversed' ? 'reversed' : 'failed';
        if (p.status === 'success' && to !== 'reversed') return 'ignored';
        if (p.status === 'success') {
          // Paid, then reversed by the bank: the money came back to Kasuwa's balance and goes back to the seller.
          await this.ledger.post(em, { ...head, kind: 'payout_reversed', memo: 'Transfer reversed' }, [
            [CLEARING, -amount],
            [availableOf(p.user_id), amount],
          ]);
        } else {
          await this.ledger.post(em, { ...head, kind: 'payout_failed', memo: `Transfer ${to}` }, [
            [inTransitOf(p.user_id), -amount],
            [availableOf(p.user_id), amount],
          ]);
        }
        await mark(to, String(data.reason ?? data.message ?? `Transfer ${to}`).slice(0, 500), true);
        await this.tell(em, p.user_id, `Your withdrawal of ${formatNaira(koboToNaira(amount))} ${to === 'reversed' ? 'was reversed by the bank' : 'failed'}`, 'The money is back in your available balance.');
        return 'applied';
      }
      if (p.status === 'success') return 'ignored';
      // Still open: pending/received/queued → pending; otp → otp (an admin must act); anything else → unknown.
      const to = ['pending', 'received', 'queued', 'processing'].includes(status) ? 'pending' : status === 'otp' ? 'otp' : 'unknown';
      await mark(to, to === 'unknown' ? `Provider said "${status}"` : null, false);
      return 'applied';
    });
    if (outcome) this.metrics.moneyOutcome('payouts', outcome);
    return result;
  }

  /** The seller's bell and (their `money` preference on) e-mail, in the settling transaction: once per settlement. */
  private tell(em: EntityManager, userId: number, title: string, body: string): Promise<void> {
    return this.notifications.notify(userId, { type: 'money', title, body, link: '/profile#earnings', email: true }, em);
  }

  /**
   * Asks the provider about every open payout (on start and by the job): a transfer sent before a crash is settled
   * from /transfer/verify; one the provider never saw is sent (again, same reference).
   */
  async reconcileOpen(olderThanMs = 0): Promise<number> {
    const open: PayoutRow[] = await this.db.query(
      `SELECT * FROM payout WHERE status = ANY($1) AND updated_at <= now() - make_interval(secs => $2) ORDER BY id LIMIT 500`,
      [OPEN, olderThanMs / 1000],
    );
    let settled = 0;
    for (const p of open) {
      try {
        const data = await this.gateway.verifyTransfer(p.reference);
        if (!data) {
          if (p.status === 'queued') await this.send(p.reference);
          continue;
        }
        if ((await this.settle({ ...data, reference: p.reference })) === 'applied') settled += 1;
      } catch (err) {
        this.logger.warn(`Payout ${p.reference} not reconciled: ${(err as Error).message}`);
      }
    }
    return settled;
  }

  /** Admin: send a failed payout's money out again as a new transfer (the old one stays in the history). */
  async retry(id: number): Promise<PayoutRow> {
    const [p]: PayoutRow[] = await this.db.query(`SELECT * FROM payout WHERE id = $1`, [id]);
    if (!p || !FINAL.has(p.status)) throw conflict('PAYOUT_NOT_RETRYABLE', 'Only a failed or reversed payout can be retried.');
    return this.withdraw(p.user_id, Number(p.amount_kobo));
  }
}
