import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { koboToNaira, type CreateOrderResponse } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { recordHistory } from './order-history';
import { CreateOrderDto } from './dto/orders.dto';
import { reserveStock, ReservedLine } from './stock';
import { CommissionRatesService } from '../money/commission-rates.service';

/** Turns the buyer's server cart into one checkout session with one order per seller, holding the stock. */
@Injectable()
export class CheckoutService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly rates: CommissionRatesService,
  ) {}

  /** One transaction: reserve every line or none, write session + orders + items + history, empty the cart. */
  async checkout(buyerId: number, dto: CreateOrderDto): Promise<CreateOrderResponse['data']> {
    return this.db.transaction(async (em) => {
      // Locking the cart lines makes a double-clicked checkout wait, then find the cart empty.
      const lines: { product_id: number; quantity: number }[] = await em.query(
        `SELECT product_id, quantity FROM cart_item WHERE user_id = $1 ORDER BY product_id FOR UPDATE`,
        [buyerId],
      );
      if (!lines.length) throw invalidField('cart', 'Your cart is empty. Add something before checking out.');

      const reserved = await reserveStock(em, buyerId, lines);
      // An accepted chat offer is for the buyer's next checkout of that listing only (issue 14).
      await em.query(`DELETE FROM offer_price WHERE buyer_id = $1 AND product_id = ANY($2::int[])`, [buyerId, reserved.map((r) => r.id)]);
      const bySeller = new Map<number, ReservedLine[]>();
      for (const r of reserved) bySeller.set(r.user_id, [...(bySeller.get(r.user_id) ?? []), r]);
      const lineTotal = (r: ReservedLine) => Number(r.price_kobo) * r.quantity;
      const total = reserved.reduce((sum, r) => sum + lineTotal(r), 0);

      const [session] = await em.query(
        `INSERT INTO checkout_session (buyer_id, total_kobo, shipping_address, receiver_phone_number, delivery_region, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6)) RETURNING id, reference, expires_at`,
        [buyerId, total, dto.shippingAddress, dto.receiverPhoneNumber, dto.deliveryRegion, this.cfg.paystack.checkoutTtlMinutes],
      );

      const orders: CreateOrderResponse['data']['orders'] = [];
      // Sellers in ascending id so order numbers come out in a stable order.
      for (const [sellerId, items] of [...bySeller.entries()].sort(([a], [b]) => a - b)) {
        const orderTotal = items.reduce((sum, r) => sum + lineTotal(r), 0);
        const [order] = await em.query(
          `INSERT INTO "order" (checkout_session_id, buyer_id, seller_id, total_kobo, shipping_address, receiver_phone_number, delivery_region)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, order_number`,
          [session.id, buyerId, sellerId, orderTotal, dto.shippingAddress, dto.receiverPhoneNumber, dto.deliveryRegion],
        );
        await em.query(
          `INSERT INTO order_item (order_id, product_id, quantity, price_kobo, product_name, product_description)
           SELECT $1, * FROM unnest($2::int[], $3::int[], $4::bigint[], $5::varchar[], $6::text[])`,
          [
            order.id,
            items.map((i) => i.id),
            items.map((i) => i.quantity),
            items.map((i) => i.price_kobo),
            items.map((i) => i.product_name),
            items.map((i) => i.product_description),
          ],
        );
        orders.push({ id: order.id, orderNumber: order.order_number, totalAmount: koboToNaira(orderTotal) });
      }
      await recordHistory(
        em,
        orders.map((o) => ({ orderId: o.id, from: null, to: 'pending', actorKind: 'buyer', actorId: buyerId })),
      );
      // The commission rates in force now apply to these orders for good.
      await this.rates.freeze(em, orders.map((o) => o.id));
      await em.query(`DELETE FROM cart_item WHERE user_id = $1`, [buyerId]);
      return {
        checkoutSessionId: session.id,
        reference: session.reference,
        totalAmount: koboToNaira(total),
        currency: 'NGN',
        expiresAt: new Date(session.expires_at).toISOString(),
        orders,
      };
    });
  }
}
