import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Order, OrderChangeRole, OrderStatus } from '@kasuwa/contracts';
import type { Actor } from '../../common/auth.decorators';
import { notFound } from '../../common/errors';
import { HistoryRow, ORDER_COLUMNS, ORDER_FROM, OrderItemRow, OrderRow, toOrder } from './order.mapper';
import { likePattern, type PageRequest } from '../../common/list-query';

export const ORDER_NOT_FOUND = 'Order not found';

export interface AdminOrderSearch extends PageRequest<'createdAt' | 'totalAmount' | 'status' | 'orderNumber' | 'id' | 'updatedAt'> {
  search?: string;
  status?: string;
  /** A delivery method, or `none` for orders from before delivery options. */
  deliveryMethod?: string;
  /** Pay on delivery's outcome: `awaiting` (cash not yet confirmed, not refused), `cash_received`, `refused`. */
  podState?: string;
  /** One person's orders as buyer (`userId`) or as seller (`sellerId`). */
  userId?: number;
  sellerId?: number;
}

const POD_STATES: Record<string, string> = {
  awaiting: `o.delivery_method = 'pay_on_delivery' AND o.cash_received_at IS NULL AND o.delivery_refused_at IS NULL`,
  cash_received: `o.cash_received_at IS NOT NULL`,
  refused: `o.delivery_refused_at IS NOT NULL`,
};

const SORT_COLUMNS: Record<AdminOrderSearch['sort'], string> = {
  createdAt: 'o.created_at',
  updatedAt: 'o.updated_at',
  totalAmount: 'o.total_kobo',
  status: 'o.status',
  orderNumber: 'o.order_number',
  id: 'o.id',
};

/** Admin list filters; `cancelled` gathers every cancellation (the product constants filter list). */
const STATUS_GROUPS: Record<string, OrderStatus[]> = { cancelled: ['cancelled', 'cancelled_by_buyer'] };

/** Reading orders: a buyer's, a seller's, one for a party to it, and the admin lists. Three queries per page, no N+1. */
@Injectable()
export class OrdersQueryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  forBuyer(userId: number, limit: number, offset: number): Promise<Order[]> {
    return this.load(`o.buyer_id = $1`, [userId], 'o.created_at DESC, o.id DESC', limit, offset, () => 'buyer');
  }

  forSeller(userId: number, limit: number, offset: number): Promise<Order[]> {
    return this.load(`o.seller_id = $1`, [userId], 'o.created_at DESC, o.id DESC', limit, offset, () => 'seller');
  }

  /** The order for its buyer, its seller or an admin; anyone else gets the same 404 as for a missing order. */
  async visibleTo(actor: Actor, idOrNumber: string | number): Promise<Order> {
    const ref = String(idOrNumber).trim();
    const byNumber = /^KSW-\d+$/i.test(ref);
    if (!byNumber && !/^\d{1,9}$/.test(ref)) throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    const where = byNumber ? `o.order_number = upper($1)` : `o.id = $1::int`;
    const [order] = await this.load(where, [ref], 'o.id', 1, 0, (r) => roleOf(actor, r));
    if (!order || !order.viewerRole) throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    return order;
  }

  async adminList(q: AdminOrderSearch): Promise<{ orders: Order[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.status) {
      params.push(Object.hasOwn(STATUS_GROUPS, q.status) ? STATUS_GROUPS[q.status] : [q.status]); // own keys only: status=toString is just an unknown status
      where.push(`o.status = ANY($${params.length})`);
    }
    if (q.deliveryMethod === 'none') where.push(`o.delivery_method IS NULL`);
    else if (q.deliveryMethod) {
      params.push(q.deliveryMethod);
      where.push(`o.delivery_method = $${params.length}`);
    }
    if (q.podState) where.push(Object.hasOwn(POD_STATES, q.podState) ? POD_STATES[q.podState] : 'false');
    for (const [id, column] of [
      [q.userId, 'o.buyer_id'],
      [q.sellerId, 'o.seller_id'],
    ] as const) {
      if (id === undefined) continue;
      params.push(id);
      where.push(`${column} = $${params.length}`);
    }
    const term = q.search?.trim();
    if (term) {
      params.push(likePattern(term));
      // The product constants: order number, first name or email.
      where.push(
        `(o.order_number ILIKE $${params.length} OR b.first_name ILIKE $${params.length} OR b.email::text ILIKE $${params.length})`,
      );
    }
    const sql = where.join(' AND ') || 'true';
    const [{ total }] = await this.db.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM ${ORDER_FROM} WHERE ${sql}`, params);
    const orders = await this.load(sql, params, `${SORT_COLUMNS[q.sort]} ${q.order}, o.id ${q.order}`, q.limit, q.offset, () => 'admin');
    return { orders, total };
  }

  recent(limit: number): Promise<Order[]> {
    return this.load('true', [], 'o.created_at DESC, o.id DESC', limit, 0, () => 'admin');
  }

  byIds(ids: number[]): Promise<Order[]> {
    return this.load(`o.id = ANY($1)`, [ids], 'o.id', ids.length || 1, 0, () => null);
  }

  private async load(
    where: string,
    params: unknown[],
    orderBy: string,
    limit: number,
    offset: number,
    viewer: (r: OrderRow) => OrderChangeRole | null,
  ): Promise<Order[]> {
    const n = params.length;
    const rows = await this.db.query<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where} ORDER BY ${orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    );
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [items, history] = await Promise.all([
      this.db.query<OrderItemRow[]>(
        `SELECT i.id, i.order_id, i.product_id, i.quantity, i.price_kobo, i.currency, i.product_name, i.product_description, p.images
           FROM order_item i LEFT JOIN product p ON p.id = i.product_id WHERE i.order_id = ANY($1) ORDER BY i.id`,
        [ids],
      ),
      this.db.query<HistoryRow[]>(`SELECT * FROM order_status_history WHERE order_id = ANY($1) ORDER BY id`, [ids]),
    ]);
    return rows.map((r) =>
      toOrder(
        r,
        items.filter((i) => i.order_id === r.id),
        history.filter((h) => h.order_id === r.id),
        viewer(r),
      ),
    );
  }
}

/** The caller's role for this order: admins are admins; a user is its buyer or its seller, or nobody. */
export function roleOf(actor: Actor, o: { buyer_id: number; seller_id: number }): OrderChangeRole | null {
  if (actor.kind === 'admin') return 'admin';
  if (actor.id === o.buyer_id) return 'buyer';
  if (actor.id === o.seller_id) return 'seller';
  return null;
}
