import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CommissionRate } from '@kasuwa/contracts';
import { conflict, invalidField, notFound } from '../../common/errors';
import type { PageRequest } from '../../common/list-query';
import type { CommissionRateDto, UpdateCommissionRateDto } from './dto/money.dto';
import { audit } from '../../common/audit';
import type { CommissionRateRow } from '../../database/rows.generated';

/** A rate with its category's name (none for the default rate). */
type CommissionRateLine = CommissionRateRow & { category_name: string | null };

type CommissionRateView = CommissionRate;

/** The back office's sortable columns (react-admin's names) and what each orders by. */
export const COMMISSION_RATE_SORTS = {
  id: 'r.id',
  rateBp: 'r.rate_bp',
  categoryId: 'r.category_id',
  categoryName: 'c.category_name',
  updatedAt: 'r.updated_at',
} as const;
export type CommissionRateSort = keyof typeof COMMISSION_RATE_SORTS;

/**
 * Kasuwa's commission in basis points: a default (the row without a category) and per-category rates; a category's
 * rate covers its sub-categories unless they have their own. Frozen on each order item at checkout.
 */
@Injectable()
export class CommissionRatesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list({ sort, order, offset, limit }: PageRequest<CommissionRateSort>): Promise<{ rows: CommissionRateView[]; total: number }> {
    const rows = await this.db.query<CommissionRateLine[]>(
      `SELECT r.*, c.category_name FROM commission_rate r LEFT JOIN category c ON c.id = r.category_id
        ORDER BY ${COMMISSION_RATE_SORTS[sort]} ${order} NULLS FIRST, r.id LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM commission_rate`);
    return { rows: rows.map(toView), total: n };
  }

  async get(id: number): Promise<CommissionRateView> {
    const [r] = await this.db.query<CommissionRateLine[]>(
      `SELECT r.*, c.category_name FROM commission_rate r LEFT JOIN category c ON c.id = r.category_id WHERE r.id = $1`,
      [id],
    );
    if (!r) throw notFound('COMMISSION_RATE_NOT_FOUND', 'Commission rate not found');
    return toView(r);
  }

  async create({ categoryId = null, rateBp }: CommissionRateDto): Promise<CommissionRateView> {
    if (categoryId !== null) {
      const [c] = await this.db.query<unknown[]>(`SELECT 1 FROM category WHERE id = $1`, [categoryId]);
      if (!c) throw invalidField('categoryId', 'No such category');
    }
    const id = await this.db.transaction(async (em) => {
      const [r] = await em.query<Pick<CommissionRateRow, 'id'>[]>(
        `INSERT INTO commission_rate (category_id, rate_bp) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
        [categoryId, rateBp],
      );
      if (!r)
        throw conflict(
          'COMMISSION_RATE_EXISTS',
          categoryId === null ? 'There is already a default rate: edit it.' : 'This category already has a rate: edit it.',
        );
      await audit(em, { action: 'commission-rates.create', targetType: 'commission-rates', targetId: r.id, after: { categoryId, rateBp } });
      return r.id as number;
    });
    return this.get(id);
  }

  /** A rate change, with its audit entry in the same transaction (what every later order's commission follows). */
  async update(id: number, { rateBp }: UpdateCommissionRateDto): Promise<CommissionRateView> {
    const before = await this.get(id);
    await this.db.transaction(async (em) => {
      await em.query(`UPDATE commission_rate SET rate_bp = $2, updated_at = now() WHERE id = $1`, [id, rateBp]);
      await audit(em, {
        action: 'commission-rates.update',
        targetType: 'commission-rates',
        targetId: id,
        before: { rateBp: before.rateBp },
        after: { rateBp },
      });
    });
    return this.get(id);
  }

  async remove(id: number): Promise<CommissionRateView> {
    const r = await this.get(id);
    if (r.categoryId === null) throw conflict('DEFAULT_RATE_REQUIRED', 'The default rate cannot be deleted; change it instead.');
    await this.db.transaction(async (em) => {
      await em.query(`DELETE FROM commission_rate WHERE id = $1`, [id]);
      await audit(em, {
        action: 'commission-rates.delete',
        targetType: 'commission-rates',
        targetId: id,
        before: { categoryId: r.categoryId, rateBp: r.rateBp },
      });
    });
    return r;
  }

  /** The rate that applies to a category (nearest own-or-ancestor rate, else the default). */
  async rateFor(categoryId: number | null): Promise<number> {
    const [r] = await this.db.query<Pick<CommissionRateRow, 'rate_bp'>[]>(`${NEAREST} SELECT rate_bp FROM chosen`, [categoryId]);
    return Number(r.rate_bp);
  }

  /** Freezes each item's rate and the order's commission at checkout (inside the checkout's transaction). */
  async freeze(em: EntityManager, orderIds: number[]): Promise<void> {
    if (!orderIds.length) return;
    await em.query(
      `WITH RECURSIVE up AS (
         SELECT i.id AS item_id, p.category_id AS cat, 0 AS depth FROM order_item i JOIN product p ON p.id = i.product_id WHERE i.order_id = ANY($1)
         UNION ALL
         SELECT up.item_id, c.parent_category_id, up.depth + 1 FROM up JOIN category c ON c.id = up.cat WHERE up.depth < 20 AND c.parent_category_id IS NOT NULL
       ), own AS (
         SELECT DISTINCT ON (up.item_id) up.item_id, r.rate_bp FROM up JOIN commission_rate r ON r.category_id = up.cat ORDER BY up.item_id, up.depth
       )
       UPDATE order_item i SET commission_bp = coalesce(own.rate_bp, d.rate_bp)
         FROM (SELECT rate_bp FROM commission_rate WHERE category_id IS NULL) d, order_item x LEFT JOIN own ON own.item_id = x.id
        WHERE x.id = i.id AND i.order_id = ANY($1)`,
      [orderIds],
    );
    await em.query(
      `UPDATE "order" o SET commission_kobo = (SELECT coalesce(sum(i.price_kobo * i.quantity * i.commission_bp / 10000), 0) FROM order_item i WHERE i.order_id = o.id)
        WHERE o.id = ANY($1)`,
      [orderIds],
    );
  }
}

/** $1 = a category id (or null): the nearest rate up its ancestry, else the default. */
const NEAREST = `WITH RECURSIVE up AS (
    SELECT id AS cat, parent_category_id AS parent, 0 AS depth FROM category WHERE id = $1
    UNION ALL SELECT c.id, c.parent_category_id, up.depth + 1 FROM up JOIN category c ON c.id = up.parent WHERE up.depth < 20
  ), chosen AS (
    (SELECT r.rate_bp FROM up JOIN commission_rate r ON r.category_id = up.cat ORDER BY up.depth LIMIT 1)
    UNION ALL (SELECT rate_bp FROM commission_rate WHERE category_id IS NULL)
    LIMIT 1
  )`;

function toView(r: CommissionRateLine): CommissionRateView {
  return {
    id: Number(r.id),
    categoryId: (r.category_id as number) ?? null,
    categoryName: (r.category_name as string) ?? null,
    rateBp: Number(r.rate_bp),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
