import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Order, OrderStatus, PayOnDeliveryStats } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import type { Actor } from '../common/auth.decorators';
import { conflict, notFound } from '../common/errors';
import { availableOf, COMMISSION, LedgerService, owedBy } from '../modules/money/ledger.service';
import { recordHistory } from '../modules/order-records/order-history';
import { OrderNotifier } from '../modules/orders/order-notifier.service';
import { ORDER_NOT_FOUND, OrdersQueryService } from '../modules/orders/orders-query.service';
import { releaseStock } from '../modules/orders/stock';
import { ENDED_SQL as POD_ENDED_SQL } from '../modules/orders/pay-on-delivery';
import type { OrderRow } from '../database/rows.generated';

/** Where the seller may confirm the cash: from acceptance to the door (a seller who hands over in person skips shipping). */
const CASH_FROM: readonly OrderStatus[] = ['processing', 'accepted_by_seller', 'shipped', 'on_the_way'];
/** A refusal happens at the door: the goods went out first. */
const REFUSED_FROM: readonly OrderStatus[] = ['shipped', 'on_the_way'];

interface CashOrder {
  id: number;
  order_number: string;
  seller_id: number;
  status: OrderStatus;
  delivery_method: string | null;
  commission_kobo: string;
  cash_received_at: Date | null;
  delivery_refused_at: Date | null;
}

/** stats(): the counts cast to int, the owed balance (a bigint sum) as text. */
interface PodStatsRow {
  id: number;
  b_open: number;
  b_cash: number;
  b_refused: number;
  s_open: number;
  s_cash: number;
  s_refused: number;
  owed: string;
}

/**
 * Pay on delivery ends at the door, by the seller's word. "Cash received" completes the order (the buyer paid the
 * seller's rider) and Kasuwa's commission, frozen on the goods at checkout, is taken from the seller's balance: from the
 * available balance first, the rest owed (the one negative balance a seller can have), paid back at the next payout.
 * "Buyer refused delivery" ends it with the goods back on sale; two refusals close pay on delivery to that buyer
 * (podRefusal). Each runs in one transaction under the checkout → order lock order, and each happens once.
 */
@Injectable()
export class PayOnDeliveryFlow {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly query: OrdersQueryService,
    private readonly notifier: OrderNotifier,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async cashReceived(actor: Actor, orderId: number): Promise<Order> {
    await this.db.transaction(async (em) => {
      const o = await this.lockSellersOrder(em, actor, orderId, CASH_FROM, 'confirm the cash');
      await em.query(
        `UPDATE "order" SET status = 'completed', payment_status = 'paid', paid_at = now(), cash_received_at = now(),
                delivered_at = coalesce(delivered_at, now()), updated_at = now() WHERE id = $1`,
        [o.id],
      );
      await recordHistory(em, [
        { orderId: o.id, from: o.status, to: 'completed', actorKind: 'seller', actorId: actor.id, reason: 'Cash received on delivery' },
      ]);
      const commission = Number(o.commission_kobo);
      const available = commission > 0 ? await this.ledger.lockBalance(em, availableOf(o.seller_id)) : 0;
      const fromAvailable = Math.min(available, commission);
      await this.ledger.post(
        em,
        {
          kind: 'cod_commission',
          ref: `order:${o.id}`,
          orderId: o.id,
          userId: o.seller_id,
          memo: `Commission on ${o.order_number}, paid to you in cash on delivery`,
        },
        [
          [availableOf(o.seller_id), -fromAvailable],
          [owedBy(o.seller_id), -(commission - fromAvailable)],
          [COMMISSION, commission],
        ],
      );
    });
    await this.notifier.statusChanged(orderId, 'completed', 'seller');
    return this.query.visibleTo(actor, orderId);
  }

  async deliveryRefused(actor: Actor, orderId: number, reason?: string): Promise<Order> {
    await this.db.transaction(async (em) => {
      const o = await this.lockSellersOrder(em, actor, orderId, REFUSED_FROM, 'report a refused delivery');
      await em.query(
        `UPDATE "order" SET status = 'rejected_by_buyer', payment_status = 'cancelled', delivery_refused_at = now(), updated_at = now() WHERE id = $1`,
        [o.id],
      );
      await recordHistory(em, [
        {
          orderId: o.id,
          from: o.status,
          to: 'rejected_by_buyer',
          actorKind: 'seller',
          actorId: actor.id,
          reason: `Refused at the door (pay on delivery)${reason ? `: ${reason}` : ''}`,
        },
      ]);
      // The goods came back with the rider: they are on sale again.
      await releaseStock(em, [o.id]);
    });
    await this.notifier.statusChanged(orderId, 'rejected_by_buyer', 'seller');
    return this.query.visibleTo(actor, orderId);
  }

  /** One person's pay-on-delivery record on both sides, for the back office; 404 for no such user. */
  async stats(userId: number): Promise<PayOnDeliveryStats['data']> {
    const [r] = await this.db.query<PodStatsRow[]>(
      `SELECT u.id,
              count(o.id) FILTER (WHERE o.buyer_id = u.id AND o.status NOT IN (${POD_ENDED_SQL}))::int AS b_open,
              count(o.id) FILTER (WHERE o.buyer_id = u.id AND o.cash_received_at IS NOT NULL)::int AS b_cash,
              count(o.id) FILTER (WHERE o.buyer_id = u.id AND o.delivery_refused_at IS NOT NULL)::int AS b_refused,
              count(o.id) FILTER (WHERE o.seller_id = u.id AND o.status NOT IN (${POD_ENDED_SQL}))::int AS s_open,
              count(o.id) FILTER (WHERE o.seller_id = u.id AND o.cash_received_at IS NOT NULL)::int AS s_cash,
              count(o.id) FILTER (WHERE o.seller_id = u.id AND o.delivery_refused_at IS NOT NULL)::int AS s_refused,
              (SELECT coalesce(-sum(balance_kobo), 0) FROM ledger_account WHERE code = 'seller_owed:' || u.id)::text AS owed
         FROM app_user u LEFT JOIN "order" o ON (o.buyer_id = u.id OR o.seller_id = u.id) AND o.delivery_method = 'pay_on_delivery'
        WHERE u.id = $1 GROUP BY u.id`,
      [userId],
    );
    if (!r) throw notFound('USER_NOT_FOUND', 'User not found');
    return {
      asBuyer: { open: r.b_open, cashReceived: r.b_cash, refused: r.b_refused, closed: r.b_refused >= this.cfg.delivery.podMaxRefused },
      asSeller: { open: r.s_open, cashReceived: r.s_cash, refused: r.s_refused, owedKobo: r.owed },
    };
  }

  /** The caller's own pay-on-delivery order, locked, still open and in one of `from`; else 404 or 409 saying why. */
  private async lockSellersOrder(
    em: EntityManager,
    actor: Actor,
    orderId: number,
    from: readonly OrderStatus[],
    what: string,
  ): Promise<CashOrder> {
    const [head] = await em.query<Pick<OrderRow, 'seller_id' | 'checkout_session_id'>[]>(
      `SELECT seller_id, checkout_session_id FROM "order" WHERE id = $1`,
      [orderId],
    );
    if (!head || head.seller_id !== actor.id) throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    await em.query(`SELECT id FROM checkout_session WHERE id = $1 FOR UPDATE`, [head.checkout_session_id]);
    const [o] = await em.query<CashOrder[]>(
      `SELECT id, order_number, seller_id, status, delivery_method, commission_kobo, cash_received_at, delivery_refused_at FROM "order" WHERE id = $1 FOR UPDATE`,
      [orderId],
    );
    if (o.delivery_method !== 'pay_on_delivery')
      throw conflict('NOT_PAY_ON_DELIVERY', 'This order was paid online: Kasuwa pays you when the buyer has the goods.');
    if (o.cash_received_at) throw conflict('POD_SETTLED', 'The cash for this order was already confirmed.');
    if (o.delivery_refused_at) throw conflict('POD_SETTLED', 'This delivery was already reported refused.');
    if (!from.includes(o.status)) {
      throw conflict(
        'INVALID_STATUS_TRANSITION',
        `The order is ${o.status.replace(/_/g, ' ')}: you can ${what} only while it is ${from.map((s) => s.replace(/_/g, ' ')).join(', ')}.`,
      );
    }
    return o;
  }
}
