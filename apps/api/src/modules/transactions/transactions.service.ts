import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TRANSACTION_TYPES, type AdminTransaction } from '@kasuwa/contracts';
import { notFound } from '../../common/errors';
import type { PaymentTransactionRow } from '../../database/rows.generated';
import { likePattern, type PageRequest } from '../../common/list-query';
import { TRANSACTION_COLUMNS, TRANSACTION_FROM, TransactionRow, toTransaction } from './transaction.mapper';

export interface TransactionSearch extends PageRequest<'createdAt' | 'amount' | 'status' | 'paymentMethod' | 'id' | 'paymentDate'> {
  search?: string;
  /** successful | pending | failed | reversed | paid | refund_due | abandoned (labels like "Completed" work too). */
  status?: string;
  /** card | bank | ussd | transfer | ... (Paystack channels; "transfer" also matches bank_transfer): payments only. */
  method?: string;
  /** payment | refund | payout (default: all three). */
  type?: string;
  /** When the money moved (paid / settled; an unfinished attempt: when it started), from (included) … to (excluded). */
  from?: Date;
  to?: Date;
  /** Leaves out failed and abandoned payments (and failed refunds and payouts). */
  hideFailed?: boolean;
}

const SORT_COLUMNS: Record<TransactionSearch['sort'], string> = {
  createdAt: 't.created_at',
  paymentDate: 't.paid_at',
  amount: 't.amount_kobo',
  status: 't.status',
  paymentMethod: 't.payment_method',
  id: 'row_key',
};

const STATUS_FILTERS: Record<string, string> = {
  successful: `t.status = 'success'`,
  success: `t.status = 'success'`,
  completed: `t.status = 'success'`,
  pending: `t.status = 'pending'`,
  processing: `t.status = 'pending'`,
  failed: `t.status IN ('failed','abandoned')`,
  abandoned: `t.status = 'abandoned'`,
  reversed: `t.status = 'reversed'`,
  paid: `t.applied`,
  refund_due: `t.needs_refund`,
};

const EXPORT_PAGE = 1000;

/** What narrows the list and the export (the same filters for both). */
export type TransactionFilter = Pick<TransactionSearch, 'search' | 'status' | 'method' | 'type' | 'from' | 'to' | 'hideFailed'>;

/**
 * The one `type` filter of the list and the CSV: `payment`, `refund` or `payout` picks the kind of movement; any other
 * value is the product's payment-method type (Card, Bank, USSD, Transfer), which only payments have.
 */
export function typeFilter(value: string | undefined): Pick<TransactionSearch, 'type' | 'method'> {
  const v = value?.trim().toLowerCase();
  return v && (TRANSACTION_TYPES as readonly string[]).includes(v) ? { type: v } : { method: value };
}

/** Payments as admins see them: filtered and paged on the server, or all of a filter for the CSV export. */
@Injectable()
export class TransactionsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(q: TransactionSearch): Promise<{ rows: AdminTransaction[]; total: number }> {
    const { where, params } = this.filters(q);
    const [{ total }] = await this.db.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM ${TRANSACTION_FROM} WHERE ${where}`,
      params,
    );
    const n = params.length;
    const rows = await this.db.query<TransactionRow[]>(
      `SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE ${where}
        ORDER BY ${SORT_COLUMNS[q.sort]} ${q.order} NULLS LAST, row_key ${q.order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, q.limit, q.offset],
    );
    return { rows: rows.map(toTransaction), total };
  }

  /**
   * Every transaction of a filter, newest first, a page at a time for the streamed CSV export. Keyset paging on
   * (created_at, id): each page starts where the last ended, so page N costs what page 1 does (OFFSET re-reads every row before it).
   */
  async *exportPages(q: TransactionFilter, pageSize = EXPORT_PAGE): AsyncGenerator<TransactionRow[]> {
    const { where, params } = this.filters(q);
    const n = params.length;
    let after: { created_at: Date; row_key: string } | null = null;
    for (;;) {
      // Annotated too: `after` is read in the call's own arguments (TypeScript would infer a cycle).
      const rows: TransactionRow[] = await this.db.query<TransactionRow[]>(
        `SELECT * FROM (SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE ${where}) t
          WHERE ($${n + 1}::timestamptz IS NULL OR (t.created_at, t.row_key) < ($${n + 1}::timestamptz, $${n + 2}::text))
          ORDER BY t.created_at DESC, t.row_key DESC LIMIT $${n + 3}`,
        [...params, after?.created_at ?? null, after?.row_key ?? null, pageSize],
      );
      if (rows.length) yield rows;
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1];
    }
  }

  async get(id: number): Promise<AdminTransaction> {
    const [row] = await this.db.query<TransactionRow[]>(
      `SELECT ${TRANSACTION_COLUMNS} FROM ${TRANSACTION_FROM} WHERE t.type = 'payment' AND t.source_id = $1`,
      [id],
    );
    if (!row) throw notFound('TRANSACTION_NOT_FOUND', 'Transaction not found.');
    return toTransaction(row);
  }

  async reference(id: number): Promise<string> {
    const [row] = await this.db.query<Pick<PaymentTransactionRow, 'reference'>[]>(
      `SELECT reference FROM payment_transaction WHERE id = $1`,
      [id],
    );
    if (!row) throw notFound('TRANSACTION_NOT_FOUND', 'Transaction not found.');
    return row.reference;
  }

  private filters(q: TransactionFilter): { where: string; params: unknown[] } {
    const where: string[] = [];
    const params: unknown[] = [];
    const status = q.status?.trim().toLowerCase();
    if (status && status !== 'all') where.push(Object.hasOwn(STATUS_FILTERS, status) ? STATUS_FILTERS[status] : 'false'); // own keys only: status=toString is no SQL
    const type = q.type?.trim().toLowerCase();
    if (type && type !== 'all') {
      params.push(type);
      where.push(`t.type = $${params.length}`);
    }
    const method = q.method?.trim().toLowerCase();
    if (method && method !== 'all') {
      params.push(method === 'transfer' ? ['transfer', 'bank_transfer'] : [method]);
      where.push(`lower(t.payment_method) = ANY($${params.length})`);
    }
    if (q.from) {
      params.push(q.from.toISOString());
      where.push(`coalesce(t.paid_at, t.created_at) >= $${params.length}::timestamptz`);
    }
    if (q.to) {
      params.push(q.to.toISOString());
      where.push(`coalesce(t.paid_at, t.created_at) < $${params.length}::timestamptz`);
    }
    if (q.hideFailed) where.push(`t.status NOT IN ('failed', 'abandoned')`);
    const term = q.search?.trim();
    if (term) {
      params.push(likePattern(term));
      const p = `$${params.length}`;
      where.push(`(t.reference ILIKE ${p} OR u.email::text ILIKE ${p} OR (coalesce(u.first_name,'') || ' ' || coalesce(u.last_name,'')) ILIKE ${p}
                  OR EXISTS (SELECT 1 FROM "order" o WHERE o.checkout_session_id = t.checkout_session_id AND o.order_number ILIKE ${p}))`);
    }
    return { where: where.join(' AND ') || 'true', params };
  }
}
