import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatNaira, koboToNaira, type ChatMessage, type Conversation } from '@kasuwa/contracts';
import { DomainError, forbidden, invalidField, notFound } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { NotificationsService } from '../notifications/notifications.service';
import { ImageService, type UploadedImage } from '../storage/image.service';
import { StorageService } from '../storage/storage.service';
import { storePhoto } from '../storage/stored-photo';
import { ChatPush } from './chat-push';
import { CONVERSATION_SELECT, ConversationRow, MESSAGE_COLUMNS, MessageRow, toConversation, toMessage } from './chat-views';

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
const notMember = () => notFound('CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND);

interface Members {
  id: number;
  product_id: number | null;
  buyer_id: number;
  seller_id: number;
  buyer_read_at: Date | null;
  seller_read_at: Date | null;
}

/** Buyer–seller chat: one conversation per listing and buyer, visible to its two members (and admins once reported). */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly images: ImageService,
    private readonly storage: StorageService,
    private readonly push: ChatPush,
  ) {}

  /** The conversation about this listing with its seller: created once, the same one after (unique listing + buyer). */
  async start(buyerId: number, productId: number, message?: string): Promise<Conversation> {
    const [p] = await this.db.query(`SELECT user_id, status FROM product WHERE id = $1`, [productId]);
    if (!p || !['active', 'sold_out'].includes(p.status)) throw notFound('PRODUCT_NOT_FOUND', 'Product not found.');
    if (p.user_id === buyerId) throw invalidField('productId', 'This is your own listing');
    await this.db.query(`INSERT INTO conversation (product_id, buyer_id, seller_id) VALUES ($1, $2, $3) ON CONFLICT (product_id, buyer_id) DO NOTHING`, [productId, buyerId, p.user_id]);
    const [{ id }] = await this.db.query(`SELECT id FROM conversation WHERE product_id = $1 AND buyer_id = $2`, [productId, buyerId]);
    if (message) await this.send(buyerId, id, { text: message });
    return this.get(buyerId, id);
  }

  async list(userId: number): Promise<{ rows: Conversation[]; unread: number }> {
    const rows: ConversationRow[] = await this.db.query(
      `${CONVERSATION_SELECT('$1')} WHERE (c.buyer_id = $1 OR c.seller_id = $1) AND c.last_message_at IS NOT NULL
        ORDER BY c.last_message_at DESC, c.id DESC LIMIT 200`,
      [userId],
    );
    const list = rows.map((r) => toConversation(r, userId));
    return { rows: list, unread: list.reduce((n, c) => n + c.unread, 0) };
  }

  async get(userId: number, id: number): Promise<Conversation> {
    const [row]: ConversationRow[] = await this.db.query(`${CONVERSATION_SELECT('$1')} WHERE c.id = $2 AND (c.buyer_id = $1 OR c.seller_id = $1)`, [userId, id]);
    if (!row) throw notMember();
    return toConversation(row, userId);
  }

  /** The thread, oldest first; `after` returns only newer messages (the polling fallback). Admins read reported ones. */
  async messages(viewer: { kind: 'user' | 'admin'; id: number }, id: number, after = 0): Promise<ChatMessage[]> {
    const c = await this.members(id);
    const reported = viewer.kind === 'admin' && (await this.db.query(`SELECT 1 FROM report WHERE target_type = 'conversation' AND target_id = $1 LIMIT 1`, [id])).length > 0;
    if (!c || !(reported || (viewer.kind === 'user' && (c.buyer_id === viewer.id || c.seller_id === viewer.id)))) throw notMember();
    const rows: MessageRow[] = await this.db.query(`SELECT ${MESSAGE_COLUMNS} FROM message m WHERE m.conversation_id = $1 AND m.id > $2 ORDER BY m.id LIMIT 500`, [id, after]);
    return rows.map((m) => toMessage(m, (s) => (s === c.buyer_id ? c.seller_read_at : c.buyer_read_at)));
  }

  /**
   * A text, an offer (the buyer's, kobo per unit) or a photo (checked like listing photos). Refused when either member
   * blocked the other, or past CHAT_RATE_LIMIT messages a minute. Pushed live to both members; bodies never logged.
   */
  async send(senderId: number, id: number, input: { text?: string; offer?: number; photo?: UploadedImage }): Promise<ChatMessage> {
    const c = await this.members(id);
    if (!c || (c.buyer_id !== senderId && c.seller_id !== senderId)) throw notMember();
    const recipient = c.buyer_id === senderId ? c.seller_id : c.buyer_id;
    const [gate] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM user_block WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)) AS blocked,
              (SELECT status FROM app_user WHERE id = $2) AS recipient_status,
              (SELECT count(*)::int FROM message WHERE sender_id = $1 AND created_at > now() - interval '1 minute') AS recent`,
      [senderId, recipient],
    );
    if (gate.blocked) throw forbidden('USER_BLOCKED', 'You cannot send messages in this conversation: one of you has blocked the other.');
    if (gate.recipient_status !== 'active') throw forbidden('USER_BLOCKED', 'This account can no longer receive messages.');
    if (gate.recent >= this.cfg.limits.chatPerMinute) throw new DomainError('RATE_LIMITED', 'You are sending messages too fast. Wait a minute and try again.', HttpStatus.TOO_MANY_REQUESTS);

    let kind: ChatMessage['kind'] = 'text';
    let photo: { imageUrl: string; thumbnailUrl: string; originalUrl: string; keys: string[] } | null = null;
    if (input.photo) {
      kind = 'photo';
      photo = await this.storePhoto(input.photo);
    } else if (input.offer !== undefined) {
      if (senderId !== c.buyer_id) throw invalidField('offer', 'Only the buyer makes offers');
      if (!c.product_id) throw invalidField('offer', 'This listing is no longer on sale');
      kind = 'offer';
    } else if (!input.text) {
      throw invalidField('text', 'Write a message');
    }
    const [row]: MessageRow[] = await this.db.transaction(async (em) => {
      const inserted = await em.query(
        `INSERT INTO message (conversation_id, sender_id, kind, text, photo, offer_kobo, offer_status) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${MESSAGE_COLUMNS.replace(/m\./g, '')}`,
        [id, senderId, kind, input.text || null, photo ? JSON.stringify(photo) : null, kind === 'offer' ? input.offer : null, kind === 'offer' ? 'pending' : null],
      );
      const side = senderId === c.buyer_id ? 'buyer' : 'seller';
      await em.query(`UPDATE conversation SET last_message_at = $2, ${side}_read_at = $2 WHERE id = $1`, [id, inserted[0].created_at]);
      return inserted;
    });
    const message = toMessage(row, () => null);
    await this.push.message([c.buyer_id, c.seller_id], id, message);
    await this.tell(recipient, c, message);
    return message;
  }

  /** The seller accepts or declines a pending offer; an accepted one is the buyer's price at their next checkout of the listing. */
  async decideOffer(sellerId: number, id: number, messageId: number, accept: boolean): Promise<ChatMessage> {
    const c = await this.members(id);
    if (!c || (c.buyer_id !== sellerId && c.seller_id !== sellerId)) throw notMember();
    if (c.seller_id !== sellerId) throw forbidden('SELLER_ONLY', 'Only the seller can accept or decline an offer.');
    const row = await this.db.transaction(async (em) => {
      const [rows]: [MessageRow[], number] = await em.query(
        `UPDATE message SET offer_status = $3 WHERE id = $1 AND conversation_id = $2 AND kind = 'offer' AND offer_status = 'pending'
         RETURNING ${MESSAGE_COLUMNS.replace(/m\./g, '')}`,
        [messageId, id, accept ? 'accepted' : 'declined'],
      );
      if (!rows.length) {
        const [m] = await em.query(`SELECT offer_status FROM message WHERE id = $1 AND conversation_id = $2 AND kind = 'offer'`, [messageId, id]);
        if (!m) throw notFound('OFFER_NOT_FOUND', 'Offer not found.');
        throw new DomainError('OFFER_CLOSED', `This offer was already ${m.offer_status}.`, HttpStatus.CONFLICT);
      }
      if (accept && c.product_id) {
        await em.query(
          `INSERT INTO offer_price (buyer_id, product_id, price_kobo, message_id) VALUES ($1, $2, $3, $4)
           ON CONFLICT (buyer_id, product_id) DO UPDATE SET price_kobo = EXCLUDED.price_kobo, message_id = EXCLUDED.message_id, created_at = now()`,
          [c.buyer_id, c.product_id, rows[0].offer_kobo, messageId],
        );
      }
      return rows[0];
    });
    const message = toMessage(row, (s) => (s === c.buyer_id ? c.seller_read_at : c.buyer_read_at));
    await this.push.message([c.buyer_id, c.seller_id], id, message);
    const price = formatNaira(koboToNaira(Number(row.offer_kobo)));
    await this.notifications.notify(c.buyer_id, {
      type: 'offer',
      title: accept ? `Your offer of ${price} was accepted` : `Your offer of ${price} was declined`,
      body: accept ? 'Check out now: the accepted price applies to your next order of this listing.' : '',
      link: `/inbox/${id}`,
      email: accept,
    });
    return message;
  }

  /** Read receipt: the caller has read everything up to now; the other member sees it live. */
  async read(userId: number, id: number): Promise<void> {
    const c = await this.members(id);
    if (!c || (c.buyer_id !== userId && c.seller_id !== userId)) throw notMember();
    const side = userId === c.buyer_id ? 'buyer' : 'seller';
    const [{ at }] = await this.db.query(`UPDATE conversation SET ${side}_read_at = now() WHERE id = $1 RETURNING ${side}_read_at AS at`, [id]).then((r) => r[0]);
    await this.push.read([c.buyer_id === userId ? c.seller_id : c.buyer_id], { conversationId: id, readerId: userId, readAt: new Date(at).toISOString() });
  }

  /** An e-mail "while away" (no live socket) at most once an hour per conversation and member; the bell always. */
  private async tell(recipient: number, c: Members, m: ChatMessage): Promise<void> {
    const offer = m.kind === 'offer';
    const title = offer ? `New offer: ${formatNaira(koboToNaira(Number(m.offerKobo)))}` : 'New message';
    await this.notifications.notify(recipient, { type: offer ? 'offer' : 'message', title, body: m.kind === 'photo' ? 'Sent a photo' : (m.text ?? '').slice(0, 140), link: `/inbox/${c.id}` });
    if (await this.push.isOnline(recipient)) return;
    const side = recipient === c.buyer_id ? 'buyer' : 'seller';
    const [, count]: [unknown, number] = await this.db.query(`UPDATE conversation SET ${side}_emailed_at = now() WHERE id = $1 AND (${side}_emailed_at IS NULL OR ${side}_emailed_at < now() - interval '1 hour')`, [c.id]);
    if (count) await this.notifications.email(recipient, offer ? 'offer' : 'message', `${title} on Kasuwa`, `You have a new ${offer ? 'offer' : 'message'} waiting.\nRead and reply: ${this.cfg.app.publicUrl}/inbox/${c.id}`);
  }

  private async members(id: number): Promise<Members | undefined> {
    const [c] = await this.db.query(`SELECT id, product_id, buyer_id, seller_id, buyer_read_at, seller_read_at FROM conversation WHERE id = $1`, [id]);
    return c;
  }

  /** Same checks and variants as listing photos (content sniffed, pixel cap, EXIF stripped). */
  private storePhoto(file: UploadedImage) {
    return storePhoto(this.images, this.storage, 'chat', file, 'photo');
  }
}
