import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { formatNaira, koboToNaira, type ChatMessage, type Conversation } from '@kasuwa/contracts';
import { DomainError, forbidden, invalidField, notFound } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { JobsService, type JobPayloads } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ImageService, type UploadedImage } from '../storage/image.service';
import { StorageService } from '../storage/storage.service';
import { storePhoto } from '../storage/stored-photo';
import { ChatWarned } from './chat-warned';
import { ChatPush } from './chat-push';
import { scamWarning } from './scam-warning';
import { CONVERSATION_SELECT, ConversationRow, MESSAGE_COLUMNS, MessageRow, toConversation, toMessage } from './chat-views';
import type { OrderRow, ProductRow } from '../../database/rows.generated';

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';
const notMember = () => notFound('CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND);

interface Members {
  id: number;
  product_id: number | null;
  buyer_id: number;
  seller_id: number;
  buyer_read_at: Date | null;
  seller_read_at: Date | null;
  buyer_emailed_at: Date | null;
  seller_emailed_at: Date | null;
}

/** The "while you were away" e-mail, a durable job enqueued in the transaction that stores the message. */
export const CHAT_AWAY_JOB = 'chat-away-email';
const AWAY_EMAIL_GAP_MS = 60 * 60 * 1000;
type AwayEmail = JobPayloads[typeof CHAT_AWAY_JOB];

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
    private readonly jobs: JobsService,
    private readonly chatWarned: ChatWarned,
  ) {
    jobs.define({ name: CHAT_AWAY_JOB, run: (d) => this.emailAway(d), retryLimit: 5, retryDelaySeconds: 30 });
  }

  /** The conversation about this listing with its seller: created once, the same one after (unique listing + buyer). */
  async start(buyerId: number, productId: number, message?: string): Promise<Conversation> {
    const [p] = await this.db.query<Pick<ProductRow, 'user_id' | 'status'>[]>(`SELECT user_id, status FROM product WHERE id = $1`, [
      productId,
    ]);
    if (!p || !['active', 'sold_out'].includes(p.status)) throw notFound('PRODUCT_NOT_FOUND', 'Product not found.');
    if (p.user_id === buyerId) throw invalidField('productId', 'This is your own listing');
    const id = await this.open(productId, buyerId, p.user_id);
    if (message) await this.send(buyerId, id, { text: message });
    return this.get(buyerId, id);
  }

  /**
   * "Message seller" / "Message buyer" from an order: the conversation about the order's listing (its first item still
   * in the catalogue, whatever its status now) between its buyer and seller, the same one the product page opens.
   */
  async startFromOrder(userId: number, orderId: number, message?: string): Promise<Conversation> {
    const [o] = await this.db.query<(Pick<OrderRow, 'buyer_id' | 'seller_id'> & { product_id: number | null })[]>(
      `SELECT o.buyer_id, o.seller_id, (SELECT i.product_id FROM order_item i WHERE i.order_id = o.id AND i.product_id IS NOT NULL ORDER BY i.id LIMIT 1) AS product_id
         FROM "order" o WHERE o.id = $1 AND (o.buyer_id = $2 OR o.seller_id = $2)`,
      [orderId, userId],
    );
    if (!o) throw notFound('ORDER_NOT_FOUND', 'Order not found.');
    if (!o.product_id) throw notFound('PRODUCT_NOT_FOUND', 'The listing of this order no longer exists.');
    const id = await this.open(o.product_id, o.buyer_id, o.seller_id);
    if (message) await this.send(userId, id, { text: message });
    return this.get(userId, id);
  }

  async list(userId: number): Promise<{ rows: Conversation[]; unread: number }> {
    const rows = await this.db.query<ConversationRow[]>(
      `${CONVERSATION_SELECT('$1')} WHERE (c.buyer_id = $1 OR c.seller_id = $1) AND c.last_message_at IS NOT NULL
        ORDER BY c.last_message_at DESC, c.id DESC LIMIT 200`,
      [userId],
    );
    const list = rows.map((r) => toConversation(r, userId));
    return { rows: list, unread: list.reduce((n, c) => n + c.unread, 0) };
  }

  async get(userId: number, id: number): Promise<Conversation> {
    const [row] = await this.db.query<ConversationRow[]>(
      `${CONVERSATION_SELECT('$1')} WHERE c.id = $2 AND (c.buyer_id = $1 OR c.seller_id = $1)`,
      [userId, id],
    );
    if (!row) throw notMember();
    return toConversation(row, userId);
  }

  /** The thread, oldest first; `after` returns only newer messages (the polling fallback). Admins read reported ones. */
  async messages(viewer: { kind: 'user' | 'admin'; id: number }, id: number, after = 0): Promise<ChatMessage[]> {
    const c = await this.members(id);
    const reported =
      viewer.kind === 'admin' &&
      (await this.db.query<unknown[]>(`SELECT 1 FROM report WHERE target_type = 'conversation' AND target_id = $1 LIMIT 1`, [id])).length >
        0;
    if (!c || !(reported || (viewer.kind === 'user' && (c.buyer_id === viewer.id || c.seller_id === viewer.id)))) throw notMember();
    const rows = await this.db.query<MessageRow[]>(
      `SELECT ${MESSAGE_COLUMNS} FROM message m WHERE m.conversation_id = $1 AND m.id > $2 ORDER BY m.id LIMIT 500`,
      [id, after],
    );
    return rows.map((m) =>
      toMessage(m, (s) => (s === c.buyer_id ? c.seller_read_at : c.buyer_read_at), viewer.kind === 'admin' ? null : viewer.id),
    );
  }

  /**
   * A text, an offer (the buyer's, kobo per unit) or a photo (checked like listing photos). Refused when either member
   * blocked the other, or past CHAT_RATE_LIMIT messages a minute. Pushed live to both members; bodies never logged.
   */
  async send(senderId: number, id: number, input: { text?: string; offer?: number; photo?: UploadedImage }): Promise<ChatMessage> {
    const c = await this.members(id);
    if (!c || (c.buyer_id !== senderId && c.seller_id !== senderId)) throw notMember();
    const recipient = c.buyer_id === senderId ? c.seller_id : c.buyer_id;
    const [gate] = await this.db.query<{ blocked: boolean; recipient_status: string | null; recent: number }[]>(
      `SELECT EXISTS (SELECT 1 FROM user_block WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)) AS blocked,
              (SELECT status FROM app_user WHERE id = $2) AS recipient_status,
              (SELECT count(*)::int FROM message WHERE sender_id = $1 AND created_at > now() - interval '1 minute') AS recent`,
      [senderId, recipient],
    );
    if (gate.blocked) throw forbidden('USER_BLOCKED', 'You cannot send messages in this conversation: one of you has blocked the other.');
    if (gate.recipient_status !== 'active') throw forbidden('USER_BLOCKED', 'This account can no longer receive messages.');
    if (gate.recent >= this.cfg.limits.chatPerMinute)
      throw new DomainError(
        'RATE_LIMITED',
        'You are sending messages too fast. Wait a minute and try again.',
        HttpStatus.TOO_MANY_REQUESTS,
      );

    let kind: ChatMessage['kind'] = 'text';
    let photo: { imageUrl: string; thumbnailUrl: string; originalUrl: string; keys: string[] } | null = null;
    if (input.photo) {
      kind = 'photo';
      photo = await this.storePhoto(input.photo);
    } else if (input.offer !== undefined) {
      if (senderId !== c.buyer_id) throw invalidField('offer', 'Only the buyer makes offers');
      const [p] = c.product_id
        ? await this.db.query<Pick<ProductRow, 'price_kobo' | 'status'>[]>(`SELECT price_kobo, status FROM product WHERE id = $1`, [
            c.product_id,
          ])
        : [];
      if (!p || p.status !== 'active') throw invalidField('offer', 'This listing is no longer on sale');
      // An offer at or above the listed price would cost the buyer more than just buying it.
      if (input.offer >= Number(p.price_kobo))
        throw invalidField('offer', `Offer less than the listed price of ${formatNaira(koboToNaira(Number(p.price_kobo)))}`);
      kind = 'offer';
    } else if (!input.text) {
      throw invalidField('text', 'Write a message');
    }
    // Away = no live socket now (every process's, through the socket.io adapter); asked before the transaction opens.
    const away = !(await this.push.isOnline(recipient));
    const side = senderId === c.buyer_id ? 'buyer' : 'seller';
    // The scam warning, decided once as the message is stored (the reader sees it; nothing is blocked or hidden).
    const warning = kind === 'text' ? scamWarning(input.text) : null;
    const { row, replaced } = await this.db.transaction(async (em) => {
      const replaced = kind === 'offer' ? await this.replaceOpenOffer(em, id) : [];
      const inserted = await em
        .query<MessageRow[]>(
          `INSERT INTO message (conversation_id, sender_id, kind, text, photo, offer_kobo, offer_status, warning) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           RETURNING ${MESSAGE_COLUMNS.replace(/m\./g, '')}`,
          [
            id,
            senderId,
            kind,
            input.text || null,
            photo ? JSON.stringify(photo) : null,
            kind === 'offer' ? input.offer : null,
            kind === 'offer' ? 'pending' : null,
            warning,
          ],
        )
        .catch((err: unknown) => {
          // message_one_open_offer: only reachable if an offer got past the conversation lock (never by design).
          if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') {
            throw new DomainError(
              'OFFER_OPEN',
              'You already have an open offer on this listing. Reload the chat and try again.',
              HttpStatus.CONFLICT,
            );
          }
          throw err;
        });
      await em.query(`UPDATE conversation SET last_message_at = $2, ${side}_read_at = $2 WHERE id = $1`, [id, inserted[0].created_at]);
      await this.tell(
        em,
        recipient,
        c,
        toMessage(inserted[0], () => null, recipient),
        away,
      );
      // Risk rule chat_warnings: many warned messages from one sender in a day go to the risk queue.
      if (warning) await this.chatWarned.run(em, senderId);
      return { row: inserted[0], replaced };
    });
    // The replaced offer changes on both screens too (the seller can no longer accept it).
    for (const old of replaced) await this.pushMessage(c, id, old, () => null);
    await this.pushMessage(c, id, row, () => null);
    return toMessage(row, () => null, senderId);
  }

  /**
   * One open offer per buyer and listing (= per conversation): the buyer's new offer replaces the open one rather than
   * being refused, because the buyer cannot withdraw an offer any other way and a changed price is the usual next step
   * of haggling. Offers of one conversation are serialised by its row lock, so two offers sent at once end with the
   * later one open and the earlier one `replaced`; the partial unique index message_one_open_offer is the backstop.
   */
  private async replaceOpenOffer(em: EntityManager, id: number): Promise<MessageRow[]> {
    await em.query(`SELECT id FROM conversation WHERE id = $1 FOR UPDATE`, [id]);
    const [rows] = await em.query<[MessageRow[], number]>(
      `UPDATE message SET offer_status = 'replaced' WHERE conversation_id = $1 AND kind = 'offer' AND offer_status = 'pending'
       RETURNING ${MESSAGE_COLUMNS.replace(/m\./g, '')}`,
      [id],
    );
    return rows;
  }

  /** The seller accepts or declines a pending offer; an accepted one is the buyer's price at their next checkout of the listing. */
  async decideOffer(sellerId: number, id: number, messageId: number, accept: boolean): Promise<ChatMessage> {
    const c = await this.members(id);
    if (!c || (c.buyer_id !== sellerId && c.seller_id !== sellerId)) throw notMember();
    if (c.seller_id !== sellerId) throw forbidden('SELLER_ONLY', 'Only the seller can accept or decline an offer.');
    const row = await this.db.transaction(async (em) => {
      const [rows] = await em.query<[MessageRow[], number]>(
        `UPDATE message SET offer_status = $3 WHERE id = $1 AND conversation_id = $2 AND kind = 'offer' AND offer_status = 'pending'
         RETURNING ${MESSAGE_COLUMNS.replace(/m\./g, '')}`,
        [messageId, id, accept ? 'accepted' : 'declined'],
      );
      if (!rows.length) {
        const [m] = await em.query<Pick<MessageRow, 'offer_status'>[]>(
          `SELECT offer_status FROM message WHERE id = $1 AND conversation_id = $2 AND kind = 'offer'`,
          [messageId, id],
        );
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
    const message = toMessage(row, (s) => (s === c.buyer_id ? c.seller_read_at : c.buyer_read_at), sellerId);
    await this.pushMessage(c, id, row, (s) => (s === c.buyer_id ? c.seller_read_at : c.buyer_read_at));
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

  /** Live to both members, each seeing the message as they read it (the warning to its reader only). */
  private async pushMessage(c: Members, id: number, row: MessageRow, readAtOf: (senderId: number) => Date | null): Promise<void> {
    await Promise.all([c.buyer_id, c.seller_id].map((member) => this.push.message([member], id, toMessage(row, readAtOf, member))));
  }

  /** Read receipt: the caller has read everything up to now; the other member sees it live. */
  async read(userId: number, id: number): Promise<void> {
    const c = await this.members(id);
    if (!c || (c.buyer_id !== userId && c.seller_id !== userId)) throw notMember();
    const side = userId === c.buyer_id ? 'buyer' : 'seller';
    const [{ at }] = await this.db
      .query<[{ at: Date }[], number]>(`UPDATE conversation SET ${side}_read_at = now() WHERE id = $1 RETURNING ${side}_read_at AS at`, [
        id,
      ])
      .then((r) => r[0]);
    await this.push.read([c.buyer_id === userId ? c.seller_id : c.buyer_id], {
      conversationId: id,
      readerId: userId,
      readAt: new Date(at).toISOString(),
    });
  }

  /**
   * The bell always; for an away member also the e-mail job, unless they were e-mailed about this conversation within
   * the hour (the job checks again: at most one e-mail per conversation, member and hour, whatever runs twice).
   */
  private async tell(em: EntityManager, recipient: number, c: Members, m: ChatMessage, away: boolean): Promise<void> {
    const offer = m.kind === 'offer';
    const title = offer ? `New offer: ${formatNaira(koboToNaira(Number(m.offerKobo)))}` : 'New message';
    await this.notifications.notify(
      recipient,
      {
        type: offer ? 'offer' : 'message',
        title,
        body: m.kind === 'photo' ? 'Sent a photo' : (m.text ?? '').slice(0, 140),
        link: `/inbox/${c.id}`,
      },
      em,
    );
    const emailedAt = recipient === c.buyer_id ? c.buyer_emailed_at : c.seller_emailed_at;
    if (!away || (emailedAt && Date.now() - new Date(emailedAt).getTime() < AWAY_EMAIL_GAP_MS)) return;
    const job: AwayEmail = { conversationId: c.id, recipientId: recipient, type: offer ? 'offer' : 'message', title };
    // One job per conversation, member and clock hour at most, however fast messages come before it has run.
    await this.jobs.send(CHAT_AWAY_JOB, job, { em, singletonKey: `${c.id}:${recipient}`, singletonSeconds: 3600 });
  }

  /** The job: claims the hour for this conversation and member, and writes the e-mail (no message body) in the same transaction. */
  private async emailAway({ conversationId, recipientId, type, title }: AwayEmail): Promise<void> {
    await this.db.transaction(async (em) => {
      // An UPDATE answers [rows, count] (TypeORM's postgres driver).
      const [, count] = await em.query<[unknown[], number]>(
        `UPDATE conversation SET buyer_emailed_at = CASE WHEN buyer_id = $2 THEN now() ELSE buyer_emailed_at END,
                                 seller_emailed_at = CASE WHEN seller_id = $2 THEN now() ELSE seller_emailed_at END
          WHERE id = $1 AND ((buyer_id = $2 AND (buyer_emailed_at IS NULL OR buyer_emailed_at < now() - interval '1 hour'))
                          OR (seller_id = $2 AND (seller_emailed_at IS NULL OR seller_emailed_at < now() - interval '1 hour')))`,
        [conversationId, recipientId],
      );
      if (!count) return;
      await this.notifications.email(
        recipientId,
        type,
        `${title} on Kasuwa`,
        `You have a new ${type} waiting.\nRead and reply: ${this.notifications.url(`/inbox/${conversationId}`)}`,
        em,
      );
    });
  }

  /** The one conversation of this listing and buyer: created the first time, found after (unique listing + buyer). */
  private async open(productId: number, buyerId: number, sellerId: number): Promise<number> {
    await this.db.query(
      `INSERT INTO conversation (product_id, buyer_id, seller_id) VALUES ($1, $2, $3) ON CONFLICT (product_id, buyer_id) DO NOTHING`,
      [productId, buyerId, sellerId],
    );
    const [{ id }] = await this.db.query<{ id: number }[]>(`SELECT id FROM conversation WHERE product_id = $1 AND buyer_id = $2`, [
      productId,
      buyerId,
    ]);
    return id;
  }

  private async members(id: number): Promise<Members | undefined> {
    const [c] = await this.db.query<Members[]>(
      `SELECT id, product_id, buyer_id, seller_id, buyer_read_at, seller_read_at, buyer_emailed_at, seller_emailed_at FROM conversation WHERE id = $1`,
      [id],
    );
    return c;
  }

  /** Same checks and variants as listing photos (content sniffed, pixel cap, EXIF stripped). */
  private storePhoto(file: UploadedImage) {
    return storePhoto(this.images, this.storage, 'chat', file, 'photo');
  }
}
