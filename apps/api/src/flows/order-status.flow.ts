import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  allowedNext,
  PRE_SHIPMENT_STATUSES,
  type Order,
  type OrderChangeRole,
  type OrderPaymentStatus,
  type OrderStatus,
} from '@kasuwa/contracts';
import type { Actor } from '../common/auth.decorators';
import { conflict, invalidField, notFound } from '../common/errors';
import { recordHistory } from '../modules/order-records/order-history';
import { OrderNotifier } from '../modules/orders/order-notifier.service';
import { ORDER_NOT_FOUND, OrdersQueryService, roleOf } from '../modules/orders/orders-query.service';
import { recomputeCheckouts } from '../modules/order-records/checkout-total';
import { releaseStock, reserveAgain } from '../modules/orders/stock';
import { UnpaidOrderCancellation } from '../modules/orders/unpaid-cancellation.service';
import { EscrowService } from '../modules/money/escrow.service';
import { RefundRequestsService } from '../modules/money/refund-requests.service';
import { RefundsService } from '../modules/money/refunds.service';
import { resolveDisputeByRefund } from '../modules/money/disputes.service';
import { audit } from '../common/audit';
import { HandoverFlow, type IssuedCode } from './handover.flow';
import { writeTracking, type OrderTracking } from '../modules/orders/order-tracking.service';
import type { CheckoutSessionRow, OrderRow } from '../database/rows.generated';

/** Moves into these before shipment give the reserved units back to the listing. */
const RELEASES_STOCK: readonly OrderStatus[] = ['cancelled_by_buyer', 'cancelled', 'rejected_by_seller'];
/** Out of the flow: nothing more happens to such an order but, if it was paid, a refund. */
const OUT_OF_FLOW: readonly OrderStatus[] = ['cancelled_by_buyer', 'cancelled', 'rejected_by_seller', 'rejected_by_buyer', 'need_refund'];
/** Moving a paid order here releases its money to the seller. */
const RELEASES_MONEY: readonly OrderStatus[] = ['received_by_buyer', 'completed'];
/** Once paid, moving here means the buyer's money has to go back. */
const REFUND_DUE: readonly OrderStatus[] = ['cancelled_by_buyer', 'cancelled', 'rejected_by_seller', 'need_refund'];
/** A paid order reaching these has left the seller: its buyer gets the handover code (once). */
const GOODS_LEFT: readonly OrderStatus[] = ['shipped', 'on_the_way', 'delivered'];

interface LockedOrder {
  id: number;
  status: OrderStatus;
  payment_status: OrderPaymentStatus;
  paid_at: Date | null;
  total_kobo: string;
  checkout_session_id: number;
  stock_released_at: Date | null;
  delivery_method: string | null;
}

/**
 * The order lifecycle: who may move an order where (docs/order-lifecycle.md table, in @kasuwa/contracts), and what
 * follows in other modules in the same transaction (escrow, refunds, refund requests, disputes, the handover code).
 * A flow (docs/api-conventions.md: Flows and pages) because one status change writes orders' and money's tables together.
 */
@Injectable()
export class OrderStatusFlow {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly query: OrdersQueryService,
    private readonly notifier: OrderNotifier,
    private readonly cancellation: UnpaidOrderCancellation,
    private readonly escrow: EscrowService,
    private readonly refunds: RefundsService,
    private readonly refundRequests: RefundRequestsService,
    private readonly handover: HandoverFlow,
  ) {}

  /** `tracking`: the carrier and number given with the move to shipped (trackingOf), written in the same transaction. */
  async change(
    actor: Actor,
    orderId: number,
    to: OrderStatus | undefined,
    reason?: string,
    tracking: OrderTracking | null = null,
  ): Promise<Order> {
    if (!to) throw invalidField('paymentStatus', 'Choose the new status');
    const [head] = await this.db.query<Pick<OrderRow, 'id' | 'buyer_id' | 'seller_id' | 'checkout_session_id'>[]>(
      `SELECT id, buyer_id, seller_id, checkout_session_id FROM "order" WHERE id = $1`,
      [orderId],
    );
    const role = head && roleOf(actor, head);
    if (!role) throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    if (role === 'admin' && !reason) throw invalidField('reason', 'Give a reason: admin changes are recorded with who and why');

    const refundIds: number[] = [];
    let issued: IssuedCode | null = null;
    await this.db.transaction(async (em) => {
      // Same lock order as payment settlement and the expiry sweep (session, then its orders): no deadlock.
      const [session] = await em.query<Pick<CheckoutSessionRow, 'id' | 'status'>[]>(
        `SELECT id, status FROM checkout_session WHERE id = $1 FOR UPDATE`,
        [head.checkout_session_id],
      );
      const [o] = await em.query<LockedOrder[]>(
        `SELECT id, status, payment_status, paid_at, total_kobo, checkout_session_id, stock_released_at, delivery_method FROM "order" WHERE id = $1 FOR UPDATE`,
        [orderId],
      );
      const allowed = allowedNext(role, o.status, { paid: Boolean(o.paid_at), cashOnDelivery: o.delivery_method === 'pay_on_delivery' });
      if (!allowed.includes(to)) {
        throw conflict(
          'INVALID_STATUS_TRANSITION',
          o.status === to
            ? `The order is already ${to}.`
            : `As the ${role}, you cannot move an order from ${o.status} to ${to}. Allowed next: ${allowed.join(', ') || 'none'}.`,
        );
      }
      // Money already paid to the seller cannot be refunded from escrow (a refund-due status would then refund
      // nothing): refused before anything is written. A release while a dispute is open is refused by
      // EscrowService.release itself (DISPUTE_OPEN), and this transaction then writes nothing either.
      if (o.paid_at && REFUND_DUE.includes(to))
        await this.escrow.refuseRefundWithoutEscrow(em, orderId, `Leave the order ${o.status.replace(/_/g, ' ')}.`);
      const how = { to, actorKind: role, actorId: actor.id, reason: reason || null };
      // An unpaid order leaving its checkout: the one cancellation rule (stock back, checkout total recomputed).
      if (o.status === 'pending' && !o.paid_at && OUT_OF_FLOW.includes(to)) {
        await this.cancellation.cancel(em, [orderId], how);
        await this.audited(em, o, how);
        return;
      }
      if (!o.paid_at && to === 'pending' && session.status !== 'pending') {
        throw conflict(
          'CHECKOUT_CLOSED',
          `Its checkout is ${session.status}: an unpaid order cannot wait for that payment again. The buyer can check out again.`,
        );
      }

      await em.query(`UPDATE "order" SET status = $2, payment_status = $3, updated_at = now() WHERE id = $1`, [
        orderId,
        to,
        this.paymentStatusAfter(o, to),
      ]);
      if (tracking) await writeTracking(em, orderId, tracking);
      await recordHistory(em, [{ orderId, from: o.status, ...how }]);
      await this.audited(em, o, how);
      await this.moveMoney(em, o, how, refundIds);
      if (o.paid_at && GOODS_LEFT.includes(to)) issued = await this.handover.issue(em, orderId);
      if (RELEASES_STOCK.includes(to) && PRE_SHIPMENT_STATUSES.includes(o.status)) await releaseStock(em, [orderId]);
      // Back into the flow after its units went back on sale: take them again, or 409 naming the product.
      else if (o.stock_released_at && !OUT_OF_FLOW.includes(to)) await reserveAgain(em, orderId);
      // An unpaid order moved by an admin leaves (or rejoins) what the checkout's payment pays for.
      if (!o.paid_at) await recomputeCheckouts(em, [o.checkout_session_id]);
    });
    // Refunds go to Paystack only after the decision committed (never a provider call inside the transaction).
    await this.refunds.send(refundIds);
    await this.handover.text(issued);
    await this.notifier.statusChanged(orderId, to, role);
    return this.query.visibleTo(actor, orderId);
  }

  /** An admin's change is audited with the history, either way it goes (audit() records nothing for a buyer's or seller's own change). */
  private audited(em: EntityManager, o: LockedOrder, how: { to: OrderStatus; reason: string | null }): Promise<void> {
    return audit(em, {
      action: 'orders.status',
      targetType: 'orders',
      targetId: o.id,
      before: { status: o.status },
      after: { status: how.to },
      reason: how.reason,
    });
  }

  /**
   * Escrow follows the order: the goods leaving start a seller-delivery order's release clock (shipped + the option's
   * days + RELEASE_AFTER), delivered starts every other order's or moves it to the real date (releaseAt),
   * received/completed releases, a refund-due move refunds what is held. A buyer's rejection is a refund request for an admin: until one decides, the buyer
   * asking again (→ need_refund) sends nothing, and an admin's own move settles the request (refunded or not).
   */
  private async moveMoney(
    em: EntityManager,
    o: LockedOrder,
    how: { to: OrderStatus; actorKind: OrderChangeRole; actorId: number; reason: string | null },
    refundIds: number[],
  ): Promise<void> {
    const { to } = how;
    if (to === 'shipped' || to === 'on_the_way') await this.escrow.markShipped(em, o.id);
    if (to === 'delivered') await this.escrow.markDelivered(em, o.id);
    if (!o.paid_at) return;
    if (RELEASES_MONEY.includes(to)) await this.escrow.release(em, o.id, `The buyer marked the order ${to.replace(/_/g, ' ')}`);
    if (to === 'rejected_by_buyer') return this.refundRequests.open(em, o.id, how.reason);
    // Only a rejected order (or one whose buyer then asked for the refund) can have a request open.
    const mayWait = o.status === 'rejected_by_buyer' || o.status === 'need_refund';
    const byAdmin = how.actorKind === 'admin';
    if (mayWait && !byAdmin && (await this.refundRequests.isOpen(em, o.id))) return;
    const id = REFUND_DUE.includes(to) ? await this.escrow.startRefund(em, o.id, `Order ${to.replace(/_/g, ' ')}`) : null;
    if (id) refundIds.push(id);
    if (id)
      await resolveDisputeByRefund(
        em,
        o.id,
        { kind: how.actorKind, id: how.actorId },
        `Refunded in full: the ${how.actorKind} moved the order to ${to.replace(/_/g, ' ')}${how.reason ? ` (${how.reason})` : ''}.`,
      );
    if (mayWait && byAdmin)
      await this.refundRequests.close(em, o.id, REFUND_DUE.includes(to) ? 'approved' : 'declined', how.actorId, how.reason, id);
  }

  private paymentStatusAfter(o: LockedOrder, to: OrderStatus): OrderPaymentStatus {
    if (!o.paid_at) return OUT_OF_FLOW.includes(to) ? 'cancelled' : 'pending';
    if (REFUND_DUE.includes(to)) return 'refund_due';
    // An admin moving a refunded order back into the flow: the payment stands again.
    return o.payment_status === 'refund_due' ? 'paid' : o.payment_status;
  }
}
