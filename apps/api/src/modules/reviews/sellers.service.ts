import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sellerRating, type SellerProfile } from '@kasuwa/contracts';
import { notFound } from '../../common/errors';
import { SELLER_VERIFIED_COLUMNS } from '../catalog/product.mapper';
import type { AppUserRow } from '../../database/rows.generated';

/** facts(): the seller's counters, a count cast to int and SELLER_VERIFIED_COLUMNS. */
type SellerFactsRow = Pick<
  AppUserRow,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'profile_image'
  | 'created_at'
  | 'active_listings'
  | 'completed_orders'
  | 'rating_count'
  | 'rating_sum'
  | 'rating_hidden'
> & { missed_ship_by: number; seller_email_verified: boolean; seller_phone_verified: boolean };

export const SELLER_NOT_FOUND = 'Seller not found.';

/** A seller's public facts, all from counters on app_user (one statement). Deleted and suspended accounts have no shop. */
@Injectable()
export class SellersService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async profile(id: number): Promise<SellerProfile> {
    const facts = await this.facts(id);
    if (!facts) throw notFound('SELLER_NOT_FOUND', SELLER_NOT_FOUND);
    return { ...facts, responseMinutes: await this.responseMinutes(id) };
  }

  /** Everything but the response time, from the counters (one statement; a link preview needs no more); null: no shop. */
  async facts(
    id: number,
    db: { query<T = unknown>(sql: string, params?: unknown[]): Promise<T> } = this.db,
  ): Promise<Omit<SellerProfile, 'responseMinutes'> | null> {
    const [u] = await db.query<SellerFactsRow[]>(
      `SELECT id, first_name, last_name, email, profile_image, created_at, active_listings, completed_orders, rating_count, rating_sum, rating_hidden,
              (SELECT count(*)::int FROM "order" o WHERE o.seller_id = u.id AND o.ship_by_missed_at IS NOT NULL) AS missed_ship_by,
              ${SELLER_VERIFIED_COLUMNS}
         FROM app_user u WHERE id = $1 AND status = 'active'`,
      [id],
    );
    if (!u) return null;
    return {
      id: u.id,
      fullName: [u.first_name, u.last_name].filter(Boolean).join(' ') || String(u.email).split('@')[0],
      profileImage: u.profile_image,
      memberSince: new Date(u.created_at).toISOString(),
      listings: u.active_listings,
      completedOrders: u.completed_orders,
      missedShipBy: u.missed_ship_by,
      rating: sellerRating(u.rating_count, u.rating_sum, u.rating_hidden),
      verified: { email: u.seller_email_verified, phone: u.seller_phone_verified },
    };
  }

  async assertSeller(id: number): Promise<number> {
    const [u] = await this.db.query<unknown[]>(`SELECT 1 FROM app_user WHERE id = $1 AND status = 'active'`, [id]);
    if (!u) throw notFound('SELLER_NOT_FOUND', SELLER_NOT_FOUND);
    return id;
  }

  /** Median minutes from a buyer's first message to the seller's first answer, over the last 90 days' conversations. */
  private async responseMinutes(id: number): Promise<number | null> {
    const [r] = await this.db.query<{ m: number | null }[]>(
      `SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (a.at - f.at)) / 60))::int AS m
         FROM conversation c
         CROSS JOIN LATERAL (SELECT min(created_at) AS at FROM message WHERE conversation_id = c.id AND sender_id = c.buyer_id) f
         CROSS JOIN LATERAL (SELECT min(created_at) AS at FROM message WHERE conversation_id = c.id AND sender_id = c.seller_id AND created_at > f.at) a
        WHERE c.seller_id = $1 AND c.created_at > now() - interval '90 days' AND a.at IS NOT NULL`,
      [id],
    );
    return r?.m ?? null;
  }
}
