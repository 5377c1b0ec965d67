import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { koboToNaira } from '@kasuwa/contracts';
import { audit } from '../common/audit';
import type { CheckoutSessionRow, OrderRow, PaymentTransactionRow } from '../database/rows.generated';
import { OrderNotifier } from '../modules/orders/order-notifier.service';
import { liveTotal } from '../modules/order-records/checkout-total';
import { recordHistory } from '../modules/order-records/order-history';
import { EscrowService } from '../modules/money/escrow.service';
import { MetricsService } from '../modules/metrics/metrics.service';
import { CheckoutSession } from '../modules/orders/entities/checkout-session.entity';
import type { GatewayTransaction } from '../modules/payments/payment-gateway';

export type SettleOutcome = 'paid' | 'already_paid' | 'pending' | 'failed' | 'abandoned' | 'refund_due' | 'unknown';

export interface SettleResult {
  outcome: SettleOutcome;
  reference: string;
  checkoutSessionId?: number;
  reviewReason?: string | null;
  orders?: { id: number; orderNumber: string }[];
}

/** A payment_transaction row, its provider and status narrowed to the values the payment code writes. */
type PaymentRow = Omit<PaymentTransactionRow, 'provider' | 'status'> & {
  provider: 'paystack' | 'test';
  status: 'pending' | 'success' | 'failed' | 'abandoned' | 'reversed';
};
type OrderRef = Pick<OrderRow, 'id'> & { orderNumber: OrderRow['order_number'] };

/** Paystack statuses that are not final yet: the buyer may still complete the payment. */
const STILL_OPEN = new Set(['pending', 'ongoing', 'processing', 'queued']);

/**
 * The one place a payment is applied, whoever reports it (verify, webhook, admin re-verify, test checkout page).
 * Exactly once: the payment row is locked by its unique reference, a `success` row is final, and the checkout moves
 * with a conditional `UPDATE ... WHERE status = 'pending'`. A payment pays the checkout only if Paystack says success,
 * in NGN, for exactly the checkout's live orders (the amount we asked, `requested_amount`: fees the customer paid on top
 * are Paystack's); otherwise it is recorded (and, if money was taken, flagged for refund). Cancelled orders are never paid.
 */
@Injectable()
export class PaymentSettlementFlow {
  private readonly logger = new Logger(PaymentSettlementFlow.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifier: OrderNotifier,
    private readonly escrow: EscrowService,
    private readonly metrics: MetricsService,
  ) {}

  async settle(reference: string, tx: GatewayTransaction | null): Promise<SettleResult> {
    const { counted, ...result } = await this.db.transaction(async (em) => {
      const settled = await this.apply(em, reference, tx);
      // An admin's "check again" is audited with what it found, in the settling transaction (a webhook's or a buyer's
      // verify records nothing: audit() writes only inside an admin's request).
      await audit(em, {
        action: 'transactions.reverify',
        targetType: 'transactions',
        targetId: reference,
        after: { outcome: settled.outcome, changed: settled.counted === true },
      });
      return settled;
    });
    if (counted) this.metrics.moneyOutcome('payments', result.outcome); // committed, and this call changed the payment
    if (result.outcome === 'paid') await this.notifier.paid(result.orders!.map((o) => o.id));
    if (result.outcome === 'refund_due') this.logger.warn(`Payment ${reference} needs a refund: ${result.reviewReason}`);
    return result;
  }

  /** `counted`: this call moved the payment to its outcome (a replay, or a payment still open, is not counted). */
  private async apply(em: EntityManager, reference: string, tx: GatewayTransaction | null): Promise<SettleResult & { counted?: boolean }> {
    // Lock order everywhere: payment row → checkout session → its orders (→ products). No deadlock with the sweep.
    const [p] = await em.query<PaymentRow[]>(`SELECT * FROM payment_transaction WHERE reference = $1 FOR UPDATE`, [reference]);
    if (!p) return { outcome: 'unknown', reference };
    const base = { reference, checkoutSessionId: p.checkout_session_id };
    if (p.status === 'success') return { ...base, ...(await this.finalOutcome(em, p)) };
    if (!tx || tx.reference !== reference) return { ...base, outcome: 'pending' };

    const status = String(tx.status ?? '').toLowerCase();
    const common = [
      p.id,
      tx.channel ?? null,
      tx.gateway_response ?? null,
      JSON.stringify(tx),
      Number.isFinite(Number(tx.id)) ? Number(tx.id) : null,
    ];
    if (status !== 'success') {
      const stored = STILL_OPEN.has(status) ? 'pending' : ['failed', 'abandoned', 'reversed'].includes(status) ? status : 'failed';
      await em.query(
        `UPDATE payment_transaction SET status = $6, payment_method = coalesce($2, payment_method), gateway_response = $3, raw = $4,
                paystack_id = coalesce($5, paystack_id), verified_at = now(), updated_at = now() WHERE id = $1`,
        [...common, stored],
      );
      return {
        ...base,
        outcome: stored === 'pending' ? 'pending' : stored === 'abandoned' ? 'abandoned' : 'failed',
        counted: stored !== 'pending' && stored !== p.status,
      };
    }

    // Money was taken. Does it pay this checkout's live orders, exactly?
    const [s] = await em.query<Pick<CheckoutSessionRow, 'id' | 'status' | 'currency'>[]>(
      `SELECT id, status, currency FROM checkout_session WHERE id = $1 FOR UPDATE`,
      [p.checkout_session_id],
    );
    const charged = Number(tx.amount);
    // With Paystack's "pass fees to the customer", `amount` includes the fees; `requested_amount` is what we asked.
    const asked = tx.requested_amount === undefined || tx.requested_amount === null ? charged : Number(tx.requested_amount);
    const live = (await liveTotal(em, s.id)).total;
    const currency = String(tx.currency ?? '').toUpperCase();
    const paidAt = this.paidAt(tx);
    const naira = (kobo: number) => koboToNaira(Number.isFinite(kobo) ? kobo : 0);
    let review: string | null = null;
    if (currency !== 'NGN') review = `Paid in ${currency || 'an unknown currency'}, expected NGN.`;
    else if (s.status === 'paid') review = 'The checkout was already paid by another payment.';
    else if (s.status !== 'pending') review = `The checkout had ${s.status} (its stock was released) before this payment arrived.`;
    // Fees are only ever added on top: a charge below what was asked did not pay it.
    else if (!Number.isSafeInteger(charged) || !Number.isSafeInteger(asked) || charged < asked)
      review = `Paid ${naira(charged)} NGN, but the checkout total is ${naira(live)} NGN.`;
    // E.g. paid on a payment page opened before one of the checkout's orders was cancelled: never pays a cancelled order.
    else if (asked !== live) {
      review = `Paid ${naira(asked)} NGN, but the checkout total is ${naira(live)} NGN${asked > live ? ': an order in it was cancelled before this payment arrived' : ''}.`;
    }

    const applied =
      !review &&
      (
        await em
          .createQueryBuilder()
          .update(CheckoutSession)
          .set({ status: 'paid', paidAt })
          .where(`id = :id AND status = 'pending'`, { id: s.id })
          .execute()
      ).affected === 1;
    await em.query(
      `UPDATE payment_transaction SET status = 'success', applied = $6, needs_refund = $7, review_reason = $8, paid_amount_kobo = $9, paid_currency = $10,
              paid_at = $11, payment_method = coalesce($2, payment_method), gateway_response = $3, raw = $4, paystack_id = coalesce($5, paystack_id),
              verified_at = now(), updated_at = now()
        WHERE id = $1`,
      [...common, applied, !applied, review, Number.isSafeInteger(charged) ? charged : null, currency.slice(0, 3) || null, paidAt],
    );
    if (!applied) {
      // The money is at Paystack but pays nothing: kept apart in the ledger until it is refunded.
      await this.escrow.holdUnapplied(em, reference, charged);
      return { ...base, outcome: 'refund_due', reviewReason: review, counted: true };
    }

    // An UPDATE answers [rows, count] (TypeORM's postgres driver).
    const [orders] = await em.query<[OrderRef[], number]>(
      // Ship-by rule: the seller has SHIP_BY from now to ship, whatever the delivery option (it is the time to hand the
      // goods over, not the distance: the option's days count from shipment). Set in this one update: a second update of
      // the same rows would re-check their keys and wait on a buyer's account being deleted, which waits on this checkout.
      `UPDATE "order" SET status = 'paid', payment_status = 'paid', paid_at = $2, ship_by_at = now() + make_interval(secs => $3), updated_at = now()
        WHERE checkout_session_id = $1 AND status = 'pending' RETURNING id, order_number AS "orderNumber"`,
      [s.id, paidAt, this.escrow.shipBySeconds],
    );
    const reason = `${p.provider === 'test' ? 'Test checkout' : 'Paystack'} payment ${reference}`;
    await recordHistory(
      em,
      orders.map((o) => ({ orderId: o.id, from: 'pending', to: 'paid', actorKind: 'payment', reason })),
    );
    // Buyer protection: each order's money waits in its own escrow account (same transaction as the payment).
    await this.escrow.hold(
      em,
      orders.map((o) => o.id),
      reference,
    );
    return { ...base, outcome: 'paid', orders: orders.map((o) => ({ id: o.id, orderNumber: o.orderNumber })), counted: true };
  }

  /** A payment already recorded as successful: report what it did, never apply it again. */
  private async finalOutcome(em: EntityManager, p: PaymentRow): Promise<Omit<SettleResult, 'reference'>> {
    if (!p.applied) return { outcome: 'refund_due', reviewReason: p.review_reason };
    const orders = await em.query<OrderRef[]>(
      `SELECT id, order_number AS "orderNumber" FROM "order" WHERE checkout_session_id = $1 AND paid_at IS NOT NULL ORDER BY id`,
      [p.checkout_session_id],
    );
    return { outcome: 'already_paid', orders: orders.map((o) => ({ id: o.id, orderNumber: o.orderNumber })) };
  }

  private paidAt(tx: GatewayTransaction): Date {
    const d = new Date(String(tx.paid_at ?? tx.paidAt ?? ''));
    return Number.isNaN(d.getTime()) ? new Date() : d;
  }
}
