import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderActorKind, OrderPaymentStatus, OrderStatus } from '@kasuwa/contracts';
import { lockCheckouts, recomputeCheckouts } from '../order-records/checkout-total';
import { recordHistory } from '../order-records/order-history';
import { releaseStock } from './stock';
import type { OrderRow } from '../../database/rows.generated';

export interface UnpaidCancellation {
  /** The order status it ends in (`cancelled` unless a person chose another, e.g. `cancelled_by_buyer`). */
  to?: OrderStatus;
  /** `expired` for the expiry sweep, `cancelled` otherwise. */
  paymentStatus?: Extract<OrderPaymentStatus, 'cancelled' | 'expired'>;
  actorKind: OrderActorKind;
  actorId?: number | null;
  reason: string | null;
}

/**
 * THE rule for an unpaid order that leaves its checkout, whoever causes it: the buyer or an admin cancelling, the
 * checkout expiring, either party deleting their account, a listing in it blocked by an admin or deleted by its
 * seller. In the caller's transaction, in one lock order (checkout → orders → products):
 *  - only orders still `pending` and never paid are touched (a paid order is a refund matter, never this);
 *  - they move to `to`, their history records who and why, their reserved units go back on sale;
 *  - each checkout's payable total is recomputed from its live orders, and a checkout with none left is closed,
 *    so Paystack is never asked for, and a payment never pays, an order that no longer exists.
 * Returns the ids of the orders it cancelled.
 */
@Injectable()
export class UnpaidOrderCancellation {
  async cancel(em: EntityManager, orderIds: number[], how: UnpaidCancellation): Promise<number[]> {
    if (!orderIds.length) return [];
    const sessions = await em.query<{ id: number }[]>(`SELECT DISTINCT checkout_session_id AS id FROM "order" WHERE id = ANY($1)`, [
      orderIds,
    ]);
    await lockCheckouts(
      em,
      sessions.map((s) => s.id),
    );
    const rows = await em.query<Pick<OrderRow, 'id' | 'checkout_session_id'>[]>(
      `SELECT id, checkout_session_id FROM "order" WHERE id = ANY($1) AND status = 'pending' AND paid_at IS NULL ORDER BY id FOR UPDATE`,
      [orderIds],
    );
    const ids = rows.map((r) => r.id);
    if (!ids.length) return [];
    const to = how.to ?? 'cancelled';
    await em.query(`UPDATE "order" SET status = $2, payment_status = $3, updated_at = now() WHERE id = ANY($1)`, [
      ids,
      to,
      how.paymentStatus ?? 'cancelled',
    ]);
    await recordHistory(
      em,
      ids.map((orderId) => ({
        orderId,
        from: 'pending' as const,
        to,
        actorKind: how.actorKind,
        actorId: how.actorId ?? null,
        reason: how.reason,
      })),
    );
    await releaseStock(em, ids);
    await recomputeCheckouts(em, [...new Set(rows.map((r) => r.checkout_session_id))]);
    return ids;
  }

  /**
   * A listing that an admin blocks or its seller deletes can no longer be sold, so every unpaid order holding it is
   * cancelled — the whole order, not just the line. This is what a marketplace does before any money moved: the
   * buyer agreed to that seller's order as a whole, and a silently shrunk order (other items, same delivery) is a
   * different deal; the buyer's other sellers' orders stay live and the checkout total drops to them, and the buyer
   * can check out the rest again. Paid orders are not touched here (the seller must fulfil or reject → refund).
   */
  async cancelForListing(
    em: EntityManager,
    productId: number,
    how: UnpaidCancellation,
    takeOffSale: () => Promise<unknown>,
  ): Promise<number[]> {
    const holding = async () => {
      const rows = await em.query<Pick<OrderRow, 'id'>[]>(
        `SELECT DISTINCT o.id FROM "order" o JOIN order_item i ON i.order_id = o.id
          WHERE i.product_id = $1 AND o.status = 'pending' AND o.paid_at IS NULL`,
        [productId],
      );
      return this.cancel(
        em,
        rows.map((r) => r.id),
        how,
      );
    };
    // Orders first (lock order checkout → orders → product), then the listing goes off sale (its row lock stops new
    // reservations), then once more for a checkout that reserved it in between.
    const first = await holding();
    await takeOffSale();
    return [...first, ...(await holding())];
  }

  /** Unpaid orders on either side of a deleted account. */
  async cancelForAccount(em: EntityManager, userId: number, how: UnpaidCancellation): Promise<number[]> {
    const rows = await em.query<Pick<OrderRow, 'id'>[]>(
      `SELECT id FROM "order" WHERE (buyer_id = $1 OR seller_id = $1) AND status = 'pending' AND paid_at IS NULL`,
      [userId],
    );
    return this.cancel(
      em,
      rows.map((r) => r.id),
      how,
    );
  }
}
