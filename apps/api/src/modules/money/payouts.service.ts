import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { formatNaira, koboToNaira, MIN_WITHDRAWAL_KOBO } from '@kasuwa/contracts';
import { conflict, invalidField, notFound } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import type { PayoutAccountRow, PayoutRow } from '../../database/rows.generated';
import { MetricsService } from '../metrics/metrics.service';
import { NotificationsService } from '../notifications/notifications.service';
import { Clock } from './clock';
import { availableOf, CLEARING, inTransitOf, LedgerService, owedBy } from './ledger.service';
import { MoneyGateway, TransferData } from './money-gateway';
import { claimForSending, requeue } from './sending';
import { audit } from '../../common/audit';
import { WithdrawalAsked, WithdrawalHold } from './withdrawal-risk';

const FINAL = new Set(['failed', 'reversed']);
const OPEN = ['queued', 'sending', 'pending', 'otp', 'unknown'];
/** Paystack's answers that end a transfer without paying it. */
const UNPAID = ['failed', 'reversed', 'abandoned', 'blocked', 'rejected'];

/** The calendar day in Lagos (West Africa Time, UTC+1 all year: Nigeria keeps no daylight saving). */
export const lagosDay = (at: Date): string => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);

/**
 * Seller withdrawals as Paystack transfers, paid once whatever Paystack or the process does. The money moves
 * available → in transit with the payout row, in one transaction under the seller's balance lock (so concurrent
 * withdrawals never exceed it); the transfer is sent after commit, under a reference that is Paystack's idempotency
 * key. Sending claims the row (`queued` → `sending`: one worker sends). With no answer the row stays `sending` and
 * `/transfer/verify` decides later; "Duplicate Transfer Reference" means an earlier call got through, so it is
 * verified, never failed; any other refusal is believed only once verify says Paystack has no such transfer.
 * `transfer.success|failed|reversed` and verify settle it exactly once (row lock + unique journal keys), late and
 * conflicting outcomes included: a success after a failure takes the money back from the seller's balance (what it
 * cannot cover is recorded as owed and netted from the next withdrawal). A payout the provider answered `otp` or
 * something unknown stays open and is listed for admins.
 */
@Injectable()
export class PayoutsService {
  private readonly logger = new Logger(PayoutsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly ledger: LedgerService,
    private readonly gateway: MoneyGateway,
    private readonly clock: Clock,
    private readonly metrics: MetricsService,
    private readonly notifications: NotificationsService,
    private readonly withdrawalAsked: WithdrawalAsked,
    private readonly withdrawalHold: WithdrawalHold,
  ) {}

  async withdraw(userId: number, amount: number): Promise<PayoutRow> {
    if (!Number.isSafeInteger(amount) || amount < MIN_WITHDRAWAL_KOBO)
      throw invalidField('amount', `The minimum withdrawal is ${formatNaira(koboToNaira(MIN_WITHDRAWAL_KOBO))}.`);
    await this.withdrawalAsked.run(userId); // risk rule payout_change_withdrawal
    const payout = await this.db.transaction((em) => this.openWithdrawal(em, userId, amount));
    return this.sendNow(payout);
  }

  /** A withdrawal's checks and its payout row, in the caller's transaction (under the seller's balance lock). */
  private async openWithdrawal(em: EntityManager, userId: number, amount: number): Promise<PayoutRow> {
    const acct = await this.payableAccount(em, userId);
    if (!acct) throw conflict('NO_PAYOUT_ACCOUNT', 'Add your bank details before withdrawing.');
    if (acct.hold) throw conflict('PAYOUTS_ON_HOLD', `Your bank details changed recently: payouts resume ${acct.hold.toISOString()}.`);
    await this.withdrawalHold.run(em, userId);
    const available = await this.availableAfterOwed(em, userId);
    if (amount > available) throw conflict('INSUFFICIENT_FUNDS', `You can withdraw at most ${formatNaira(koboToNaira(available))}.`);
    return (await this.open(em, userId, amount, acct.recipient, null))!;
  }

  /**
   * Locks the seller's available balance and first pays back what they owe Kasuwa (a transfer reported failed that
   * the bank paid after all) from it; returns what is left to withdraw.
   */
  private async availableAfterOwed(em: EntityManager, userId: number): Promise<number> {
    const [available, owedBalance] = await this.ledger.lockBalanceAndRead(em, availableOf(userId), owedBy(userId));
    const owed = -owedBalance;
    const repay = Math.min(owed, available);
    if (repay <= 0) return available;
    await this.ledger.post(
      em,
      {
        kind: 'owed_repaid',
        ref: `owed:${userId}:${randomBytes(6).toString('hex')}`,
        userId,
        memo: 'Paid back from the available balance',
      },
      [
        [availableOf(userId), -repay],
        [owedBy(userId), repay],
      ],
    );
    return available - repay;
  }

  /**
   * The automatic daily payout: every seller who asked for it, has no payout hold and at least ₦1,000 available gets
   * all of it sent, once per Lagos day — the (seller, day) unique index makes a second run (another worker, a retry,
   * a restart) insert nothing. Returns how many payouts it started.
   */
  async payDaily(): Promise<number> {
    const day = lagosDay(this.clock.now());
    const sellers = await this.db.query<Pick<PayoutAccountRow, 'user_id'>[]>(
      `SELECT a.user_id FROM payout_account a JOIN ledger_account l ON l.code = 'seller_available:' || a.user_id
        WHERE a.auto_payout AND l.balance_kobo >= $1 AND (a.payouts_hold_until IS NULL OR a.payouts_hold_until <= $2::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM payout p WHERE p.user_id = a.user_id AND p.auto_day = $3::date)
          AND NOT EXISTS (SELECT 1 FROM risk_signal r WHERE r.user_id = a.user_id AND r.hold = 'withdrawal' AND r.state IN ('open','confirmed'))
        ORDER BY a.user_id LIMIT 1000`,
      [MIN_WITHDRAWAL_KOBO, this.clock.now().toISOString(), day],
    );
    let started = 0;
    for (const { user_id: userId } of sellers) {
      try {
        const payout = await this.db.transaction(async (em) => {
          const acct = await this.payableAccount(em, userId);
          if (!acct?.auto || acct.hold) return null;
          const available = await this.availableAfterOwed(em, userId);
          return available >= MIN_WITHDRAWAL_KOBO ? this.open(em, userId, available, acct.recipient, day) : null;
        });
        if (!payout) continue;
        started += 1;
        await this.sendNow(payout);
      } catch (err) {
        this.logger.error(`Daily payout of seller ${userId} failed: ${(err as Error).message}`);
      }
    }
    return started;
  }

  private async payableAccount(em: EntityManager, userId: number): Promise<{ recipient: string; hold: Date | null; auto: boolean } | null> {
    const [a] = await em.query<Pick<PayoutAccountRow, 'recipient_code' | 'payouts_hold_until' | 'auto_payout'>[]>(
      `SELECT recipient_code, payouts_hold_until, auto_payout FROM payout_account WHERE user_id = $1`,
      [userId],
    );
    if (!a) return null;
    const hold = a.payouts_hold_until && new Date(a.payouts_hold_until) > this.clock.now() ? new Date(a.payouts_hold_until) : null;
    return { recipient: a.recipient_code, hold, auto: a.auto_payout };
  }

  /**
   * The payout row and its money moving available → in transit, in the caller's transaction (which holds the
   * seller's balance lock). null when this seller's automatic payout for `autoDay` already exists.
   */
  private async open(
    em: EntityManager,
    userId: number,
    amount: number,
    recipient: string,
    autoDay: string | null,
  ): Promise<PayoutRow | null> {
    // Paystack: lowercase letters, digits, - and _, at least 16 characters; unique per transfer (its idempotency key).
    const reference = `ksw_po_${userId}_${randomBytes(10).toString('hex')}`;
    const [row] = await em.query<PayoutRow[]>(
      `INSERT INTO payout (user_id, reference, amount_kobo, recipient_code, auto_day) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, auto_day) WHERE auto_day IS NOT NULL DO NOTHING RETURNING *`,
      [userId, reference, amount, recipient, autoDay],
    );
    if (!row) return null;
    await this.ledger.post(
      em,
      { kind: 'payout', ref: reference, userId, memo: autoDay ? `Daily payout ${autoDay}` : 'Withdrawal to bank' },
      [
        [availableOf(userId), -amount],
        [inTransitOf(userId), amount],
      ],
    );
    return row;
  }

  /** Sends the transfer after commit; a failure to reach the provider leaves it queued for the reconcile job. */
  private async sendNow(payout: PayoutRow): Promise<PayoutRow> {
    await this.send(payout.reference).catch((err) =>
      this.logger.warn(`Transfer ${payout.reference} not sent yet: ${(err as Error).message}`),
    );
    const [now] = await this.db.query<PayoutRow[]>(`SELECT * FROM payout WHERE id = $1`, [payout.id]);
    return now;
  }

  /**
   * Sends a queued payout's transfer (same reference every time: Paystack will not pay a reference twice). The row is
   * claimed first (`queued` → `sending`), so two workers or a retry racing the job send it once.
   */
  async send(reference: string): Promise<void> {
    const p = await claimForSending<PayoutRow>(this.db, 'payout', 'reference', reference);
    if (!p) return;
    let data: TransferData;
    try {
      data = await this.gateway.transfer({
        amountKobo: Number(p.amount_kobo),
        recipient: p.recipient_code,
        reference,
        reason: `Kasuwa payout ${p.id}`,
      });
    } catch (err) {
      // No answer: Paystack may have it. It stays `sending` until verify says what happened.
      await this.db.query(`UPDATE payout SET message = $2, updated_at = now() WHERE id = $1`, [p.id, (err as Error).message.slice(0, 500)]);
      throw err;
    }
    if (data.status === 'duplicate' || data.status === 'refused') return this.lookUp(p, data.status, String(data.reason ?? ''));
    await this.settle({ ...data, reference });
  }

  /**
   * What became of a transfer Kasuwa has no clear answer for, asked of `/transfer/verify`: Paystack has it → its
   * status settles the payout; Paystack refused and has none → failed (the money goes back to the seller); the answer
   * was lost and Paystack has none → sent again under the same reference (the attempt number guards it: two workers
   * resolving one payout send once). A duplicate Paystack cannot show stays `sending` for the next look.
   */
  private async lookUp(p: PayoutRow, why: 'duplicate' | 'refused' | 'lost', message = ''): Promise<void> {
    const now = await this.gateway.verifyTransfer(p.reference);
    if (now) {
      await this.settle({ ...now, reference: p.reference });
      return;
    }
    if (why === 'refused') {
      await this.settle({ reference: p.reference, status: 'failed', reason: message || 'Refused by the payment provider' });
      return;
    }
    if (why === 'duplicate') return;
    if (await requeue(this.db, 'payout', p.id, p.attempts)) await this.send(p.reference);
  }

  /** Applies what the provider says about a transfer (webhook, verify or the transfer answer). Exactly once. */
  async settle(data: TransferData): Promise<'applied' | 'ignored'> {
    if (typeof data?.reference !== 'string') return 'ignored';
    const status = String(data.status ?? '').toLowerCase();
    let outcome: string | undefined; // the status this call moved the payout to, counted once committed
    const result = await this.db.transaction(async (em): Promise<'applied' | 'ignored'> => {
      const [p] = await em.query<PayoutRow[]>(`SELECT * FROM payout WHERE reference = $1 FOR UPDATE`, [data.reference]);
      if (!p || p.status === 'reversed') return 'ignored';
      const amount = Number(p.amount_kobo);
      const head = { ref: p.reference, userId: p.user_id };
      const meta = [p.id, data.transfer_code ?? null, Number.isSafeInteger(Number(data.id)) ? Number(data.id) : null, JSON.stringify(data)];
      const mark = (to: string, message: string | null, settled: boolean) => {
        if (to !== p.status) outcome = to;
        return em.query<[unknown[], number]>(
          `UPDATE payout SET status = $5, message = coalesce($6, message), transfer_code = coalesce($2, transfer_code), paystack_id = coalesce($3, paystack_id),
                  raw = $4, settled_at = CASE WHEN $7 THEN now() ELSE settled_at END, updated_at = now() WHERE id = $1`,
          [...meta, to, message, settled],
        );
      };
      const naira = formatNaira(koboToNaira(amount));
      if (status === 'success' && p.status === 'failed') {
        // Reported failed (the money went back to the seller), then paid by the bank after all: the money is taken
        // back from the seller's balance; what the balance cannot cover is owed, netted from the next withdrawal.
        const available = await this.ledger.lockBalance(em, availableOf(p.user_id));
        const take = Math.min(available, amount);
        await this.ledger.post(em, { ...head, kind: 'payout_paid_late', memo: 'Transfer reported failed, then paid by the bank' }, [
          [availableOf(p.user_id), -take],
          [owedBy(p.user_id), -(amount - take)],
          [CLEARING, amount],
        ]);
        const owed = amount - take;
        const note = `Reported failed, then paid by the bank: ${formatNaira(koboToNaira(take))} taken back from the available balance${owed ? `, ${formatNaira(koboToNaira(owed))} owed` : ''}.`;
        await mark('success', note, true);
        await this.tell(
          em,
          p.user_id,
          `Your withdrawal of ${naira} was paid after all`,
          `${note} ${owed ? 'What you owe is taken from your next withdrawal.' : ''}`.trim(),
        );
        return 'applied';
      }
      if (p.status === 'failed') return 'ignored';
      if (status === 'success') {
        if (p.status === 'success') return 'ignored';
        await this.ledger.post(em, { ...head, kind: 'payout_paid', memo: 'Transfer succeeded' }, [
          [inTransitOf(p.user_id), -amount],
          [CLEARING, amount],
        ]);
        await mark('success', null, true);
        await this.tell(em, p.user_id, `Your withdrawal of ${naira} was paid to your bank account`, '');
        return 'applied';
      }
      if (UNPAID.includes(status)) {
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
        await this.tell(
          em,
          p.user_id,
          `Your withdrawal of ${naira} ${to === 'reversed' ? 'was reversed by the bank' : 'failed'}`,
          'The money is back in your available balance.',
        );
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
   * from /transfer/verify; one the provider never saw is sent again under its reference. A `sending` payout is asked
   * about only MONEY_SEND_GRACE_MS after its call started, so a call still in flight is left alone.
   */
  async reconcileOpen(olderThanMs = 0): Promise<number> {
    const open = await this.db.query<PayoutRow[]>(
      `SELECT * FROM payout
        WHERE (status = 'sending' AND sent_at <= now() - make_interval(secs => $3))
           OR (status = ANY($1) AND status <> 'sending' AND updated_at <= now() - make_interval(secs => $2))
        ORDER BY id LIMIT 500`,
      [OPEN, olderThanMs / 1000, this.cfg.money.sendGraceMs / 1000],
    );
    let settled = 0;
    for (const p of open) {
      try {
        if (p.status === 'sending') {
          await this.lookUp(p, 'lost');
          continue;
        }
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

  /**
   * Admin: send a failed payout's money out again as a new transfer (the old one stays in the history). One retry per
   * failure: the failed row is locked and remembers its retry, so a second click answers 409 and sends nothing.
   */
  async retry(id: number): Promise<PayoutRow> {
    const payout = await this.db.transaction(async (em) => {
      const [p] = await em.query<PayoutRow[]>(`SELECT * FROM payout WHERE id = $1 FOR UPDATE`, [id]);
      if (!p) throw notFound('PAYOUT_NOT_FOUND', 'Payout not found');
      if (!FINAL.has(p.status)) throw conflict('PAYOUT_NOT_RETRYABLE', 'Only a failed or reversed payout can be retried.');
      if (p.retried_as) throw conflict('PAYOUT_ALREADY_RETRIED', `This payout was already retried as payout ${p.retried_as}.`);
      const next = await this.openWithdrawal(em, p.user_id, Number(p.amount_kobo));
      await em.query(`UPDATE payout SET retried_as = $2, updated_at = now() WHERE id = $1`, [p.id, next.id]);
      await audit(em, {
        action: 'payouts.retry',
        targetType: 'payouts',
        targetId: p.id,
        before: { status: p.status },
        after: { retriedAs: next.id, amountKobo: p.amount_kobo },
      });
      return next;
    });
    return this.sendNow(payout);
  }
}
