import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  carrierText,
  formatDateTime,
  formatOrderMoney,
  koboToNaira,
  ORDER_STATUS_LABELS,
  trackingUrlFor,
  type Carrier,
  type OrderChangeRole,
  type OrderStatus,
} from '@kasuwa/contracts';
import { NotificationsService } from '../notifications/notifications.service';

/** What the money clock's notices need of an order (OrderClockFlow reads these columns). */
export interface ClockOrder {
  id: number;
  order_number: string;
  buyer_id: number;
  seller_id: number;
  total_kobo: string;
  ship_by_at: Date | null;
  release_at: Date | null;
}
export const CLOCK_ORDER_COLUMNS = `id, order_number, buyer_id, seller_id, total_kobo, ship_by_at, release_at`;

interface NoticeOrder {
  id: number;
  buyer_id: number;
  seller_id: number;
  order_number: string;
  total_kobo: string;
  delivery_region: string;
  carrier: Carrier | null;
  carrier_name: string | null;
  tracking_number: string | null;
}

/** "Shipped with DHL · Tracking number 123" and the carrier's tracking page, or null when the seller said nothing. */
function shippedWith(o: NoticeOrder): { line: string; url: string | null } | null {
  const carrier = carrierText({ carrier: o.carrier, carrierName: o.carrier_name });
  if (!carrier) return null;
  const line = `Shipped with ${carrier}${o.tracking_number ? ` · Tracking number ${o.tracking_number}` : ''}.`;
  return { line, url: trackingUrlFor(o.carrier, o.tracking_number) };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * Order news in the bell and by e-mail. The e-mails are `order` notifications: sent only while the user's `order`
 * preference is on, each with its signed unsubscribe link (NotificationsService.email), never to a deleted or
 * suspended account. Sent after the change is committed; a mail failure never undoes or fails the change itself.
 */
@Injectable()
export class OrderNotifier {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  /** Receipt to the buyer, "new order" to each seller (also in the seller's bell). */
  async paid(orderIds: number[]): Promise<void> {
    for (const o of await this.orders(orderIds)) {
      const money = formatOrderMoney(koboToNaira(Number(o.total_kobo)), 'NGN');
      await this.notifications.email(
        o.buyer_id,
        'order',
        `Payment received for ${o.order_number}`,
        `We received your payment of ${money} for order ${o.order_number}.\nFollow it here: ${this.link(o.id, 'buyer')}`,
      );
      await this.notifications.notify(o.seller_id, {
        type: 'order',
        title: `New paid order ${o.order_number} (${money})`,
        link: `/orders/${o.id}/seller`,
        email: true,
        emailSubject: `New paid order ${o.order_number}`,
        emailText: `You have a new paid order ${o.order_number} (${money}).\nDeliver to: ${o.delivery_region}.\nAccept and ship it here: ${this.link(o.id, 'seller')}`,
      });
    }
  }

  /** Pay on delivery: "new order, collect the cash" to each seller; to the buyer, what to have ready at the door. */
  async placedForCash(orderIds: number[]): Promise<void> {
    for (const o of await this.orders(orderIds)) {
      const money = formatOrderMoney(koboToNaira(Number(o.total_kobo)), 'NGN');
      await this.notifications.email(
        o.buyer_id,
        'order',
        `Order ${o.order_number}: pay ${money} on delivery`,
        `Your order ${o.order_number} is placed. Pay ${money} in cash to the seller's rider when it arrives, after you have checked the goods.\nFollow it here: ${this.link(o.id, 'buyer')}`,
      );
      await this.notifications.notify(o.seller_id, {
        type: 'order',
        title: `New pay-on-delivery order ${o.order_number} (${money} in cash)`,
        link: `/orders/${o.id}/seller`,
        email: true,
        emailSubject: `New pay-on-delivery order ${o.order_number}`,
        emailText: `You have a new pay-on-delivery order ${o.order_number}: collect ${money} in cash on delivery.\nDeliver to: ${o.delivery_region}.\nAccept and ship it here, then confirm the cash: ${this.link(o.id, 'seller')}`,
      });
    }
  }

  /** Tells the other party (and both, for an admin change) that the status moved: in the bell and by e-mail. */
  async statusChanged(orderId: number, to: OrderStatus, by: OrderChangeRole): Promise<void> {
    const [o] = await this.orders([orderId]);
    if (!o) return;
    const text = `Order ${o.order_number} is now: ${ORDER_STATUS_LABELS[to]}.`;
    // Tracking on shipped orders: the shipped notice says who carries it and the number to follow it by.
    const tracking = to === 'shipped' ? shippedWith(o) : null;
    for (const role of ['buyer', 'seller'] as const) {
      if (by === role) continue;
      await this.notifications.notify(role === 'buyer' ? o.buyer_id : o.seller_id, {
        type: 'order',
        title: text,
        ...(tracking && { body: tracking.line }),
        link: `/orders/${o.id}/${role}`,
        email: true,
        emailSubject: `Order ${o.order_number}: ${ORDER_STATUS_LABELS[to]}`,
        emailText: [text, tracking?.line, tracking?.url && `Track it with the carrier: ${tracking.url}`, this.link(o.id, role)]
          .filter(Boolean)
          .join('\n'),
      });
    }
  }

  /** Ship-by rule, halfway: each seller is reminded once (inside the transaction that marks the orders reminded). */
  async shipByReminder(em: EntityManager, orders: ClockOrder[]): Promise<void> {
    await this.notifications.notifyMany(
      orders.map((o) => {
        const when = formatDateTime(iso(o.ship_by_at));
        return {
          userId: o.seller_id,
          n: {
            type: 'order' as const,
            title: `Ship order ${o.order_number} by ${when}`,
            body: `If it is not marked shipped by ${when}, Kasuwa cancels it and refunds the buyer in full.`,
            link: `/orders/${o.id}/seller`,
            email: true,
          },
        };
      }),
      em,
    );
  }

  /** Ship-by rule, expired: both sides of each order learn it was cancelled and the buyer refunded in full. */
  async shipByCancelled(em: EntityManager, orders: ClockOrder[]): Promise<void> {
    await this.notifications.notifyMany(
      orders.flatMap((o) => {
        const money = formatOrderMoney(koboToNaira(Number(o.total_kobo)), 'NGN');
        const n = (role: 'buyer' | 'seller', title: string, body: string) => ({
          type: 'order' as const,
          title,
          body,
          link: `/orders/${o.id}/${role}`,
          email: true,
        });
        return [
          {
            userId: o.buyer_id,
            n: n(
              'buyer',
              `Order ${o.order_number} was cancelled: the seller did not ship it in time`,
              `Kasuwa is refunding your ${money} in full to the way you paid.`,
            ),
          },
          {
            userId: o.seller_id,
            n: n(
              'seller',
              `Order ${o.order_number} was cancelled: not shipped in time`,
              `It was not marked shipped by ${formatDateTime(iso(o.ship_by_at))}, so the buyer was refunded ${money}. Missed deadlines count against your shop.`,
            ),
          },
        ];
      }),
      em,
    );
  }

  /** The escrow rule, before releaseAt: each buyer is reminded once that the seller is paid unless they report a problem. */
  async releaseReminder(em: EntityManager, orders: ClockOrder[]): Promise<void> {
    await this.notifications.notifyMany(
      orders.map((o) => ({
        userId: o.buyer_id,
        n: {
          type: 'order' as const,
          title: `Kasuwa pays the seller of ${o.order_number} on ${formatDateTime(iso(o.release_at))}`,
          body: 'Unless you report a problem before then. If all is well, you need do nothing.',
          link: `/orders/${o.id}/buyer`,
          email: true,
        },
      })),
      em,
    );
  }

  /**
   * Auto-received: the seller sees in the bell that the money is in their balance (the buyer's page already showed the
   * date). Bell only, one row per order, in one statement: ten thousand orders can come due in one run.
   */
  async autoCompleted(em: EntityManager, orders: ClockOrder[]): Promise<void> {
    await this.notifications.notifyMany(
      orders.map((o) => ({
        userId: o.seller_id,
        n: {
          type: 'order' as const,
          title: `Order ${o.order_number} is complete: its money is in your balance`,
          link: `/orders/${o.id}/seller`,
        },
      })),
      em,
    );
  }

  private orders(ids: number[]): Promise<NoticeOrder[]> {
    return this.db.query<NoticeOrder[]>(
      `SELECT id, buyer_id, seller_id, order_number, total_kobo, delivery_region, carrier, carrier_name, tracking_number FROM "order" WHERE id = ANY($1)`,
      [ids],
    );
  }

  private link(id: number, role: 'buyer' | 'seller'): string {
    return this.notifications.url(`/orders/${id}/${role}`);
  }
}
