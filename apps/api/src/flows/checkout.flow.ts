import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DELIVERY_METHODS, koboToNaira, type CreateOrderResponse, type DeliveryMethod } from '@kasuwa/contracts';
import { conflict, invalidField } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { recordHistory } from '../modules/order-records/order-history';
import { OrderNotifier } from '../modules/orders/order-notifier.service';
import { CreateOrderDto } from '../modules/orders/dto/orders.dto';
import { reserveStock, ReservedLine } from '../modules/orders/stock';
import { CommissionRatesService } from '../modules/money/commission-rates.service';
import { LocationsService } from '../modules/locations/locations.service';
import { fullNameOf } from '../modules/users/entities/user.entity';
import { cheapest, sellerOptions } from '../modules/orders/delivery-options';
import { podBuyer, podOption, podRefusal, type PodBuyer } from '../modules/orders/pay-on-delivery';
import type { AppUserRow, CartItemRow, CheckoutSessionRow, OrderRow } from '../database/rows.generated';

const CHOICES = DELIVERY_METHODS;

/** What one seller's order carries for delivery (an old client's checkout: none of it, fee 0). */
interface DeliveryPlan {
  method: DeliveryMethod | null;
  zone: 'lga' | 'state' | 'other' | null;
  feeKobo: number;
  days: number | null;
}
const NO_DELIVERY: DeliveryPlan = { method: null, zone: null, feeKobo: 0, days: null };

/** Turns the buyer's server cart into one checkout session with one order per seller, holding the stock. */
@Injectable()
export class CheckoutFlow {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly rates: CommissionRatesService,
    private readonly locations: LocationsService,
    private readonly notifier: OrderNotifier,
  ) {}

  /** The structured address and the buyer's choices, checked before anything is locked (422 on any of them). */
  private async place(dto: CreateOrderDto): Promise<{ stateId: number; lgaId: number } | null> {
    if (dto.delivery !== undefined) {
      for (const [sellerId, method] of Object.entries(dto.delivery)) {
        if (!/^\d{1,9}$/.test(sellerId) || !CHOICES.includes(method))
          throw invalidField('delivery', 'Choose pickup, seller delivery or pay on delivery for each seller');
      }
    }
    if (dto.stateId === undefined && dto.lgaId === undefined) {
      if (dto.delivery !== undefined) throw invalidField('stateId', 'Choose the delivery state and local government area');
      return null;
    }
    if (dto.stateId === undefined) throw invalidField('stateId', 'Choose a state from the list');
    if (dto.lgaId === undefined) throw invalidField('lgaId', 'Choose a local government area from the list');
    await this.locations.address(dto.stateId, dto.lgaId);
    return { stateId: dto.stateId, lgaId: dto.lgaId };
  }

  /** One transaction: reserve every line or none, write session + orders + items + history, empty the cart. */
  async checkout(buyerId: number, dto: CreateOrderDto): Promise<CreateOrderResponse['data']> {
    const place = await this.place(dto);
    const cashAsked = Object.values(dto.delivery ?? {}).includes('pay_on_delivery');
    const placed = await this.db.transaction(async (em): Promise<CreateOrderResponse['data']> => {
      // Pay on delivery counts the buyer's open orders: the buyer's row lock makes two checkouts at once count each other.
      const buyer = cashAsked ? await podBuyer(em, buyerId, true) : null;
      // Locking the cart lines makes a double-clicked checkout wait, then find the cart empty.
      const lines = await em.query<Pick<CartItemRow, 'product_id' | 'quantity'>[]>(
        `SELECT product_id, quantity FROM cart_item WHERE user_id = $1 ORDER BY product_id FOR UPDATE`,
        [buyerId],
      );
      if (!lines.length) throw invalidField('cart', 'Your cart is empty. Add something before checking out.');

      const reserved = await reserveStock(em, buyerId, lines);
      // An accepted chat offer is for the buyer's next checkout of that listing only.
      await em.query(`DELETE FROM offer_price WHERE buyer_id = $1 AND product_id = ANY($2::int[])`, [buyerId, reserved.map((r) => r.id)]);
      const bySeller = new Map<number, ReservedLine[]>();
      for (const r of reserved) bySeller.set(r.user_id, [...(bySeller.get(r.user_id) ?? []), r]);
      const lineTotal = (r: ReservedLine) => Number(r.price_kobo) * r.quantity;
      // Fees come from the listings just locked, never from the client (docs/delivery.md: Delivery): the order's
      // total is goods + fee, so Paystack charges the fee with the goods and escrow holds and releases it with them.
      const plans = new Map<number, DeliveryPlan>();
      const goods = (sellerId: number) => bySeller.get(sellerId)!.reduce((sum, r) => sum + lineTotal(r), 0);
      let cashOrders = 0;
      for (const [sellerId, items] of [...bySeller.entries()].sort(([a], [b]) => a - b)) {
        const plan = place
          ? await this.plan(em, sellerId, items, place, dto.delivery?.[sellerId], { buyer, goodsKobo: goods(sellerId), cashOrders })
          : NO_DELIVERY;
        if (plan.method === 'pay_on_delivery') cashOrders += 1;
        plans.set(sellerId, plan);
      }
      const orderTotal = (sellerId: number) => goods(sellerId) + plans.get(sellerId)!.feeKobo;
      const cash = (sellerId: number) => plans.get(sellerId)!.method === 'pay_on_delivery';
      // Paystack charges the orders paid online; a pay-on-delivery order is paid to the seller at the door.
      const total = [...bySeller.keys()].filter((id) => !cash(id)).reduce((sum, sellerId) => sum + orderTotal(sellerId), 0);

      // Every order paid at the door: nothing waits for Paystack, so the checkout is `cash` from the start.
      const status = [...bySeller.keys()].every(cash) ? 'cash' : 'pending';
      const [session] = await em.query<Pick<CheckoutSessionRow, 'id' | 'reference' | 'expires_at'>[]>(
        `INSERT INTO checkout_session (buyer_id, total_kobo, shipping_address, receiver_phone_number, delivery_region, expires_at, state_id, lga_id, landmark, status)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6), $7, $8, $9, $10) RETURNING id, reference, expires_at`,
        [
          buyerId,
          total,
          dto.shippingAddress,
          dto.receiverPhoneNumber,
          dto.deliveryRegion,
          this.cfg.paystack.checkoutTtlMinutes,
          place?.stateId ?? null,
          place?.lgaId ?? null,
          dto.landmark || null,
          status,
        ],
      );

      const orders: CreateOrderResponse['data']['orders'] = [];
      // Sellers in ascending id so order numbers come out in a stable order.
      for (const [sellerId, items] of [...bySeller.entries()].sort(([a], [b]) => a - b)) {
        const d = plans.get(sellerId)!;
        // Nothing to wait for on a pay-on-delivery order: it goes to the seller at once (`processing`, unpaid).
        const [order] = await em.query<Pick<OrderRow, 'id' | 'order_number'>[]>(
          `INSERT INTO "order" (checkout_session_id, buyer_id, seller_id, total_kobo, shipping_address, receiver_phone_number, delivery_region,
                                state_id, lga_id, landmark, delivery_method, delivery_zone, delivery_fee_kobo, delivery_days, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id, order_number`,
          [
            session.id,
            buyerId,
            sellerId,
            orderTotal(sellerId),
            dto.shippingAddress,
            dto.receiverPhoneNumber,
            dto.deliveryRegion,
            place?.stateId ?? null,
            place?.lgaId ?? null,
            dto.landmark || null,
            d.method,
            d.zone,
            d.feeKobo,
            d.days,
            cash(sellerId) ? 'processing' : 'pending',
          ],
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
        orders.push({
          id: order.id,
          orderNumber: order.order_number,
          totalAmount: koboToNaira(orderTotal(sellerId)),
          payOnDelivery: cash(sellerId),
        });
      }
      await recordHistory(
        em,
        orders.map((o) =>
          o.payOnDelivery
            ? {
                orderId: o.id,
                from: null,
                to: 'processing' as const,
                actorKind: 'buyer' as const,
                actorId: buyerId,
                reason: 'Pay on delivery: the buyer pays the seller in cash at the door',
              }
            : { orderId: o.id, from: null, to: 'pending' as const, actorKind: 'buyer' as const, actorId: buyerId },
        ),
      );
      // The commission rates in force now apply to these orders for good.
      await this.rates.freeze(
        em,
        orders.map((o) => o.id),
      );
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
    // A pay-on-delivery order goes to its seller now (a paid one when Paystack says so): tell both, after the commit.
    const cash = placed.orders.filter((o) => o.payOnDelivery).map((o) => o.id);
    if (cash.length) await this.notifier.placedForCash(cash);
    return placed;
  }

  /**
   * The seller's option for this order: the buyer's choice when it reaches the address (else 422 naming the seller),
   * or the cheapest that does; a seller whose goods reach the address in no way is a 409 naming the listing.
   */
  private async plan(
    em: EntityManager,
    sellerId: number,
    items: ReservedLine[],
    place: { stateId: number; lgaId: number },
    chosen: DeliveryMethod | undefined,
    cash: { buyer: PodBuyer | null; goodsKobo: number; cashOrders: number },
  ): Promise<DeliveryPlan> {
    const { options, firstUnserved } = sellerOptions(items, place);
    if (firstUnserved) {
      throw conflict(
        'DELIVERY_UNAVAILABLE',
        `“${firstUnserved.product_name}” cannot be delivered to that address and has no pickup. Remove it from your cart or choose another address.`,
      );
    }
    const sellerName = async () => {
      const [u] = await em.query<Pick<AppUserRow, 'first_name' | 'last_name' | 'email'>[]>(
        `SELECT first_name, last_name, email FROM app_user WHERE id = $1`,
        [sellerId],
      );
      return fullNameOf({ firstName: u.first_name, lastName: u.last_name, email: u.email });
    };
    if (chosen === 'pay_on_delivery') {
      // The same rule the quote applies, on the rows just locked, counting this checkout's earlier cash orders.
      const delivery = options.find((o) => o.method === 'seller_delivery');
      const refusal = podRefusal(this.cfg, items, delivery, cash.goodsKobo, cash.buyer!, cash.cashOrders);
      if (refusal !== null || !delivery) {
        throw invalidField(
          `delivery.${sellerId}`,
          refusal ?? `${await sellerName()} does not offer pay on delivery for these items. Choose another delivery method.`,
        );
      }
      const o = podOption(delivery);
      return { method: o.method, zone: o.zone, feeKobo: o.feeKobo, days: o.days };
    }
    const option = chosen ? options.find((o) => o.method === chosen) : cheapest(options);
    if (!option) {
      const name = await sellerName();
      const label = chosen === 'pickup' ? 'Pickup' : 'Seller delivery';
      throw invalidField(
        `delivery.${sellerId}`,
        `${label} is not offered by ${name} for this address. Choose another delivery method for ${name}.`,
      );
    }
    return { method: option.method, zone: option.zone, feeKobo: option.feeKobo, days: option.days };
  }
}
