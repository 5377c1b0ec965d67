import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MAX_FAVOURITES, type Product } from '@kasuwa/contracts';
import { conflict, notFound } from '../../common/errors';
import { PRODUCT_COLUMNS, PRODUCT_FROM, ProductRow, toProduct } from '../catalog/product.mapper';

const PRODUCT_NOT_FOUND = 'Product not found.';
const TOO_MANY = `You can save up to ${MAX_FAVOURITES} items. Remove some to save more.`;

/** A signed-in user's saved listings (docs/trust.md "Favourites"). */
@Injectable()
export class FavouritesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async ids(userId: number): Promise<number[]> {
    const rows = await this.db.query<{ product_id: number }[]>(
      `SELECT product_id FROM favourite WHERE user_id = $1 ORDER BY created_at DESC, product_id DESC`,
      [userId],
    );
    return rows.map((r) => r.product_id);
  }

  /** The saved listings still on sale, newest saved first (withdrawn, blocked and sold-out ones are not offered). */
  async products(userId: number): Promise<Product[]> {
    const rows = await this.db.query<ProductRow[]>(
      `SELECT ${PRODUCT_COLUMNS} FROM favourite f JOIN ${PRODUCT_FROM} ON p.id = f.product_id
        WHERE f.user_id = $1 AND p.status = 'active' ORDER BY f.created_at DESC, p.id DESC`,
      [userId],
    );
    return rows.map(toProduct);
  }

  /** Idempotent: saving a saved listing changes nothing. */
  async add(userId: number, productId: number): Promise<number[]> {
    const [product] = await this.db.query<unknown[]>(`SELECT 1 FROM product WHERE id = $1`, [productId]);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    const [{ count }] = await this.db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM favourite WHERE user_id = $1`, [
      userId,
    ]);
    const [already] = await this.db.query<unknown[]>(`SELECT 1 FROM favourite WHERE user_id = $1 AND product_id = $2`, [userId, productId]);
    if (!already && count >= MAX_FAVOURITES) throw conflict('TOO_MANY_FAVOURITES', TOO_MANY);
    await this.db.query(`INSERT INTO favourite (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, productId]);
    return this.ids(userId);
  }

  /** Idempotent: removing a listing that is not saved changes nothing. */
  async remove(userId: number, productId: number): Promise<number[]> {
    await this.db.query(`DELETE FROM favourite WHERE user_id = $1 AND product_id = $2`, [userId, productId]);
    return this.ids(userId);
  }

  /**
   * A device's favourites at sign-in: ids of listings that no longer exist are skipped (a device list may be old),
   * and the user's total stays within the limit (the device's extra ones are dropped, never the saved ones).
   */
  async merge(userId: number, productIds: number[]): Promise<number[]> {
    const unique = [...new Set(productIds)];
    if (unique.length) {
      await this.db.query(
        `INSERT INTO favourite (user_id, product_id)
         SELECT $1, p.id FROM product p WHERE p.id = ANY($2::int[])
            AND NOT EXISTS (SELECT 1 FROM favourite f WHERE f.user_id = $1 AND f.product_id = p.id)
          ORDER BY p.id
          LIMIT GREATEST(0, $3 - (SELECT count(*) FROM favourite WHERE user_id = $1))
         ON CONFLICT DO NOTHING`,
        [userId, unique, MAX_FAVOURITES],
      );
    }
    return this.ids(userId);
  }
}
