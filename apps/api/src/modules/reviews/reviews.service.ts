import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { REVIEW_EDIT_DAYS, sellerRating, type AdminReview, type Review, type SellerRating } from '@kasuwa/contracts';
import { audit } from '../../common/audit';
import { conflict, notFound } from '../../common/errors';
import { likePattern } from '../../common/list-query';
import { NotificationsService } from '../notifications/notifications.service';
import { CreateReviewDto, ModerateReviewDto, UpdateReviewDto } from './dto/reviews.dto';
import { Review as ReviewRecord } from './entities/review.entity';
import type { AppUserRow, OrderRow, ReviewRow as ReviewTableRow } from '../../database/rows.generated';

export const REVIEW_NOT_FOUND = 'Review not found.';
const DAY_MS = 86_400_000;

interface ReviewRow {
  id: number;
  order_id: number;
  seller_id: number;
  buyer_id: number;
  buyer_name: string;
  rating: number;
  text: string;
  reply: string | null;
  replied_at: Date | null;
  edited_at: Date | null;
  created_at: Date;
  hidden_at: Date | null;
  hidden_reason: string | null;
}

// A deleted account shows as "Deleted user"; otherwise first name and last initial (a review is public).
const REVIEW_SELECT = `
  SELECT r.id, r.order_id, r.seller_id, r.buyer_id, r.rating, r.text, r.reply, r.replied_at, r.edited_at, r.created_at,
         r.hidden_at, r.hidden_reason,
         CASE WHEN b.status = 'deleted' THEN 'Deleted user'
              ELSE coalesce(nullif(trim(coalesce(b.first_name, '') || ' ' || coalesce(left(b.last_name, 1) || '.', '')), ''), split_part(b.email, '@', 1)) END AS buyer_name
    FROM review r JOIN app_user b ON b.id = r.buyer_id`;

function toReview(r: ReviewRow): Review {
  return {
    id: r.id,
    orderId: r.order_id,
    sellerId: r.seller_id,
    buyer: { id: r.buyer_id, fullName: r.buyer_name },
    rating: r.rating,
    text: r.text,
    reply: r.reply,
    repliedAt: r.replied_at ? new Date(r.replied_at).toISOString() : null,
    editedAt: r.edited_at ? new Date(r.edited_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    editableUntil: new Date(new Date(r.created_at).getTime() + REVIEW_EDIT_DAYS * DAY_MS).toISOString(),
  };
}

/** Ratings of sellers by the buyers of completed orders (docs/trust.md "Ratings"); nothing is ever invented. */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  /** Only the buyer of a completed order, once per order (the unique order_id decides a race). */
  async create(buyerId: number, dto: CreateReviewDto): Promise<Review> {
    const id = await this.db.transaction(async (em) => {
      const [order] = await em.query<Pick<OrderRow, 'buyer_id' | 'seller_id' | 'status'>[]>(
        `SELECT buyer_id, seller_id, status FROM "order" WHERE id = $1`,
        [dto.orderId],
      );
      // Someone else's order is an order that does not exist, to this caller.
      if (!order || order.buyer_id !== buyerId) throw notFound('ORDER_NOT_FOUND', 'Order not found.');
      if (order.status !== 'completed') throw conflict('ORDER_NOT_COMPLETED', 'You can rate the seller once the order is completed.');
      const [row] = await em.query<Pick<ReviewTableRow, 'id'>[]>(
        `INSERT INTO review (order_id, buyer_id, seller_id, rating, text) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (order_id) DO NOTHING RETURNING id`,
        [dto.orderId, buyerId, order.seller_id, dto.rating, dto.text],
      );
      if (!row) throw conflict('REVIEW_EXISTS', 'You have already rated this order. You can edit your review instead.');
      const title = `A buyer rated you ${dto.rating} of 5`;
      await this.notifications.notify(
        order.seller_id,
        {
          type: 'review',
          title,
          body: dto.text,
          link: `/seller/${order.seller_id}`,
          email: true,
          emailText: `${dto.text}\n\nReply on your shop page: ${this.notifications.url(`/seller/${order.seller_id}`)}`,
        },
        em,
      );
      return row.id as number;
    });
    return this.get(id);
  }

  /** The buyer edits their own review within REVIEW_EDIT_DAYS of writing it. */
  async update(buyerId: number, id: number, dto: UpdateReviewDto): Promise<Review> {
    const { affected } = await this.db
      .createQueryBuilder()
      .update(ReviewRecord)
      .set({ ...(dto.rating != null && { rating: dto.rating }), ...(dto.text != null && { text: dto.text }), editedAt: () => 'now()' })
      .where('id = :id AND buyer_id = :buyerId AND created_at > now() - make_interval(days => :days)', {
        id,
        buyerId,
        days: REVIEW_EDIT_DAYS,
      })
      .execute();
    if (!affected) {
      const [r] = await this.db.query<Pick<ReviewTableRow, 'buyer_id'>[]>(`SELECT buyer_id FROM review WHERE id = $1`, [id]);
      if (!r || r.buyer_id !== buyerId) throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND);
      throw conflict('REVIEW_EDIT_CLOSED', `A review can be edited for ${REVIEW_EDIT_DAYS} days after it was written.`);
    }
    return this.get(id);
  }

  /** The rated seller answers once. */
  async reply(sellerId: number, id: number, text: string): Promise<Review> {
    const { affected } = await this.db
      .createQueryBuilder()
      .update(ReviewRecord)
      .set({ reply: text, repliedAt: () => 'now()' })
      .where('id = :id AND seller_id = :sellerId AND reply IS NULL', { id, sellerId })
      .execute();
    if (!affected) {
      const [r] = await this.db.query<Pick<ReviewTableRow, 'seller_id'>[]>(`SELECT seller_id FROM review WHERE id = $1`, [id]);
      if (!r || r.seller_id !== sellerId) throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND);
      throw conflict('REVIEW_REPLY_EXISTS', 'You have already replied to this review.');
    }
    const review = await this.get(id);
    await this.notifications.notify(review.buyer.id, {
      type: 'review',
      title: 'The seller replied to your review',
      body: text,
      link: `/seller/${sellerId}`,
    });
    return review;
  }

  /** A review as its buyer or seller sees it (hidden ones too: they wrote or received it). */
  async get(id: number): Promise<Review> {
    return toReview(await this.row(id));
  }

  /** The buyer's review of an order, if any (the order page offers "Rate the seller" otherwise). */
  async forOrder(buyerId: number, orderId: number): Promise<Review | null> {
    const [row] = await this.db.query<ReviewRow[]>(`${REVIEW_SELECT} WHERE r.order_id = $1 AND r.buyer_id = $2`, [orderId, buyerId]);
    return row ? toReview(row) : null;
  }

  /** A seller's visible reviews, newest first, and their rating from the counters. */
  async forSeller(sellerId: number, limit: number, offset: number): Promise<{ rows: Review[]; rating: SellerRating }> {
    const [rows, rating] = await Promise.all([
      this.db.query<ReviewRow[]>(
        `${REVIEW_SELECT} WHERE r.seller_id = $1 AND r.hidden_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
        [sellerId, limit, offset],
      ),
      this.rating(sellerId),
    ]);
    return { rows: rows.map(toReview), rating };
  }

  async rating(sellerId: number): Promise<SellerRating> {
    const [u] = await this.db.query<Pick<AppUserRow, 'rating_count' | 'rating_sum' | 'rating_hidden'>[]>(
      `SELECT rating_count, rating_sum, rating_hidden FROM app_user WHERE id = $1`,
      [sellerId],
    );
    return u ? sellerRating(u.rating_count, u.rating_sum, u.rating_hidden) : sellerRating(0, 0, 0);
  }

  /** Back office: every review (hidden ones too), filterable by seller, hidden state and text. */
  async adminList(
    f: { sellerId?: number; hidden?: boolean; q?: string; ids?: number[] },
    order: 'ASC' | 'DESC',
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminReview[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => where.push(sql.replace('?', `$${params.push(v)}`));
    if (f.sellerId !== undefined) add('r.seller_id = ?', f.sellerId);
    if (f.hidden !== undefined) where.push(f.hidden ? 'r.hidden_at IS NOT NULL' : 'r.hidden_at IS NULL');
    if (f.q) add('r.text ILIKE ?', likePattern(f.q));
    if (f.ids) add('r.id = ANY(?::int[])', f.ids);
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<ReviewRow[]>(
        `${REVIEW_SELECT} ${w} ORDER BY r.created_at ${order}, r.id ${order} LIMIT ${limit} OFFSET ${offset}`,
        params,
      ),
      this.db.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM review r ${w}`, params),
    ]);
    return { rows: await this.withHistory(rows), total };
  }

  async adminGet(id: number): Promise<AdminReview> {
    const [r] = await this.withHistory([await this.row(id)]);
    return r;
  }

  /** Hide or restore, the reason kept in the history; the seller's counters follow (trigger). */
  async moderate(adminId: number, id: number, dto: ModerateReviewDto): Promise<AdminReview> {
    await this.db.transaction(async (em: EntityManager) => {
      const [before] = await em.query<{ hidden: boolean }[]>(
        `SELECT hidden_at IS NOT NULL AS hidden FROM review WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const { affected } = await em
        .createQueryBuilder()
        .update(ReviewRecord)
        .set(
          dto.hidden ? { hiddenAt: () => 'coalesce(hidden_at, now())', hiddenReason: dto.reason } : { hiddenAt: null, hiddenReason: null },
        )
        .where('id = :id', { id })
        .execute();
      if (!affected) throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND);
      await em.query(`INSERT INTO review_moderation (review_id, action, reason, admin_id) VALUES ($1, $2, $3, $4)`, [
        id,
        dto.hidden ? 'hide' : 'restore',
        dto.reason,
        adminId,
      ]);
      await audit(em, {
        action: dto.hidden ? 'reviews.hide' : 'reviews.restore',
        targetType: 'reviews',
        targetId: id,
        before: { hidden: before?.hidden ?? null },
        after: { hidden: dto.hidden },
        reason: dto.reason,
      });
    });
    return this.adminGet(id);
  }

  private async row(id: number): Promise<ReviewRow> {
    const [row] = await this.db.query<ReviewRow[]>(`${REVIEW_SELECT} WHERE r.id = $1`, [id]);
    if (!row) throw notFound('REVIEW_NOT_FOUND', REVIEW_NOT_FOUND);
    return row;
  }

  private async withHistory(rows: ReviewRow[]): Promise<AdminReview[]> {
    const history = rows.length
      ? await this.db.query<{ review_id: number; action: 'hide' | 'restore'; reason: string; admin_id: number | null; created_at: Date }[]>(
          `SELECT review_id, action, reason, admin_id, created_at FROM review_moderation WHERE review_id = ANY($1::int[]) ORDER BY id`,
          [rows.map((r) => r.id)],
        )
      : [];
    return rows.map((r) => ({
      ...toReview(r),
      hidden: r.hidden_at !== null,
      hiddenReason: r.hidden_reason,
      history: history
        .filter((h) => h.review_id === r.id)
        .map((h) => ({ action: h.action, reason: h.reason, adminId: h.admin_id, createdAt: new Date(h.created_at).toISOString() })),
    }));
  }
}
