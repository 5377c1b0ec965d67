import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatNaira, koboToNaira } from '@kasuwa/contracts';
import { conflict, DomainError, notFound } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import type { PaymentTransactionRow, Tables } from '../../database/rows.generated';
import { MetricsService } from '../metrics/metrics.service';
import { NotificationsService } from '../notifications/notifications.service';
import { CLEARING, escrowOf, LedgerService, REFUNDS_IN_TRANSIT, UNAPPLIED } from './ledger.service';
import { MoneyGateway, RefundData } from './money-gateway';
import { openRefund, refundReferenceIn } from './refund-open';
import { claimForSending, requeue } from './sending';
import { audit } from '../../common/audit';

type RefundRow = Omit<Tables['refund'], 'customer_account'> & {
  /** The bank account the buyer gave for a needs-attention refund (then the send is Paystack's retry, not a new refund). */
  customer_account: { bankCode: string; accountNumber: string } | null;
};
type Payer = Pick<PaymentTransactionRow, 'user_id'>;

/** Paystack's final refund states; anything else it lists (pending, processing, needs-attention) is still open. */
const SETTLED = ['processed', 'failed'];
/** Paystack's word for a refund it cannot send back alone (a bank-transfer or USSD payment): it waits for the buyer's account. */
export const NEEDS_ATTENTION = 'needs-attention';
/** How long an accepted refund may wait for its webhook before Paystack's list is asked. */
const PENDING_CHECK_MS = 15 * 60_000;

/**
 * Refunds through Paystack's `/refund`, sent once whatever Paystack or the process does. The money left the order's
 * escrow (or unapplied payments) in the transaction that decided the refund, with a row `queued` and Kasuwa's own
 * reference. Sending claims the row (`queued` → `sending`, one worker wins) before the call; the answer makes it
 * `pending` with Paystack's id. With no answer (a timeout, a dropped connection, the process killed) it stays
 * `sending` and is resolved by looking for its reference in Paystack's refunds of that payment, MONEY_SEND_GRACE_MS
 * after the call started: found → adopted; absent → sent again. Only a definite answer moves money back: a refusal
 * (looked up first) or `refund.failed`. `refund.processed` / `refund.failed` settle it exactly once, even when the
 * webhook arrives before the call's answer.
 *
 * Rule "refunds for every channel": a refund Paystack answers (or later lists, or announces by `refund.needs-attention`)
 * as needs-attention becomes `needs_attention` (money stays in transit) and the buyer is asked, once per time, for a
 * bank account. The account the buyer gives is stored on the row, which is queued again: the same claim sends it as
 * /refund/retry_with_customer_details (one call per claim; a lost answer is looked up, never sent blind).
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly ledger: LedgerService,
    private readonly gateway: MoneyGateway,
    private readonly metrics: MetricsService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Sends queued refunds (after the deciding transaction committed; again by the job if that failed). */
  async send(ids: number[]): Promise<void> {
    for (const id of ids) await this.sendOne(id).catch((err) => this.logger.warn(`Refund ${id} not sent: ${(err as Error).message}`));
  }

  private async sendOne(id: number): Promise<void> {
    // The claim: of two workers (or a retry racing the job), one moves the row to `sending`; the other sends nothing.
    const r = await claimForSending<RefundRow>(this.db, 'refund', 'id', id);
    if (!r) return;
    let data: RefundData;
    try {
      data =
        r.customer_account && r.paystack_id
          ? await this.gateway.retryRefund(Number(r.paystack_id), r.customer_account)
          : // Kasuwa's reference first, so a note cut short by the provider still carries it.
            await this.gateway.refund({
              transaction: r.payment_reference,
              amountKobo: Number(r.amount_kobo),
              note: `${r.reference} ${r.reason}`.slice(0, 200),
            });
    } catch (err) {
      const message = (err as Error).message.slice(0, 500);
      if (err instanceof DomainError && err.code === 'PAYSTACK_REFUSED') return this.resolve(r, message);
      // No answer: the refund may exist at Paystack. It stays `sending` until a lookup says what happened.
      this.logger.warn(`Refund ${r.reference} sent with no answer (${message}): looked up after ${this.cfg.money.sendGraceMs} ms`);
      await this.db.query(`UPDATE refund SET message = $2, updated_at = now() WHERE id = $1`, [id, message]);
      return;
    }
    await this.adopt(r, data);
  }

  /** Records Paystack's refund as this row's (its id), then settles it if Paystack already says how it ended. */
  private async adopt(r: RefundRow, data: RefundData, refusal?: string): Promise<void> {
    if (String(data.status) === NEEDS_ATTENTION)
      return void (await this.needsAttention({ ...data, status: NEEDS_ATTENTION }, r.id, refusal));
    await this.db.query(
      `UPDATE refund SET status = 'pending', paystack_id = $2, raw = $3, message = NULL, updated_at = now() WHERE id = $1 AND status = 'sending'`,
      [r.id, Number(data.id), JSON.stringify(data)],
    );
    if (SETTLED.includes(String(data.status))) await this.settle({ ...data, status: String(data.status) });
  }

  /**
   * What became of a `sending` refund: Paystack's refunds of the payment are searched for its reference. Found: that
   * is the refund. Not found after a refusal: failed (money back). Not found after a lost answer: sent again. The
   * row's attempt number guards the re-send: two workers resolving the same row cannot both send.
   */
  private async resolve(r: RefundRow, refusal?: string): Promise<void> {
    let found: RefundData[];
    try {
      const from = new Date(new Date(r.created_at).getTime() - 86_400_000);
      found = (await this.gateway.refunds({ transaction: r.payment_reference, from })).filter(
        (x) => refundReferenceIn(x.merchant_note) === r.reference,
      );
    } catch (err) {
      this.logger.warn(`Refund ${r.reference} not looked up: ${(err as Error).message}`);
      return;
    }
    if (found.length > 1)
      this.logger.error(`Refund ${r.reference}: Paystack lists ${found.length} refunds with this reference (reconciliation shows them)`);
    // A retry with the buyer's account whose answer was lost, still waiting at Paystack: the account never arrived, send it again.
    const retryLost = !refusal && r.customer_account && found[0] && String(found[0].status) === NEEDS_ATTENTION;
    if (found.length && !retryLost) return this.adopt(r, found[0], refusal);
    if (refusal) {
      await this.fail(r.id, refusal);
      return;
    }
    if (await requeue(this.db, 'refund', r.id, r.attempts)) await this.sendOne(r.id);
  }

  /** A definite refusal: the money goes back where it came from, once. */
  private async fail(id: number, message: string): Promise<void> {
    const applied = await this.db.transaction(async (em) => {
      const [r] = await em.query<RefundRow[]>(`SELECT * FROM refund WHERE id = $1 FOR UPDATE`, [id]);
      if (!r || !['sending', 'pending', 'needs_attention'].includes(r.status)) return false;
      await this.apply(em, r, 'failed', { message });
      return true;
    });
    if (applied) this.metrics.moneyOutcome('refunds', 'failed');
  }

  /**
   * Applies `refund.processed` / `refund.failed` (matched by Paystack's refund id, or, when the event beats the call's
   * answer, by Kasuwa's reference in its merchant note). Exactly once.
   */
  async settle(data: RefundData): Promise<'applied' | 'ignored'> {
    const status = String(data?.status ?? '').toLowerCase();
    const paystackId = Number(data?.id);
    if (!Number.isSafeInteger(paystackId)) return 'ignored';
    if (status === NEEDS_ATTENTION) return this.needsAttention(data);
    if (!SETTLED.includes(status)) return 'ignored';
    const reference = refundReferenceIn(data.merchant_note);
    const result = await this.db.transaction(async (em): Promise<'applied' | 'ignored'> => {
      const [r] = await em.query<RefundRow[]>(
        `SELECT * FROM refund WHERE paystack_id = $1 OR (paystack_id IS NULL AND reference = $2 AND status = 'sending') ORDER BY paystack_id NULLS LAST LIMIT 1 FOR UPDATE`,
        [paystackId, reference],
      );
      if (!r || !['pending', 'sending', 'needs_attention'].includes(r.status)) return 'ignored';
      await this.apply(em, r, status as 'processed' | 'failed', { paystackId, raw: data });
      return 'applied';
    });
    if (result === 'applied') this.metrics.moneyOutcome('refunds', status); // committed; a repeat finds it settled and is ignored
    return result;
  }

  /**
   * Paystack waits for the buyer's bank account: the row (matched like `settle`) becomes `needs_attention` and the payer
   * is told — bell and e-mail — once per time it enters the state (a repeated answer or webhook changes nothing).
   * `refusal` (Paystack refused the account the buyer gave) is kept as the message the buyer sees.
   */
  async needsAttention(data: RefundData, rowId?: number, refusal?: string): Promise<'applied' | 'ignored'> {
    const paystackId = Number(data?.id);
    const reference = refundReferenceIn(data?.merchant_note);
    const result = await this.db.transaction(async (em): Promise<'applied' | 'ignored'> => {
      const [r] = await em.query<RefundRow[]>(
        `WITH u AS (UPDATE refund SET status = 'needs_attention', attention_at = now(), paystack_id = coalesce(paystack_id, $2), raw = $4, message = $5, updated_at = now()
            WHERE id = (SELECT id FROM refund WHERE ($1::int IS NOT NULL AND id = $1) OR ($1::int IS NULL AND (paystack_id = $2 OR (paystack_id IS NULL AND reference = $3)))
                         ORDER BY paystack_id NULLS LAST LIMIT 1)
              AND status IN ('sending', 'pending') RETURNING *) SELECT * FROM u`,
        [rowId ?? null, paystackId, reference, JSON.stringify(data), refusal ?? null],
      );
      if (!r) return 'ignored';
      const [payer] = await em.query<Payer[]>(`SELECT user_id FROM payment_transaction WHERE reference = $1`, [r.payment_reference]);
      if (payer) {
        await this.notifications.notify(
          payer.user_id,
          {
            type: 'money',
            title: `Your refund of ${formatNaira(koboToNaira(Number(r.amount_kobo)))} needs your bank account`,
            body: refusal
              ? `The bank account you gave could not be used. Give another account so we can send your refund.`
              : 'You paid by bank transfer or USSD, so the refund goes to a bank account you choose. Open the order and give your account number.',
            link: r.order_id ? `/orders/${r.order_id}/buyer` : '/profile#orders',
            email: true,
          },
          em,
        );
      }
      return 'applied';
    });
    if (result === 'applied') this.metrics.moneyOutcome('refunds', 'needs_attention');
    return result;
  }

  /** The ledger entry and the row's final state, in the caller's transaction (the row is locked and still open). */
  private async apply(
    em: EntityManager,
    r: RefundRow,
    status: 'processed' | 'failed',
    how: { paystackId?: number; raw?: unknown; message?: string },
  ): Promise<void> {
    const amount = Number(r.amount_kobo);
    if (status === 'processed') {
      await this.ledger.post(em, { kind: 'refund_paid', ref: `refund:${r.id}`, orderId: r.order_id, memo: 'Refund processed' }, [
        [REFUNDS_IN_TRANSIT, -amount],
        [CLEARING, amount],
      ]);
    } else {
      await this.ledger.post(em, { kind: 'refund_failed', ref: `refund:${r.id}`, orderId: r.order_id, memo: 'Refund failed: held again' }, [
        [REFUNDS_IN_TRANSIT, -amount],
        [r.order_id ? escrowOf(r.order_id) : UNAPPLIED, amount],
      ]);
    }
    await em.query(
      `UPDATE refund SET status = $2, paystack_id = coalesce(paystack_id, $3), raw = coalesce($4, raw), message = coalesce($5, message), settled_at = now(), updated_at = now() WHERE id = $1`,
      [r.id, status, how.paystackId ?? null, how.raw === undefined ? null : JSON.stringify(how.raw), how.message ?? null],
    );
    if (status === 'processed') {
      // The payer's bell and (their `money` preference on) e-mail, once: in the settling transaction.
      const [payer] = await em.query<Payer[]>(`SELECT user_id FROM payment_transaction WHERE reference = $1`, [r.payment_reference]);
      const title = `Your refund of ${formatNaira(koboToNaira(amount))} was sent`;
      const link = r.order_id ? `/orders/${r.order_id}/buyer` : '/profile#orders';
      if (payer)
        await this.notifications.notify(
          payer.user_id,
          { type: 'money', title, body: 'It reaches your card or bank account within a few working days.', link, email: true },
          em,
        );
    }
  }

  /**
   * Refunds Paystack accepted but has not settled for a while are looked up (its list): a webhook that never came
   * (processed, failed or needs-attention) is applied from the list's answer. Each is looked at once per PENDING_CHECK.
   */
  async checkPending(): Promise<void> {
    const rows = await this.db.query<RefundRow[]>(
      `WITH u AS (UPDATE refund SET updated_at = now() WHERE id IN (SELECT id FROM refund WHERE status = 'pending' AND updated_at <= now() - make_interval(secs => $1) ORDER BY updated_at LIMIT 50 FOR UPDATE SKIP LOCKED)
       RETURNING *) SELECT * FROM u`,
      [PENDING_CHECK_MS / 1000],
    );
    for (const r of rows) {
      const from = new Date(new Date(r.created_at).getTime() - 86_400_000);
      const found = await this.gateway.refunds({ transaction: r.payment_reference, from }).catch(() => []);
      const mine = found.find((x) => Number(x.id) === Number(r.paystack_id));
      if (mine) await this.settle(mine);
    }
  }

  /**
   * Admin: refunds a payment that was taken but paid nothing (flagged refund_due: late, wrong amount, cancelled
   * checkout). Once per payment: the payment row is locked and a second request finds its refund.
   */
  async refundUnapplied(paymentReference: string, reason?: string): Promise<number> {
    const id = await this.db.transaction(async (em) => {
      const [p] = await em.query<Pick<PaymentTransactionRow, 'reference' | 'needs_refund'>[]>(
        `SELECT reference, needs_refund FROM payment_transaction WHERE reference = $1 FOR UPDATE`,
        [paymentReference],
      );
      if (!p || !p.needs_refund) throw conflict('NO_PAYMENT', 'No payment waiting for a refund has this reference.');
      const [done] = await em.query<Pick<RefundRow, 'id'>[]>(
        `SELECT id FROM refund WHERE payment_reference = $1 AND order_id IS NULL AND status <> 'failed'`,
        [paymentReference],
      );
      if (done) throw conflict('REFUND_EXISTS', 'This payment is already being refunded.');
      const held = await this.ledger.lockBalance(em, UNAPPLIED);
      // sum(bigint) is numeric: a string.
      const [e] = await em.query<{ amount: string }[]>(
        `SELECT coalesce(sum(x.amount_kobo), 0) AS amount FROM journal_entry j JOIN ledger_posting x ON x.entry_id = j.id JOIN ledger_account a ON a.id = x.account_id
          WHERE a.code = 'unapplied_payments' AND ((j.kind = 'unapplied_payment' AND j.ref = $1)
             OR (j.kind IN ('refund', 'refund_failed') AND j.ref IN (SELECT 'refund:' || r.id FROM refund r WHERE r.payment_reference = $1 AND r.order_id IS NULL)))`,
        [paymentReference],
      );
      const amount = Math.min(Number(e.amount), held);
      if (amount <= 0) throw conflict('NOTHING_TO_PAY', 'Nothing of this payment is left to refund.');
      const refundId = await openRefund(em, this.ledger, {
        orderId: null,
        paymentReference,
        amount,
        reason: 'Payment not applied',
        from: UNAPPLIED,
        memo: 'Refund of a payment that paid nothing',
      });
      await audit(em, {
        action: 'refunds.create',
        targetType: 'refunds',
        targetId: refundId,
        after: { paymentReference, amountKobo: amount },
        reason,
      });
      return refundId;
    });
    await this.send([id]);
    return id;
  }

  /**
   * Admin: sends a failed refund's money again as a new refund (new reference; the failed one stays in the history).
   * One retry per failure: the failed row is locked and remembers its retry, so a second click answers 409.
   */
  async retry(id: number): Promise<number> {
    const retryId = await this.db.transaction(async (em) => {
      const [r] = await em.query<RefundRow[]>(`SELECT * FROM refund WHERE id = $1 FOR UPDATE`, [id]);
      if (!r) throw notFound('REFUND_NOT_FOUND', 'Refund not found');
      if (r.status !== 'failed') throw conflict('REFUND_NOT_RETRYABLE', `Only a failed refund can be retried; this one is ${r.status}.`);
      if (r.retried_as) throw conflict('REFUND_ALREADY_RETRIED', `This refund was already retried as refund ${r.retried_as}.`);
      const amount = Number(r.amount_kobo);
      const from = r.order_id ? escrowOf(r.order_id) : UNAPPLIED;
      const held = await this.ledger.lockBalance(em, from);
      if (held < amount) {
        throw conflict(
          'NOTHING_TO_PAY',
          `${r.order_id ? "The order's escrow" : 'Unapplied payments'} hold ${formatNaira(koboToNaira(held))}: less than this refund. Check the order's money before retrying.`,
        );
      }
      const next = await openRefund(em, this.ledger, {
        orderId: r.order_id,
        paymentReference: r.payment_reference,
        amount,
        reason: r.reason,
        from,
        memo: `Retry of refund ${r.id}`,
      });
      await em.query(`UPDATE refund SET retried_as = $2, updated_at = now() WHERE id = $1`, [r.id, next]);
      await audit(em, {
        action: 'refunds.retry',
        targetType: 'refunds',
        targetId: r.id,
        before: { status: r.status },
        after: { retriedAs: next, amountKobo: amount },
      });
      return next;
    });
    await this.send([retryId]);
    return retryId;
  }

  /**
   * The sweep (every minute, and at start-up): refunds never sent are sent; refunds sent with no answer for
   * MONEY_SEND_GRACE_MS are looked up at Paystack (never sent again blind).
   */
  async resendQueued(): Promise<void> {
    const lost = await this.db.query<RefundRow[]>(
      `SELECT * FROM refund WHERE status = 'sending' AND sent_at <= now() - make_interval(secs => $1) ORDER BY id LIMIT 200`,
      [this.cfg.money.sendGraceMs / 1000],
    );
    for (const r of lost)
      await this.resolve(r).catch((err) => this.logger.warn(`Refund ${r.reference} not resolved: ${(err as Error).message}`));
    await this.checkPending();
    const rows = await this.db.query<Pick<RefundRow, 'id'>[]>(`SELECT id FROM refund WHERE status = 'queued' ORDER BY id LIMIT 200`);
    await this.send(rows.map((r) => r.id));
  }
}
