import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { allowedNext, PRE_SHIPMENT_STATUSES, type Order, type OrderPaymentStatus, type OrderStatus } from '@kasuwa/contracts';
import type { Actor } from '../../common/auth.decorators';
import { conflict, invalidField, notFound } from '../../common/errors';
import { recordHistory } from './order-history';
import { OrderNotifier } from './order-notifier.service';
import { ORDER_NOT_FOUND, OrdersQueryService, roleOf } from './orders-query.service';
import { releaseStock } from './stock';

/** Moves into these before shipment give the reserved units back to the listing. */
const RELEASES_STOCK: readonly OrderStatus[] = ['cancelled_by_buyer', 'cancelled', 'rejected_by_seller'];
/** Once paid, moving here means the buyer's money has to go back. */
const REFUND_DUE: readonly OrderStatus[] = ['cancelled_by_buyer', 'cancelled', 'rejected_by_seller', 'need_refund'];

interface LockedOrder {
  id: number;
  status: OrderStatus;
  payment_status: OrderPaymentStatus;
  paid_at: Date | null;
  total_kobo: string;
  checkout_session_id: number;
}

/** The order lifecycle: who may move an order where (DECISIONS.md table, in @kasuwa/contracts), and what follows. */
@Injectable()
export class OrderStatusService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly query: OrdersQueryService,
    private readonly notifier: OrderNotifier,
  ) {}

  async change(actor: Actor, orderId: number, to: OrderStatus | undefined, reason?: string): Promise<Order> {
    if (!to) throw invalidField('paymentStatus', 'Choose the new status');
    const [head] = await this.db.query(`SELECT id, buyer_id, seller_id, checkout_session_id FROM "order" WHERE id = $1`, [orderId]);
    const role = head && roleOf(actor, head);
    if (!role) throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    if (role === 'admin' && !reason) throw invalidField('reason', 'Give a reason: admin changes are recorded with who and why');

    await this.db.transaction(async (em) => {
      // Same lock order as payment settlement and the expiry sweep (session, then its orders): no deadlock.
      await em.query(`SELECT id FROM checkout_session WHERE id = $1 FOR UPDATE`, [head.checkout_session_id]);
      const [o]: LockedOrder[] = await em.query(
        `SELECT id, status, payment_status, paid_at, total_kobo, checkout_session_id FROM "order" WHERE id = $1 FOR UPDATE`,
        [orderId],
      );
      const allowed = allowedNext(role, o.status, { paid: Boolean(o.paid_at) });
      if (!allowed.includes(to)) {
        throw conflict(
          'ORDER_TRANSITION_REFUSED',
          o.status === to
            ? `The order is already ${to}.`
            : `As the ${role}, you cannot move an order from ${o.status} to ${to}. Allowed next: ${allowed.join(', ') || 'none'}.`,
        );
      }
      await em.query(`UPDATE "order" SET status = $2, payment_status = $3, updated_at = now() WHERE id = $1`, [orderId, to, this.paymentStatusAfter(o, to)]);
      await recordHistory(em, [{ orderId, from: o.status, to, actorKind: role, actorId: actor.id, reason: reason || null }]);
      if (RELEASES_STOCK.includes(to) && PRE_SHIPMENT_STATUSES.includes(o.status)) await releaseStock(em, [orderId]);
      if (o.status === 'pending' && !o.paid_at && (to === 'cancelled_by_buyer' || to === 'cancelled')) {
        // An unpaid order leaves its checkout: the amount still to pay drops, and a checkout with nothing left is closed.
        await em.query(
          `UPDATE checkout_session
              SET total_kobo = total_kobo - $2, updated_at = now(),
                  status = CASE WHEN EXISTS (SELECT 1 FROM "order" WHERE checkout_session_id = $1 AND status = 'pending') THEN status ELSE 'cancelled' END
            WHERE id = $1 AND status = 'pending'`,
          [o.checkout_session_id, o.total_kobo],
        );
      }
    });
    await this.notifier.statusChanged(orderId, to, role);
    return this.query.visibleTo(actor, orderId);
  }

  private paymentStatusAfter(o: LockedOrder, to: OrderStatus): OrderPaymentStatus {
    if (!o.paid_at) return to === 'cancelled_by_buyer' || to === 'cancelled' ? 'cancelled' : o.payment_status;
    if (REFUND_DUE.includes(to)) return 'refund_due';
    // An admin moving a refunded order back into the flow: the payment stands again.
    return o.payment_status === 'refund_due' ? 'paid' : o.payment_status;
  }
}
