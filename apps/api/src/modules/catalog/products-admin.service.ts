import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PRODUCT_CONDITIONS, PRODUCT_STATUSES, type Product as ProductDto, type ProductStatus } from '@kasuwa/contracts';
import { conflict, notFound } from '../../common/errors';
import type { ListParams } from '../../common/list-query';
import { NotificationsService } from '../notifications/notifications.service';
import { ListingOffSale } from './listing-off-sale';
import { CategoriesService } from './categories.service';
import { PRODUCT_COLUMNS, PRODUCT_FROM, ProductRow, toProduct } from './product.mapper';
import { PRODUCT_NOT_FOUND } from './products.service';
import { CacheService } from '../cache/cache.service';
import { productCacheTag } from './product-cache';
import { audit } from '../../common/audit';

/** A Map, not an object: a client's `sort=["toString","ASC"]` must not find Object.prototype's members. */
const SORTS = new Map<string, string>([
  ['id', 'p.id'],
  ['productName', 'p.product_name'],
  ['productPrice', 'p.price_kobo'],
  ['productQuantity', 'p.quantity'],
  ['productStatus', 'p.status'],
  ['createdAt', 'p.created_at'],
  ['updatedAt', 'p.updated_at'],
]);

/** What admins do with listings: find any (server-side paging and filters), block with a reason, unblock. */
@Injectable()
export class ProductsAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly categories: CategoriesService,
    private readonly notifications: NotificationsService,
    private readonly offSale: ListingOffSale,
    private readonly cache: CacheService,
  ) {}

  async list(p: ListParams): Promise<{ rows: ProductDto[]; total: number }> {
    const where: string[] = ['TRUE'];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    const f = p.filter;
    if (typeof f.q === 'string' && f.q.trim()) add(`p.product_name ILIKE ?`, `%${f.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if ((PRODUCT_STATUSES as readonly unknown[]).includes(f.status)) add('p.status = ?', f.status);
    if ((PRODUCT_CONDITIONS as readonly unknown[]).includes(f.condition)) add('p.condition = ?', f.condition);
    if (f.category !== undefined && f.category !== '')
      add('p.category_id = ANY(?)', (await this.categories.subtreeIds(String(f.category))) ?? [-1]);
    if (f.id !== undefined) add('p.id = ANY(?)', (Array.isArray(f.id) ? f.id : [f.id]).map(Number).filter(Number.isInteger));
    const seller = f.seller ?? f.userID;
    if (seller !== undefined && seller !== '' && Number.isInteger(Number(seller))) add('p.user_id = ?', Number(seller));
    const order = `${SORTS.get(p.sortField) ?? 'p.created_at'} ${p.sortOrder}, p.id ${p.sortOrder}`;
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM product p WHERE ${where.join(' AND ')}`, params);
    const rows = await this.db.query<ProductRow[]>(
      `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE ${where.join(' AND ')} ORDER BY ${order} OFFSET ${p.offset} LIMIT ${p.limit}`,
      params,
    );
    return { rows: rows.map(toProduct), total: n };
  }

  async get(id: number): Promise<ProductDto> {
    const [row] = await this.db.query<ProductRow[]>(`SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.id = $1`, [id]);
    if (!row) throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    return toProduct(row);
  }

  /**
   * Blocks a listing; the seller sees the reason on their Products tab, in the bell and (their `listing` preference on)
   * by e-mail, written in the blocking transaction.
   */
  async block(id: number, reason: string): Promise<ProductDto> {
    const product = await this.get(id);
    await this.db.transaction(async (em) => {
      // A blocked listing cannot be sold: unpaid orders holding it are cancelled by the one rule (checkout totals drop).
      // The buyer sees a neutral reason; the admin's reason is for the seller.
      const how = { actorKind: 'admin' as const, reason: `“${product.productName}” was withdrawn from sale by Kasuwa before payment.` };
      await this.offSale.run(em, id, how, () =>
        em.query<[unknown[], number]>(`UPDATE product SET status = 'blocked', block_reason = $2, updated_at = now() WHERE id = $1`, [
          id,
          reason,
        ]),
      );
      const title = `Your listing "${product.productName}" was blocked`;
      await this.notifications.notify(
        product.userID,
        {
          type: 'listing',
          title,
          body: `Reason: ${reason}`,
          link: '/profile#products',
          email: true,
          emailText: `An admin blocked your listing.\n\nReason: ${reason}`,
        },
        em,
      );
      await audit(em, {
        action: 'products.block',
        targetType: 'products',
        targetId: id,
        before: { productStatus: product.productStatus },
        after: { productStatus: 'blocked' },
        reason,
      });
    });
    await this.cache.invalidateTags(productCacheTag(id));
    return this.get(id);
  }

  async unblock(id: number): Promise<ProductDto> {
    const product = await this.get(id);
    if (product.productStatus !== 'blocked') throw conflict('NOT_BLOCKED', 'This listing is not blocked.');
    await this.db.transaction(async (em) => {
      const [[row]] = await em.query<[{ status: 'active' | 'sold_out' }[], number]>(
        `UPDATE product SET status = CASE WHEN quantity > 0 THEN 'active' ELSE 'sold_out' END, block_reason = NULL, updated_at = now() WHERE id = $1 RETURNING status`,
        [id],
      );
      await audit(em, {
        action: 'products.unblock',
        targetType: 'products',
        targetId: id,
        before: { productStatus: 'blocked', blockReason: product.blockReason ?? null },
        after: { productStatus: row.status },
      });
    });
    await this.cache.invalidateTags(productCacheTag(id));
    return this.get(id);
  }

  /** Status changes from the back office's edit form. */
  async setStatus(id: number, status: ProductStatus, reason?: string): Promise<void> {
    if (status === 'blocked') {
      await this.block(id, reason || 'Blocked by an admin');
      return;
    }
    await this.db.transaction(async (em) => {
      const write = () =>
        em.query<[unknown[], number]>(`UPDATE product SET status = $2, block_reason = NULL, updated_at = now() WHERE id = $1`, [
          id,
          status,
        ]);
      // Withdrawn by an admin: like a seller's delete, the unpaid orders holding it are cancelled (the one rule).
      if (status === 'withdrawn')
        await this.offSale.run(em, id, { actorKind: 'admin', reason: 'The listing was withdrawn from sale before payment.' }, write);
      else await write();
      await audit(em, { action: 'products.status', targetType: 'products', targetId: id, after: { productStatus: status }, reason });
    });
    await this.cache.invalidateTags(productCacheTag(id));
  }
}
