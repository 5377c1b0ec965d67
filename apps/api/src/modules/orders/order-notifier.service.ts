import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatOrderMoney, koboToNaira, ORDER_STATUS_LABELS, type OrderChangeRole, type OrderStatus } from '@kasuwa/contracts';
import { NotificationsService } from '../notifications/notifications.service';

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
      await this.notifications.email(o.buyer_id, 'order', `Payment received for ${o.order_number}`, `We received your payment of ${money} for order ${o.order_number}.\nFollow it here: ${this.link(o.id, 'buyer')}`);
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

  /** Tells the other party (and both, for an admin change) that the status moved: in the bell and by e-mail. */
  async statusChanged(orderId: number, to: OrderStatus, by: OrderChangeRole): Promise<void> {
    const [o] = await this.orders([orderId]);
    if (!o) return;
    const text = `Order ${o.order_number} is now: ${ORDER_STATUS_LABELS[to]}.`;
    for (const role of ['buyer', 'seller'] as const) {
      if (by === role) continue;
      await this.notifications.notify(role === 'buyer' ? o.buyer_id : o.seller_id, {
        type: 'order',
        title: text,
        link: `/orders/${o.id}/${role}`,
        email: true,
        emailSubject: `Order ${o.order_number}: ${ORDER_STATUS_LABELS[to]}`,
        emailText: `${text}\n${this.link(o.id, role)}`,
      });
    }
  }

  private orders(ids: number[]): Promise<{ id: number; buyer_id: number; seller_id: number; order_number: string; total_kobo: string; delivery_region: string }[]> {
    return this.db.query(`SELECT id, buyer_id, seller_id, order_number, total_kobo, delivery_region FROM "order" WHERE id = ANY($1)`, [ids]);
  }

  private link(id: number, role: 'buyer' | 'seller'): string {
    return this.notifications.url(`/orders/${id}/${role}`);
  }
}
