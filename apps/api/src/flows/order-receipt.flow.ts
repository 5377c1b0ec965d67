import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Order, OrderStatus } from '@kasuwa/contracts';
import type { Actor } from '../common/auth.decorators';
import { conflict, forbidden, notFound } from '../common/errors';
import { EscrowService } from '../modules/money/escrow.service';
import { recordHistory } from '../modules/order-records/order-history';
import { OrderNotifier } from '../modules/orders/order-notifier.service';
import { ORDER_NOT_FOUND, OrdersQueryService } from '../modules/orders/orders-query.service';

/** The goods left the seller: from here the buyer (or the handover code) may say they have them. */
export const RECEIVABLE: readonly OrderStatus[] = ['shipped', 'on_the_way', 'delivered', 'received_by_buyer'];
/** Already received: confirming again changes nothing and releases nothing. */
export const RECEIVED: readonly OrderStatus[] = ['completed'];

export interface LockedForReceipt {
  id: number;
  buyer_id: number;
  seller_id: number;
  status: OrderStatus;
}

/**
 * "Received by the buyer" in one step: the order becomes `completed` (the product's end of the lifecycle, when the rating
 * opens) and its escrow goes to the seller at once, in the caller's transaction. The one path for the buyer's "I
 * received it" and the seller's handover code: money leaves escrow early only with the buyer's word or the buyer's code.
 */
@Injectable()
export class OrderReceiptFlow {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly escrow: EscrowService,
    private readonly notifier: OrderNotifier,
    private readonly query: OrdersQueryService,
  ) {}

  /** Locks the order row (the lock escrow release and dispute opening take too: they queue behind each other). */
  async lock(em: EntityManager, orderId: number): Promise<LockedForReceipt | undefined> {
    const [o] = await em.query<LockedForReceipt[]>(`SELECT id, buyer_id, seller_id, status FROM "order" WHERE id = $1 FOR UPDATE`, [
      orderId,
    ]);
    return o;
  }

  /**
   * Completes a locked, receivable order and releases its money (once: EscrowService.release). An open dispute refuses
   * (DISPUTE_OPEN, thrown by the release) and the caller's transaction then writes nothing.
   */
  async complete(em: EntityManager, o: LockedForReceipt, by: { kind: 'buyer' | 'seller'; id: number }, reason: string): Promise<void> {
    if (!RECEIVABLE.includes(o.status)) {
      throw conflict('INVALID_STATUS_TRANSITION', `The order is ${o.status.replace(/_/g, ' ')}: only a shipped order can be received.`);
    }
    // Handing over is delivering: the delivery date is set if the seller never marked it.
    await em.query(
      `UPDATE "order" SET status = 'completed', delivered_at = coalesce(delivered_at, now()), updated_at = now() WHERE id = $1`,
      [o.id],
    );
    await recordHistory(em, [{ orderId: o.id, from: o.status, to: 'completed', actorKind: by.kind, actorId: by.id, reason }]);
    await this.escrow.release(em, o.id, `Received by the buyer: ${reason}`);
  }

  /** The buyer's "I received it" button: completes and releases; pressing it again answers the same order. */
  async confirmByBuyer(actor: Actor, orderId: number): Promise<{ order: Order; completed: boolean }> {
    const completed = await this.db.transaction(async (em) => {
      const o = await this.lock(em, orderId);
      if (!o || actor.kind !== 'user' || (o.buyer_id !== actor.id && o.seller_id !== actor.id))
        throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
      if (o.buyer_id !== actor.id)
        throw forbidden('BUYER_ONLY', 'Only the buyer confirms receipt. As the seller, enter the buyer’s handover code.');
      if (RECEIVED.includes(o.status)) return false;
      await this.complete(em, o, { kind: 'buyer', id: actor.id }, 'the buyer confirmed receipt');
      return true;
    });
    if (completed) await this.notifier.statusChanged(orderId, 'completed', 'buyer');
    return { order: await this.query.visibleTo(actor, orderId), completed };
  }
}
