import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { notFound } from '../../common/errors';
import type { ListParams } from '../../common/list-query';
import type { JournalEntryRow, PayoutRow } from '../../database/rows.generated';
import { payoutView, refundView, type RefundLine } from './payout.mapper';

export const intOrNull = (v: unknown) =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null;
export const textOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The back office's money lists: payouts, refunds, ledger entries (filters from ra-data-simple-rest). */
/** A journal entry as the ledger list shows it: its postings as JSON (the amounts as text), null when it has none. */
type LedgerEntryLine = Pick<JournalEntryRow, 'id' | 'kind' | 'ref' | 'memo'> & {
  orderId: JournalEntryRow['order_id'];
  userId: JournalEntryRow['user_id'];
  createdAt: JournalEntryRow['created_at'];
  postings: { account: string; amount: string }[] | null;
};

@Injectable()
export class MoneyAdminService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async payouts(p: ListParams) {
    const args = [textOrNull(p.filter.status), intOrNull(p.filter.userId)];
    const where = `WHERE ($1::text IS NULL OR status = $1) AND ($2::int IS NULL OR user_id = $2)`;
    const rows = await this.db.query<PayoutRow[]>(`SELECT * FROM payout ${where} ORDER BY id ${p.sortOrder} LIMIT $3 OFFSET $4`, [
      ...args,
      p.limit,
      p.offset,
    ]);
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM payout ${where}`, args);
    return { rows: rows.map(payoutView), total: n };
  }

  async payout(id: number) {
    const [row] = await this.db.query<PayoutRow[]>(`SELECT * FROM payout WHERE id = $1`, [id]);
    if (!row) throw notFound('PAYOUT_NOT_FOUND', 'Payout not found');
    return payoutView(row);
  }

  async refunds(p: ListParams) {
    const args = [textOrNull(p.filter.status), intOrNull(p.filter.orderId)];
    const where = `WHERE ($1::text IS NULL OR r.status = $1) AND ($2::int IS NULL OR r.order_id = $2)`;
    const rows = await this.db.query<RefundLine[]>(
      `SELECT r.*, o.order_number FROM refund r LEFT JOIN "order" o ON o.id = r.order_id ${where} ORDER BY r.id ${p.sortOrder} LIMIT $3 OFFSET $4`,
      [...args, p.limit, p.offset],
    );
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM refund r ${where}`, args);
    return { rows: rows.map(refundView), total: n };
  }

  async refund(id: number) {
    const [row] = await this.db.query<RefundLine[]>(
      `SELECT r.*, o.order_number FROM refund r LEFT JOIN "order" o ON o.id = r.order_id WHERE r.id = $1`,
      [id],
    );
    if (!row) throw notFound('REFUND_NOT_FOUND', 'Refund not found');
    return refundView(row);
  }

  /** Journal entries with their postings; filter by `account` (code), `orderId`, `userId` or `kind`. */
  async ledger(p: ListParams) {
    const args = [textOrNull(p.filter.account), intOrNull(p.filter.orderId), intOrNull(p.filter.userId), textOrNull(p.filter.kind)];
    const where = `WHERE ($1::text IS NULL OR EXISTS (SELECT 1 FROM ledger_posting x JOIN ledger_account a ON a.id = x.account_id WHERE x.entry_id = e.id AND a.code = $1))
        AND ($2::int IS NULL OR e.order_id = $2) AND ($3::int IS NULL OR e.user_id = $3) AND ($4::text IS NULL OR e.kind = $4)`;
    const rows = await this.db.query<LedgerEntryLine[]>(
      `SELECT e.id::text, e.kind, e.ref, e.order_id AS "orderId", e.user_id AS "userId", e.memo, e.created_at AS "createdAt",
              (SELECT json_agg(json_build_object('account', a.code, 'amount', x.amount_kobo::text) ORDER BY x.id)
                 FROM ledger_posting x JOIN ledger_account a ON a.id = x.account_id WHERE x.entry_id = e.id) AS postings
         FROM journal_entry e ${where} ORDER BY e.id ${p.sortOrder} LIMIT $5 OFFSET $6`,
      [...args, p.limit, p.offset],
    );
    const [{ n }] = await this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM journal_entry e ${where}`, args);
    return { rows, total: n };
  }
}
