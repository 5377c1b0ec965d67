import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { OrderStatus, RefundRequest, RefundRequestDecision } from '@kasuwa/contracts';
import { conflict, notFound } from '../../common/errors';
import type { OrderRow, RefundRequestRow } from '../../database/rows.generated';
import type { ListParams } from '../../common/list-query';
import { recordHistory } from '../order-records/order-history';
import { NotificationsService } from '../notifications/notifications.service';
import { EscrowService } from './escrow.service';
import { intOrNull, textOrNull } from './money-admin.service';
import { refundRequestView, type RefundRequestLine } from './payout.mapper';
import { RefundsService } from './refunds.service';
import { audit } from '../../common/audit';

const SELECT = `SELECT q.*, o.order_number, o.status AS order_status, o.total_kobo, o.seller_id, r.status AS refund_status,
       coalesce((SELECT a.balance_kobo FROM ledger_account a WHERE a.code = 'escrow:' || o.id), 0)::text AS held
  FROM refund_request q JOIN "order" o ON o.id = q.order_id LEFT JOIN refund r ON r.id = q.refund_id`;

/** Where an order waits while its refund request is open (the buyer may ask again: rejected → need_refund). */
const WAITING: readonly OrderStatus[] = ['rejected_by_buyer', 'need_refund'];

/**
 * "an order the buyer rejects and an admin approves" is refunded. The buyer's rejection of a paid order
 * opens a request and leaves the money in escrow; an admin approves it (the existing refund path: escrow → refunds in
 * transit → Paystack `/refund`, once) or declines it with a reason, which puts the order back where it was before the
 * rejection so the money is released or disputed by the usual rules. Both are recorded in the order's history.
 */
@Injectable()
export class RefundRequestsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly escrow: EscrowService,
    private readonly refunds: RefundsService,
    private readonly notifications: NotificationsService,
  ) {}

  /** In the rejecting transaction: opens the order's request (a repeat while one is open adds nothing). */
  async open(em: EntityManager, orderId: number, reason: string | null): Promise<void> {
    await em.query(
      `INSERT INTO refund_request (order_id, buyer_id, reason) SELECT id, buyer_id, $2 FROM "order" WHERE id = $1
       ON CONFLICT (order_id) WHERE status = 'requested' DO NOTHING`,
      [orderId, reason],
    );
  }

  /** Whether the order has a request waiting for an admin (then nothing but an admin refunds it). */
  async isOpen(em: EntityManager, orderId: number): Promise<boolean> {
    const rows = await em.query<unknown[]>(`SELECT 1 FROM refund_request WHERE order_id = $1 AND status = 'requested'`, [orderId]);
    return rows.length > 0;
  }

  /** Closes the order's open request (an admin's status change or dispute decision settled it another way). */
  async close(
    em: EntityManager,
    orderId: number,
    status: 'approved' | 'declined',
    adminId: number | null,
    reason: string | null,
    refundId: number | null = null,
  ): Promise<void> {
    await em.query(
      `UPDATE refund_request SET status = $2, decided_by = $3, decision_reason = $4, refund_id = $5, decided_at = now(), updated_at = now()
        WHERE order_id = $1 AND status = 'requested'`,
      [orderId, status, adminId, reason, refundId],
    );
  }

  async list(p: ListParams): Promise<{ rows: RefundRequest[]; total: number }> {
    const args = [textOrNull(p.filter.status), intOrNull(p.filter.orderId)];
    const where = `WHERE ($1::text IS NULL OR q.status = $1) AND ($2::int IS NULL OR q.order_id = $2)`;
    const rows = await this.db.query<RefundRequestLine[]>(`${SELECT} ${where} ORDER BY q.id ${p.sortOrder} LIMIT $3 OFFSET $4`, [
      ...args,
      p.limit,
      p.offset,
    ]);
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM refund_request q ${where}`, args);
    return { rows: rows.map(refundRequestView), total: n };
  }

  /** The order's latest request, for its buyer or seller (the order page says where the refund stands). */
  async forOrder(userId: number, orderId: number): Promise<RefundRequest> {
    const [row] = await this.db.query<RefundRequestLine[]>(`${SELECT} WHERE q.order_id = $1 ORDER BY q.id DESC LIMIT 1`, [orderId]);
    if (!row || (row.buyer_id !== userId && row.seller_id !== userId))
      throw notFound('REFUND_REQUEST_NOT_FOUND', 'This order has no refund request.');
    return refundRequestView(row);
  }

  async get(id: number): Promise<RefundRequest> {
    const [row] = await this.db.query<RefundRequestLine[]>(`${SELECT} WHERE q.id = $1`, [id]);
    if (!row) throw notFound('REFUND_REQUEST_NOT_FOUND', 'Refund request not found');
    return refundRequestView(row);
  }

  /** An admin's decision. Approve refunds what the order's escrow holds; decline needs a reason. Once: the request is locked. */
  async decide(adminId: number, id: number, decision: RefundRequestDecision, reason: string | undefined): Promise<RefundRequest> {
    const [head] = await this.db.query<(Pick<RefundRequestRow, 'order_id'> & Pick<OrderRow, 'checkout_session_id'>)[]>(
      `SELECT q.order_id, o.checkout_session_id FROM refund_request q JOIN "order" o ON o.id = q.order_id WHERE q.id = $1`,
      [id],
    );
    if (!head) throw notFound('REFUND_REQUEST_NOT_FOUND', 'Refund request not found');
    const refundIds = await this.db.transaction(async (em) => {
      // The order lifecycle's lock order (checkout, order), then the request: a status change cannot interleave.
      await em.query(`SELECT id FROM checkout_session WHERE id = $1 FOR UPDATE`, [head.checkout_session_id]);
      const [o] = await em.query<(Pick<OrderRow, 'id' | 'buyer_id' | 'seller_id' | 'order_number'> & { status: OrderStatus })[]>(
        `SELECT id, status, buyer_id, seller_id, order_number FROM "order" WHERE id = $1 FOR UPDATE`,
        [head.order_id],
      );
      const [q] = await em.query<Pick<RefundRequestRow, 'id' | 'status'>[]>(
        `SELECT id, status FROM refund_request WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (q.status !== 'requested') throw conflict('REFUND_REQUEST_CLOSED', `This refund request was already ${q.status}.`);
      const note = `Refund request ${id} ${decision === 'approve' ? 'approved' : 'declined'}${reason ? `: ${reason}` : ''}`;
      await audit(em, {
        action: `refund-requests.${decision}`,
        targetType: 'refund-requests',
        targetId: id,
        before: { status: q.status },
        after: { status: decision === 'approve' ? 'approved' : 'declined', orderId: o.id },
        reason,
      });
      if (decision === 'approve') {
        await this.escrow.refuseRefundWithoutEscrow(em, o.id, 'Decline the request instead.');
        const refundId = await this.escrow.startRefund(em, o.id, note);
        if (!refundId) throw conflict('NOTHING_TO_PAY', 'This order holds no money to refund; decline the request instead.');
        await this.moveOrder(em, o, 'need_refund', 'refund_due', adminId, note);
        await this.close(em, o.id, 'approved', adminId, reason ?? null, refundId);
        await this.tellSeller(em, o, `Order ${o.order_number}: Kasuwa refunds the buyer, who rejected the delivery`);
        return [refundId];
      }
      // Back to where the buyer rejected it from: the money stays held, released or disputed by the usual rules.
      if (WAITING.includes(o.status)) {
        const [rejected] = await em.query<{ from_status: OrderStatus | null }[]>(
          `SELECT from_status FROM order_status_history WHERE order_id = $1 AND to_status = 'rejected_by_buyer' ORDER BY id DESC LIMIT 1`,
          [o.id],
        );
        await this.moveOrder(em, o, rejected?.from_status ?? 'delivered', 'paid', adminId, note);
      }
      await this.close(em, o.id, 'declined', adminId, reason ?? null);
      // The buyer's bell and e-mail, once: in the deciding transaction.
      const title = `Your refund request for order ${o.order_number} was declined`;
      await this.notifications.notify(o.buyer_id, { type: 'money', title, body: reason, link: `/orders/${o.id}/buyer`, email: true }, em);
      await this.tellSeller(em, o, `Order ${o.order_number}: the buyer's refund request was declined`);
      return [];
    });
    // The refund goes to Paystack only after the decision committed.
    await this.refunds.send(refundIds);
    return this.get(id);
  }

  private tellSeller(em: EntityManager, o: { id: number; seller_id: number }, title: string): Promise<void> {
    return this.notifications.notify(o.seller_id, { type: 'order', title, link: `/orders/${o.id}/seller`, email: true }, em);
  }

  private async moveOrder(
    em: EntityManager,
    o: { id: number; status: OrderStatus },
    to: OrderStatus,
    paymentStatus: 'paid' | 'refund_due',
    adminId: number,
    note: string,
  ) {
    await em.query(`UPDATE "order" SET status = $2, payment_status = $3, updated_at = now() WHERE id = $1`, [o.id, to, paymentStatus]);
    await recordHistory(em, [{ orderId: o.id, from: o.status, to, actorKind: 'admin', actorId: adminId, reason: note }]);
  }
}
