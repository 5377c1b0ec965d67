import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Carrier, Order, OrderStatus, UpdateOrderStatusRequest } from '@kasuwa/contracts';
import type { Actor } from '../../common/auth.decorators';
import { conflict, forbidden, invalidField, notFound } from '../../common/errors';
import { ORDER_NOT_FOUND, OrdersQueryService } from './orders-query.service';

/** What is stored on the order: a carrier, its number, `other`'s name (each null when not said). */
export interface OrderTracking {
  carrier: Carrier;
  trackingNumber: string | null;
  carrierName: string | null;
}

/** Goods on their way: the seller may still correct the carrier and number (after delivery they are history). */
const IN_TRANSIT: readonly OrderStatus[] = ['shipped', 'on_the_way'];

/**
 * The tracking fields of a status change (already validated field by field at the edge), or null when none were sent.
 * They belong to the move to `shipped` only; a number or a name without a carrier says nothing; a name is kept only for
 * carrier `other`.
 */
export function trackingOf(
  body: Pick<UpdateOrderStatusRequest, 'carrier' | 'trackingNumber' | 'carrierName'>,
  to: OrderStatus | undefined,
): OrderTracking | null {
  const given = body.carrier || body.trackingNumber || body.carrierName;
  if (!given) return null;
  if (to !== 'shipped') throw invalidField('carrier', 'The carrier and tracking number are given when marking the order shipped');
  if (!body.carrier) throw invalidField('carrier', 'Choose the carrier of this tracking number');
  return {
    carrier: body.carrier,
    trackingNumber: body.trackingNumber || null,
    carrierName: body.carrier === 'other' ? body.carrierName || null : null,
  };
}

/** Writes the carrier and number on the order (inside the caller's transaction). */
export async function writeTracking(em: EntityManager, orderId: number, t: OrderTracking): Promise<void> {
  await em.query(`UPDATE "order" SET carrier = $2, tracking_number = $3, carrier_name = $4, updated_at = now() WHERE id = $1`, [
    orderId,
    t.carrier,
    t.trackingNumber,
    t.carrierName,
  ]);
}

/** Tracking on shipped orders: the seller's correction of the carrier and number while the goods are on their way. */
@Injectable()
export class OrderTrackingService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly query: OrdersQueryService,
  ) {}

  /** Only the order's seller; anyone but its buyer learns nothing (404), its buyer is told who can (403). */
  async correct(actor: Actor, orderId: number, t: OrderTracking): Promise<Order> {
    await this.db.transaction(async (em) => {
      const [o] = await em.query<{ buyer_id: number; seller_id: number; status: OrderStatus }[]>(
        `SELECT buyer_id, seller_id, status FROM "order" WHERE id = $1 FOR UPDATE`,
        [orderId],
      );
      if (!o || actor.kind !== 'user' || (o.buyer_id !== actor.id && o.seller_id !== actor.id))
        throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
      if (o.seller_id !== actor.id) throw forbidden('SELLER_ONLY', 'Only the seller gives the carrier and tracking number.');
      if (!IN_TRANSIT.includes(o.status)) {
        throw conflict(
          'TRACKING_CLOSED',
          `The order is ${o.status.replace(/_/g, ' ')}: the carrier and tracking number can be changed only while it is shipped or on the way.`,
        );
      }
      await writeTracking(em, orderId, t);
    });
    return this.query.visibleTo(actor, orderId);
  }
}
