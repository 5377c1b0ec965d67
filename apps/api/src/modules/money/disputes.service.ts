import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  formatLongDate,
  MAX_DISPUTE_PHOTOS,
  type Dispute,
  type DisputeDecision,
  type DisputePhoto,
  type DisputeReason,
  type OrderStatus,
} from '@kasuwa/contracts';
import { conflict, forbidden, invalidField, notFound } from '../../common/errors';
import type { DisputeRow, OrderRow } from '../../database/rows.generated';
import { recordHistory } from '../order-records/order-history';
import { ImageService, type UploadedImage } from '../storage/image.service';
import { StorageService } from '../storage/storage.service';
import { storePhoto, type StoredPhoto } from '../storage/stored-photo';
import { Clock } from './clock';
import { EscrowService } from './escrow.service';
import { RefundRequestsService } from './refund-requests.service';
import { RefundsService } from './refunds.service';
import { audit } from '../../common/audit';

const DISPUTABLE: OrderStatus[] = [
  'paid',
  'processing',
  'accepted_by_seller',
  'shipped',
  'on_the_way',
  'delivered',
  'received_by_buyer',
  'rejected_by_buyer',
];

export type DisputeView = Dispute;

const SELECT = `SELECT d.*, o.order_number, o.seller_id, o.total_kobo FROM dispute d JOIN "order" o ON o.id = d.order_id`;
/** A row of SELECT: the dispute with its order's number, seller and total. */
type DisputeLine = DisputeRow & Pick<OrderRow, 'order_number' | 'seller_id' | 'total_kobo'>;

/** Buyer disputes: opened before the money is released (releaseAt), answered by the seller, decided by an admin (release, refund, partial refund). */
@Injectable()
export class DisputesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly escrow: EscrowService,
    private readonly refunds: RefundsService,
    private readonly refundRequests: RefundRequestsService,
    private readonly images: ImageService,
    private readonly storage: StorageService,
    private readonly clock: Clock,
  ) {}

  /** Opens the order's dispute with up to MAX_DISPUTE_PHOTOS photos (checked and stored like listing photos). */
  async open(buyerId: number, orderId: number, reason: DisputeReason, text: string, files: UploadedImage[] = []): Promise<DisputeView> {
    if (files.length > MAX_DISPUTE_PHOTOS) throw invalidField('photos', `A dispute can have at most ${MAX_DISPUTE_PHOTOS} photos`);
    // Who may open it is checked before any photo is decoded; the transaction below checks again under the lock.
    const [mine] = await this.db.query<unknown[]>(`SELECT 1 FROM "order" WHERE id = $1 AND buyer_id = $2`, [orderId, buyerId]);
    if (!mine) throw notFound('ORDER_NOT_FOUND', 'Order not found');
    const photos: StoredPhoto[] = [];
    try {
      for (const f of files) photos.push(await storePhoto(this.images, this.storage, `disputes/${orderId}`, f, 'photos'));
      await this.insert(buyerId, orderId, reason, text, photos);
    } catch (err) {
      // A refused dispute keeps no files.
      await this.storage.delete(photos.flatMap((p) => p.keys)).catch(() => undefined);
      throw err;
    }
    return this.forOrder({ kind: 'user', id: buyerId }, orderId);
  }

  private async insert(buyerId: number, orderId: number, reason: DisputeReason, text: string, photos: StoredPhoto[]): Promise<void> {
    await this.db.transaction(async (em) => {
      const [o] = await em.query<
        (Pick<OrderRow, 'id' | 'buyer_id' | 'paid_at' | 'released_at' | 'release_at'> & { status: OrderStatus; late: boolean | null })[]
      >(
        `SELECT id, buyer_id, status, paid_at, released_at, release_at, release_at <= $2::timestamptz AS late FROM "order" WHERE id = $1 FOR UPDATE`,
        [orderId, this.clock.now().toISOString()],
      );
      if (!o || o.buyer_id !== buyerId) throw notFound('ORDER_NOT_FOUND', 'Order not found');
      // The escrow rule: a dispute may be opened at any time before the money is released (releaseAt), never after.
      if (o.paid_at && (o.released_at || o.late)) {
        // Not released, so late: release_at is set.
        const when = formatLongDate(new Date((o.released_at ?? o.release_at)!).toISOString());
        throw conflict(
          'DISPUTE_WINDOW_CLOSED',
          `Kasuwa paid the seller on ${when}: a dispute can only be opened before the money is released. Contact support if something is wrong.`,
        );
      }
      if (!o.paid_at || !DISPUTABLE.includes(o.status))
        throw conflict('DISPUTE_NOT_ALLOWED', 'Only a paid order that is on its way or delivered can be disputed.');
      const [d] = await em.query<Pick<DisputeRow, 'id'>[]>(
        `INSERT INTO dispute (order_id, buyer_id, reason, text, photos) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (order_id) DO NOTHING RETURNING id`,
        [orderId, buyerId, reason, text, JSON.stringify(photos)],
      );
      if (!d) throw conflict('DISPUTE_EXISTS', 'This order already has a dispute.');
    });
  }

  async forOrder(who: { kind: 'user' | 'admin'; id: number }, orderId: number): Promise<DisputeView> {
    const [d] = await this.db.query<DisputeLine[]>(`${SELECT} WHERE d.order_id = $1`, [orderId]);
    if (!d || (who.kind === 'user' && d.buyer_id !== who.id && d.seller_id !== who.id))
      throw notFound('DISPUTE_NOT_FOUND', 'This order has no dispute.');
    return toView(d);
  }

  async reply(sellerId: number, orderId: number, text: string): Promise<DisputeView> {
    const [d] = await this.db.query<DisputeLine[]>(`${SELECT} WHERE d.order_id = $1`, [orderId]);
    if (!d || (d.seller_id !== sellerId && d.buyer_id !== sellerId)) throw notFound('DISPUTE_NOT_FOUND', 'This order has no dispute.');
    if (d.seller_id !== sellerId) throw forbidden('SELLER_ONLY', 'Only the seller answers a dispute.');
    if (d.status !== 'open') throw conflict('DISPUTE_CLOSED', 'This dispute was already decided.');
    await this.db.query(`UPDATE dispute SET seller_reply = $2, replied_at = now(), updated_at = now() WHERE id = $1`, [d.id, text]);
    return this.forOrder({ kind: 'user', id: sellerId }, orderId);
  }

  async list(status: string | undefined, offset: number, limit: number): Promise<{ rows: DisputeView[]; total: number }> {
    const rows = await this.db.query<DisputeLine[]>(
      `${SELECT} WHERE ($1::text IS NULL OR d.status = $1) ORDER BY d.status = 'open' DESC, d.id DESC LIMIT $2 OFFSET $3`,
      [status ?? null, limit, offset],
    );
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM dispute WHERE ($1::text IS NULL OR status = $1)`, [
      status ?? null,
    ]);
    return { rows: rows.map(toView), total: n };
  }

  async get(id: number): Promise<DisputeView> {
    const [d] = await this.db.query<DisputeLine[]>(`${SELECT} WHERE d.id = $1`, [id]);
    if (!d) throw notFound('DISPUTE_NOT_FOUND', 'Dispute not found');
    return toView(d);
  }

  /** An admin decides: release to the seller, refund all, or refund part and release the rest; recorded in the order's history. */
  async decide(adminId: number, id: number, decision: DisputeDecision, reason: string, amount?: number): Promise<DisputeView> {
    if (decision === 'partial_refund' && (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0)) {
      throw invalidField('amount', 'A partial refund needs the amount to refund, in naira.');
    }
    const refundIds = await this.db.transaction(async (em) => {
      const [d] = await em.query<DisputeRow[]>(`SELECT * FROM dispute WHERE id = $1 FOR UPDATE`, [id]);
      if (!d) throw notFound('DISPUTE_NOT_FOUND', 'Dispute not found');
      if (d.status !== 'open') throw conflict('DISPUTE_CLOSED', 'This dispute was already decided.');
      const [o] = await em.query<(Pick<OrderRow, 'id'> & { status: OrderStatus })[]>(
        `SELECT id, status FROM "order" WHERE id = $1 FOR UPDATE`,
        [d.order_id],
      );
      const ids: number[] = [];
      let to: OrderStatus = 'completed';
      const note = `Dispute ${id} decided (${decision}): ${reason}`;
      // A refund decision refunds from escrow or answers why it cannot: nothing is written then.
      if (decision !== 'release') await this.escrow.refuseRefundWithoutEscrow(em, o.id, 'Decide "release" to close the dispute.', true);
      // Closed first: the release below refuses while the order's dispute is open.
      await em.query(
        `UPDATE dispute SET status = 'resolved', decision = $2, decision_amount_kobo = $3, decision_reason = $4, decided_by = $5, decided_at = now(), updated_at = now() WHERE id = $1`,
        [id, decision, decision === 'partial_refund' ? amount : null, reason, adminId],
      );
      if (decision === 'refund') {
        const r = await this.escrow.startRefund(em, o.id, note);
        if (r) ids.push(r);
        to = 'need_refund';
      } else {
        if (decision === 'partial_refund') ids.push((await this.escrow.startRefund(em, o.id, note, amount))!);
        await this.escrow.release(em, o.id, note);
      }
      const refundStatus = to === 'need_refund' ? 'refund_due' : null;
      await em.query(`UPDATE "order" SET status = $2, payment_status = coalesce($3, payment_status), updated_at = now() WHERE id = $1`, [
        o.id,
        to,
        refundStatus,
      ]);
      await recordHistory(em, [{ orderId: o.id, from: o.status, to, actorKind: 'admin', actorId: adminId, reason: note }]);
      // A rejection waiting on the Refunds screen is settled by this decision too.
      await this.refundRequests.close(em, o.id, decision === 'release' ? 'declined' : 'approved', adminId, note, ids[0] ?? null);
      await audit(em, {
        action: 'disputes.decide',
        targetType: 'disputes',
        targetId: id,
        before: { status: d.status },
        after: { decision, orderId: o.id, amountKobo: amount ?? null, refunds: ids },
        reason,
      });
      return ids;
    });
    await this.refunds.send(refundIds);
    return this.get(id);
  }
}

/**
 * A disputed order refunded in full by a status change (the seller rejecting it, the buyer cancelling, an admin's
 * refund-due move): the refund is the dispute's outcome, so the dispute is closed with it, in the same transaction.
 */
export async function resolveDisputeByRefund(
  em: EntityManager,
  orderId: number,
  who: { kind: string; id: number },
  note: string,
): Promise<void> {
  await em.query(
    `UPDATE dispute SET status = 'resolved', decision = 'refund', decision_reason = $2, decided_by = $3, decided_at = now(), updated_at = now()
      WHERE order_id = $1 AND status = 'open'`,
    [orderId, note, who.kind === 'admin' ? who.id : null],
  );
}

function toView(d: DisputeLine): DisputeView {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: Number(d.id),
    orderId: Number(d.order_id),
    orderNumber: String(d.order_number),
    buyerId: Number(d.buyer_id),
    sellerId: Number(d.seller_id),
    reason: d.reason as DisputeReason,
    text: String(d.text),
    photos: ((d.photos as StoredPhoto[] | null) ?? []).map((p): DisputePhoto => ({ imageUrl: p.imageUrl, thumbnailUrl: p.thumbnailUrl })),
    status: d.status as 'open' | 'resolved',
    sellerReply: (d.seller_reply as string) ?? null,
    repliedAt: iso(d.replied_at),
    decision: (d.decision as DisputeDecision) ?? null,
    decisionAmount: d.decision_amount_kobo === null || d.decision_amount_kobo === undefined ? null : String(d.decision_amount_kobo),
    decisionReason: (d.decision_reason as string) ?? null,
    decidedAt: iso(d.decided_at),
    orderTotal: String(d.total_kobo),
    createdAt: iso(d.created_at)!,
  };
}

/** resolveDisputeByRefund for many orders at once, decided by the system (the money clock). */
export async function resolveDisputesByRefund(em: EntityManager, orderIds: number[], note: string): Promise<void> {
  await em.query(
    `UPDATE dispute SET status = 'resolved', decision = 'refund', decision_reason = $2, decided_at = now(), updated_at = now() WHERE order_id = ANY($1) AND status = 'open'`,
    [orderIds, note],
  );
}
