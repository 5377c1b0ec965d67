import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AdminReportDetail, ReportTargetPreview, ReportTargetType } from '@kasuwa/contracts';
import { invalidField, notFound } from '../../common/errors';
import type { AppUserRow, ConversationRow, ProductRow, ReportRow } from '../../database/rows.generated';

const NAME = `coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), split_part(u.email, '@', 1))`;

/** What a report points at: checks a reporter may report it, and previews it for the moderation queue. */
@Injectable()
export class ReportTargets {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Locks the target row (reports of one target queue behind each other) and refuses reporting oneself or one's own listing. */
  async lockForReport(
    em: EntityManager,
    type: ReportTargetType,
    id: number,
    reporterId: number,
  ): Promise<{ status: string; ownerId: number | null; title: string }> {
    if (type === 'product') {
      const [p] = await em.query<Pick<ProductRow, 'user_id' | 'status' | 'product_name'>[]>(
        `SELECT user_id, status, product_name FROM product WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!p) throw notFound('PRODUCT_NOT_FOUND', 'Product not found.');
      if (p.user_id === reporterId) throw invalidField('targetId', 'You cannot report your own listing');
      return { status: p.status, ownerId: p.user_id, title: p.product_name };
    }
    if (type === 'user') {
      const [u] = await em.query<Pick<AppUserRow, 'id' | 'status'>[]>(
        `SELECT id, status FROM app_user WHERE id = $1 AND status <> 'deleted' FOR UPDATE`,
        [id],
      );
      if (!u) throw notFound('USER_NOT_FOUND', 'User not found.');
      if (u.id === reporterId) throw invalidField('targetId', 'You cannot report yourself');
      return { status: u.status, ownerId: u.id, title: '' };
    }
    // A conversation is reported only by one of its two members.
    const [c] = await em.query<Pick<ConversationRow, 'id' | 'buyer_id' | 'seller_id'>[]>(
      `SELECT id, buyer_id, seller_id FROM conversation WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!c || (c.buyer_id !== reporterId && c.seller_id !== reporterId))
      throw notFound('CONVERSATION_NOT_FOUND', 'Conversation not found.');
    return { status: 'open', ownerId: c.buyer_id === reporterId ? c.seller_id : c.buyer_id, title: '' };
  }

  async preview(type: ReportTargetType, id: number): Promise<ReportTargetPreview> {
    if (type === 'product') {
      const [p] = await this.db.query<(Pick<ProductRow, 'product_name' | 'status' | 'user_id'> & { image: string | null })[]>(
        `SELECT product_name, status, images->0->>'thumbnailUrl' AS image, user_id FROM product WHERE id = $1`,
        [id],
      );
      if (!p) return { title: `Deleted listing #${id}`, imageUrl: null, status: 'deleted', link: null, userId: null };
      return { title: p.product_name, imageUrl: p.image, status: p.status, link: `/product/${id}`, userId: p.user_id };
    }
    if (type === 'user') {
      const [u] = await this.db.query<(Pick<AppUserRow, 'email' | 'status' | 'profile_image'> & { name: string })[]>(
        `SELECT ${NAME} AS name, u.email, u.status, u.profile_image FROM app_user u WHERE u.id = $1`,
        [id],
      );
      if (!u) return { title: `User #${id}`, imageUrl: null, status: 'deleted', link: null, userId: null };
      return { title: `${u.name} <${u.email}>`, imageUrl: u.profile_image, status: u.status, link: `/seller/${id}`, userId: id };
    }
    const [c] = await this.db.query<(Pick<ConversationRow, 'buyer_id' | 'seller_id'> & { product_name: string | null })[]>(
      `SELECT c.buyer_id, c.seller_id, p.product_name FROM conversation c LEFT JOIN product p ON p.id = c.product_id WHERE c.id = $1`,
      [id],
    );
    if (!c) return { title: `Conversation #${id}`, imageUrl: null, status: 'deleted', link: null, userId: null };
    // The reported party of a conversation: the member who did not report it (the first open report decides).
    const [r] = await this.db.query<Pick<ReportRow, 'reporter_id'>[]>(
      `SELECT reporter_id FROM report WHERE target_type = 'conversation' AND target_id = $1 ORDER BY id LIMIT 1`,
      [id],
    );
    const other = r && r.reporter_id === c.buyer_id ? c.seller_id : c.buyer_id;
    return { title: `Chat about “${c.product_name ?? 'a deleted listing'}”`, imageUrl: null, status: 'open', link: null, userId: other };
  }

  /** A reported conversation's thread, for the admin deciding on it. */
  async messages(conversationId: number): Promise<NonNullable<AdminReportDetail['messages']>> {
    const rows = await this.db.query<
      {
        id: number;
        sender_id: number;
        name: string;
        text: string | null;
        photo_url: string | null;
        offer_kobo: string | null;
        created_at: Date;
      }[]
    >(
      `SELECT m.id, m.sender_id, CASE WHEN u.status = 'deleted' THEN 'Deleted user' ELSE ${NAME} END AS name, m.text, m.photo->>'imageUrl' AS photo_url, m.offer_kobo, m.created_at
         FROM message m JOIN app_user u ON u.id = m.sender_id WHERE m.conversation_id = $1 ORDER BY m.id LIMIT 500`,
      [conversationId],
    );
    return rows.map((m) => ({
      id: m.id,
      senderId: m.sender_id,
      senderName: m.name,
      text: m.text,
      photoUrl: m.photo_url,
      offerKobo: m.offer_kobo,
      createdAt: new Date(m.created_at).toISOString(),
    }));
  }
}
