import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatOrderMoney, koboToNaira, ORDER_STATUS_LABELS, type OrderChangeRole, type OrderStatus } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { MailService } from '../mail/mail.service';
import { NotificationsService } from '../notifications/notifications.service';

/** Order e-mails. Sent after the change is committed; a mail failure never undoes or fails the change itself. */
@Injectable()
export class OrderNotifier {
  private readonly logger = new Logger(OrderNotifier.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly mail: MailService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Receipt to the buyer, "new order" to each seller. */
  async paid(orderIds: number[]): Promise<void> {
    for (const o of await this.orders(orderIds)) {
      const money = formatOrderMoney(koboToNaira(Number(o.total_kobo)), 'NGN');
      await this.notifications.notify(o.seller_id, { type: 'order', title: `New paid order ${o.order_number} (${money})`, link: `/orders/${o.id}/seller` });
      await this.send(o.buyer_email, `Payment received for ${o.order_number}`, `We received your payment of ${money} for order ${o.order_number}.\nFollow it here: ${this.link(o.id, 'buyer')}`);
      await this.send(
        o.seller_email,
        `New paid order ${o.order_number}`,
        `You have a new paid order ${o.order_number} (${money}).\nDeliver to: ${o.delivery_region}.\nAccept and ship it here: ${this.link(o.id, 'seller')}`,
      );
    }
  }

  /** Tells the other party (and both, for an admin change) that the status moved. */
  async statusChanged(orderId: number, to: OrderStatus, by: OrderChangeRole): Promise<void> {
    const [o] = await this.orders([orderId]);
    if (!o) return;
    const text = `Order ${o.order_number} is now: ${ORDER_STATUS_LABELS[to]}.`;
    // The bell (issue 14): the same news in-app for whoever did not make the change.
    if (by !== 'buyer') await this.notifications.notify(o.buyer_id, { type: 'order', title: text, link: `/orders/${o.id}/buyer` });
    if (by !== 'seller') await this.notifications.notify(o.seller_id, { type: 'order', title: text, link: `/orders/${o.id}/seller` });
    if (by !== 'buyer') await this.send(o.buyer_email, `Order ${o.order_number}: ${ORDER_STATUS_LABELS[to]}`, `${text}\n${this.link(o.id, 'buyer')}`);
    if (by !== 'seller') await this.send(o.seller_email, `Order ${o.order_number}: ${ORDER_STATUS_LABELS[to]}`, `${text}\n${this.link(o.id, 'seller')}`);
  }

  /** A deleted account's address is blanked (null), so nobody is mailed at an anonymised address. */
  private orders(ids: number[]): Promise<{ id: number; buyer_id: number; seller_id: number; order_number: string; total_kobo: string; delivery_region: string; buyer_email: string | null; seller_email: string | null }[]> {
    return this.db.query(
      `SELECT o.id, o.buyer_id, o.seller_id, o.order_number, o.total_kobo, o.delivery_region,
              CASE WHEN b.status = 'deleted' THEN NULL ELSE b.email END AS buyer_email,
              CASE WHEN s.status = 'deleted' THEN NULL ELSE s.email END AS seller_email
         FROM "order" o JOIN app_user b ON b.id = o.buyer_id JOIN app_user s ON s.id = o.seller_id
        WHERE o.id = ANY($1)`,
      [ids],
    );
  }

  private link(id: number, role: 'buyer' | 'seller'): string {
    return `${this.cfg.app.publicUrl}/orders/${id}/${role}`;
  }

  private async send(to: string | null, subject: string, body: string): Promise<void> {
    if (!to) return;
    try {
      await this.mail.send(to, subject, body);
    } catch (err) {
      this.logger.error(`Order mail to ${to} failed: ${(err as Error).message}`);
    }
  }
}
