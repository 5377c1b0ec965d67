import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatNaira, koboToNaira } from '@kasuwa/contracts';
import { conflict } from '../../common/errors';
import { MetricsService } from '../metrics/metrics.service';
import { NotificationsService } from '../notifications/notifications.service';
import { CLEARING, escrowOf, LedgerService, REFUNDS_IN_TRANSIT, UNAPPLIED } from './ledger.service';
import { MoneyGateway, RefundData } from './money-gateway';

interface RefundRow {
  id: number;
  order_id: number | null;
  payment_reference: string;
  amount_kobo: string;
  status: string;
  reason: string;
  paystack_id: string | null;
}

/**
 * Refunds through Paystack's `/refund`. The money left the order's escrow (EscrowService.startRefund) in the
 * transaction that decided the refund; here it is sent after commit and settled exactly once by `refund.processed`
 * / `refund.failed`. A failed refund puts the money back into the order's escrow for an admin to retry.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly gateway: MoneyGateway,
    private readonly metrics: MetricsService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Sends queued refunds (after the deciding transaction committed; again by the job if that failed). */
  async send(ids: number[]): Promise<void> {
    for (const id of ids) {
      const [r]: RefundRow[] = await this.db.query(`SELECT * FROM refund WHERE id = $1 AND status = 'queued'`, [id]);
      if (!r) continue;
      try {
        const data = await this.gateway.refund({ transaction: r.payment_reference, amountKobo: Number(r.amount_kobo), note: r.reason.slice(0, 200) });
        await this.db.query(`UPDATE refund SET status = 'pending', paystack_id = $2, raw = $3, updated_at = now() WHERE id = $1 AND status = 'queued'`, [
          id,
          Number(data.id),
          JSON.stringify(data),
        ]);
        if (['processed', 'failed'].includes(String(data.status))) await this.settle({ ...data, status: String(data.status) });
      } catch (err) {
        this.logger.warn(`Refund ${id} not sent: ${(err as Error).message}`);
        await this.db.query(`UPDATE refund SET message = $2, updated_at = now() WHERE id = $1`, [id, (err as Error).message.slice(0, 500)]);
      }
    }
  }

  /** Applies `refund.processed` / `refund.failed` (matched by Paystack's refund id). Exactly once. */
  async settle(data: RefundData): Promise<'applied' | 'ignored'> {
    const status = String(data?.status ?? '').toLowerCase();
    const paystackId = Number(data?.id);
    if (!Number.isSafeInteger(paystackId) || !['processed', 'failed'].includes(status)) return 'ignored';
    const result = await this.db.transaction(async (em): Promise<'applied' | 'ignored'> => {
      const [r]: RefundRow[] = await em.query(`SELECT * FROM refund WHERE paystack_id = $1 FOR UPDATE`, [paystackId]);
      if (!r || r.status !== 'pending') return 'ignored';
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
      await em.query(`UPDATE refund SET status = $2, raw = $3, settled_at = now(), updated_at = now() WHERE id = $1`, [r.id, status, JSON.stringify(data)]);
      if (status === 'processed') {
        // The payer's bell and (their `money` preference on) e-mail, once: in the settling transaction.
        const [payer] = await em.query(`SELECT user_id FROM payment_transaction WHERE reference = $1`, [r.payment_reference]);
        const title = `Your refund of ${formatNaira(koboToNaira(amount))} was sent`;
        const link = r.order_id ? `/orders/${r.order_id}/buyer` : '/profile#orders';
        if (payer) await this.notifications.notify(payer.user_id, { type: 'money', title, body: 'It reaches your card or bank account within a few working days.', link, email: true }, em);
      }
      return 'applied';
    });
    if (result === 'applied') this.metrics.moneyOutcome('refunds', status); // committed; a repeat finds it settled and is ignored
    return result;
  }

  /**
   * Admin: refunds a payment that was taken but paid nothing (flagged refund_due: late, wrong amount, cancelled
   * checkout). Once per payment: the payment row is locked and a second request finds its refund.
   */
  async refundUnapplied(paymentReference: string): Promise<number> {
    const id = await this.db.transaction(async (em) => {
      const [p] = await em.query(`SELECT reference, needs_refund FROM payment_transaction WHERE reference = $1 FOR UPDATE`, [paymentReference]);
      if (!p || !p.needs_refund) throw conflict('NO_PAYMENT', 'No payment waiting for a refund has this reference.');
      const [done] = await em.query(`SELECT id FROM refund WHERE payment_reference = $1 AND order_id IS NULL AND status <> 'failed'`, [paymentReference]);
      if (done) throw conflict('REFUND_EXISTS', 'This payment is already being refunded.');
      const held = await this.ledger.lockBalance(em, UNAPPLIED);
      const [e] = await em.query(
        `SELECT coalesce(sum(x.amount_kobo), 0) AS amount FROM journal_entry j JOIN ledger_posting x ON x.entry_id = j.id JOIN ledger_account a ON a.id = x.account_id
          WHERE a.code = 'unapplied_payments' AND ((j.kind = 'unapplied_payment' AND j.ref = $1)
             OR (j.kind IN ('refund', 'refund_failed') AND j.ref IN (SELECT 'refund:' || r.id FROM refund r WHERE r.payment_reference = $1 AND r.order_id IS NULL)))`,
        [paymentReference],
      );
      const amount = Math.min(Number(e.amount), held);
      if (amount <= 0) throw conflict('NOTHING_TO_PAY', 'Nothing of this payment is left to refund.');
      const [r] = await em.query(`INSERT INTO refund (order_id, payment_reference, amount_kobo, reason) VALUES (NULL, $1, $2, 'Payment not applied') RETURNING id`, [
        paymentReference,
        amount,
      ]);
      await this.ledger.post(em, { kind: 'refund', ref: `refund:${r.id}`, memo: 'Refund of a payment that paid nothing' }, [
        [UNAPPLIED, -amount],
        [REFUNDS_IN_TRANSIT, amount],
      ]);
      return r.id as number;
    });
    await this.send([id]);
    return id;
  }

  /** Re-sends refunds that never reached the provider (e.g. it was down when the refund was decided). */
  async resendQueued(): Promise<void> {
    const rows: { id: number }[] = await this.db.query(`SELECT id FROM refund WHERE status = 'queued' ORDER BY id LIMIT 200`);
    await this.send(rows.map((r) => r.id));
  }
}
