import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatDateTime, formatLongDate, type OrderActorKind, type OrderStatus } from '@kasuwa/contracts';
import { lockCheckoutOf } from '../orders/checkout-total';
import { recordHistory } from '../orders/order-history';
import { conflict, DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { Clock } from './clock';
import { DUE_BATCH, sweepDue } from './due-sweep';
import { openRefund } from './refund-open';
import { availableOf, CLEARING, COMMISSION, escrowOf, LedgerService, UNAPPLIED } from './ledger.service';

/** Rule "while a dispute is open, Kasuwa holds the money": the one refusal every release path gives. */
const disputeOpen = (): DomainError =>
  conflict('DISPUTE_OPEN', 'A dispute is open on this order: Kasuwa keeps the money until an admin decides it.');

/**
 * Buyer protection: a paid order's money waits in its escrow account until the buyer confirms (or releaseAt, delivery +
 * RELEASE_AFTER, passes with no dispute), then goes to the seller less the commission frozen at checkout. Every method runs
 * in the caller's transaction, beside the state change that causes it.
 */
@Injectable()
export class EscrowService {
  private readonly logger = new Logger(EscrowService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** A payment paid these orders: each order's total moves from Paystack clearing into its own escrow. */
  async hold(em: EntityManager, orderIds: number[], paymentReference: string): Promise<void> {
    if (!orderIds.length) return;
    const orders: { id: number; total_kobo: string }[] = await em.query(`SELECT id, total_kobo FROM "order" WHERE id = ANY($1) ORDER BY id`, [orderIds]);
    for (const o of orders) {
      const amount = Number(o.total_kobo);
      await this.ledger.post(em, { kind: 'payment', ref: `order:${o.id}`, orderId: o.id, memo: `Payment ${paymentReference}` }, [
        [CLEARING, -amount],
        [escrowOf(o.id), amount],
      ]);
    }
    // Ship-by rule: the seller has SHIP_BY from now to ship, or the order is cancelled and refunded (OrderClockService).
    await em.query(`UPDATE "order" SET ship_by_at = now() + make_interval(secs => $2) WHERE id = ANY($1) AND ship_by_at IS NULL`, [orderIds, this.cfg.money.shipBySeconds]);
  }

  /**
   * The seller marked the order delivered: the escrow rule's clock starts. releaseAt = delivery + RELEASE_AFTER, the
   * day Kasuwa pays the seller unless the buyer reports a problem, and the last moment a dispute may be opened.
   * Set once: moving an order back and forth never moves the date shown to the buyer.
   */
  async markDelivered(em: EntityManager, orderId: number): Promise<void> {
    await em.query(
      `UPDATE "order" SET delivered_at = coalesce(delivered_at, now()),
              release_at = coalesce(release_at, coalesce(delivered_at, now()) + make_interval(secs => $2))
        WHERE id = $1`,
      [orderId, this.cfg.money.releaseAfterSeconds],
    );
  }

  /**
   * "Complete order" for every path that ends an order with the seller paid (the buyer's confirmation, a handover
   * code, the auto-received transition): moves it to `to`, records who and why in its history, and releases the
   * money, all in the caller's transaction. Call with the order locked. Refuses (DISPUTE_OPEN) while a dispute is open.
   */
  async completeOrder(em: EntityManager, orderId: number, how: CompleteOrder): Promise<boolean> {
    const [o] = await em.query(`SELECT status FROM "order" WHERE id = $1 FOR UPDATE`, [orderId]);
    if (!o) return false;
    const to = how.to ?? 'completed';
    if (o.status !== to) {
      await em.query(`UPDATE "order" SET status = $2, updated_at = now() WHERE id = $1`, [orderId, to]);
      await recordHistory(em, [{ orderId, from: o.status, to, actorKind: how.actorKind, actorId: how.actorId ?? null, reason: how.reason }]);
    }
    return this.release(em, orderId, how.reason);
  }

  /** Money taken that paid nothing (late, wrong amount, cancelled checkout): kept apart until it is refunded. */
  async holdUnapplied(em: EntityManager, paymentReference: string, amountKobo: number): Promise<void> {
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return;
    await this.ledger.post(em, { kind: 'unapplied_payment', ref: paymentReference, memo: 'Payment not applied: refund due' }, [
      [CLEARING, -amountKobo],
      [UNAPPLIED, amountKobo],
    ]);
  }

  /**
   * Releases what the order still holds: commission (frozen rate, on the released part only) to Kasuwa, the rest to
   * the seller's available balance. Once per order (released_at, and the journal's unique (release, order) key).
   */
  async release(em: EntityManager, orderId: number, memo: string): Promise<boolean> {
    const [o] = await em.query(
      `SELECT o.id, o.seller_id, o.total_kobo, o.commission_kobo, o.released_at, o.paid_at,
              EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id AND d.status = 'open') AS disputed
         FROM "order" o WHERE o.id = $1 FOR UPDATE OF o`,
      [orderId],
    );
    if (!o || !o.paid_at || o.released_at) return false;
    // Defence in depth: callers refuse first, but no path (a new one included) may release a disputed order's money.
    if (o.disputed) throw disputeOpen();
    const held = await this.ledger.lockBalance(em, escrowOf(orderId));
    const total = Number(o.total_kobo);
    const commission = total > 0 ? Math.floor((Number(o.commission_kobo) * held) / total) : 0;
    await this.ledger.post(em, { kind: 'release', ref: `order:${orderId}`, orderId, userId: o.seller_id, memo }, [
      [escrowOf(orderId), -held],
      [COMMISSION, commission],
      [availableOf(o.seller_id), held - commission],
    ]);
    await em.query(`UPDATE "order" SET released_at = now() WHERE id = $1`, [orderId]);
    return true;
  }

  /**
   * A refund comes out of the order's escrow or not at all, so a refund decision must not answer as if it refunded:
   * refuses (ALREADY_RELEASED) an order whose money the seller already has, saying what the admin can do instead, and
   * with `requireHeld` (NOTHING_HELD) one whose escrow is empty for another reason (already refunded).
   * Call under the order's lock, before anything is written.
   */
  async refuseRefundWithoutEscrow(em: EntityManager, orderId: number, instead: string, requireHeld = false): Promise<void> {
    const [o] = await em.query(
      `SELECT o.released_at, coalesce((SELECT a.balance_kobo FROM ledger_account a WHERE a.code = 'escrow:' || o.id), 0) AS held
         FROM "order" o WHERE o.id = $1`,
      [orderId],
    );
    if (o?.released_at) {
      throw conflict(
        'ALREADY_RELEASED',
        `The money for this order was paid to the seller on ${formatLongDate(new Date(o.released_at).toISOString())}: ` +
          `escrow holds nothing to refund. ${instead} To give the buyer their money back, refund them from Kasuwa's own account ` +
          `(outside escrow) and recover the amount from the seller.`,
      );
    }
    if (requireHeld && Number(o?.held ?? 0) <= 0) {
      throw conflict('NOTHING_HELD', `Escrow holds nothing for this order: its money already went back to the buyer, so there is nothing to refund. ${instead}`);
    }
  }

  /**
   * Moves `amount` (default: all it holds) of an order's escrow towards the buyer and records the refund to send
   * (after the transaction commits, see RefundsService.send). Returns the refund id, or null when nothing is held.
   */
  async startRefund(em: EntityManager, orderId: number, reason: string, amount?: number): Promise<number | null> {
    const held = await this.ledger.lockBalance(em, escrowOf(orderId));
    const value = amount ?? held;
    if (!Number.isSafeInteger(value) || value <= 0 || value > held) {
      if (amount === undefined) return null;
      throw conflict('REFUND_TOO_LARGE', `The order holds ₦${(held / 100).toFixed(2)}; a refund cannot be more than that.`);
    }
    const [p] = await em.query(
      `SELECT t.reference FROM payment_transaction t JOIN "order" o ON o.checkout_session_id = t.checkout_session_id
        WHERE o.id = $1 AND t.applied ORDER BY t.id DESC LIMIT 1`,
      [orderId],
    );
    if (!p) throw conflict('NO_PAYMENT', 'This order has no payment to refund.');
    return openRefund(em, this.ledger, { orderId, paymentReference: p.reference, amount: value, reason, from: escrowOf(orderId) });
  }

  /**
   * Auto-received: every delivered order whose releaseAt has come, with no open dispute, becomes `completed` and its
   * money goes to the seller (one transaction per order, re-checked under its lock, so two workers running this at
   * once move each order once). Works through everything due, a few orders at a time; `told` runs inside each order's
   * transaction (its notices go out if and only if it completed). Returns the orders it completed.
   */
  async releaseDue(now: Date = this.clock.now(), told?: (em: EntityManager, orderId: number) => Promise<void>): Promise<number[]> {
    return sweepDue(
      'Auto-release',
      this.logger,
      (skip) =>
        this.db.query(
          `SELECT o.id, o.release_at FROM "order" o
            WHERE o.released_at IS NULL AND o.release_at IS NOT NULL AND o.release_at <= $1::timestamptz AND o.paid_at IS NOT NULL AND o.status = 'delivered'
              AND NOT (o.id = ANY($2::int[]))
              AND NOT EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id AND d.status = 'open')
            ORDER BY o.release_at, o.id LIMIT $3`,
          [now.toISOString(), skip, DUE_BATCH],
        ) as Promise<{ id: number; release_at: Date }[]>,
      ({ id, release_at }) =>
        this.db.transaction(async (em) => {
          await lockCheckoutOf(em, id);
          // Re-checked under the order's lock (skipped when another worker holds it: that worker is moving it).
          const [still] = await em.query(
            `SELECT 1 FROM "order" o WHERE o.id = $1 AND o.status = 'delivered' AND o.released_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id AND d.status = 'open') FOR UPDATE SKIP LOCKED`,
            [id],
          );
          if (!still) return false;
          const reason = `Completed automatically on ${formatDateTime(new Date(release_at).toISOString())}: the buyer neither confirmed receipt nor reported a problem, so Kasuwa paid the seller`;
          const done = await this.completeOrder(em, id, { actorKind: 'system', reason });
          if (done) await told?.(em, id);
          return done;
        }),
    );
  }
}

export interface CompleteOrder {
  /** `completed` (default) or `received_by_buyer`. */
  to?: Extract<OrderStatus, 'completed' | 'received_by_buyer'>;
  actorKind: OrderActorKind;
  actorId?: number | null;
  /** Kept in the order's history and as the release's memo. */
  reason: string;
}
