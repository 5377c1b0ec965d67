import { koboToNaira, type AdminTransaction, type TransactionPaymentStatus, type TransactionStatus } from '@kasuwa/contracts';

export const TRANSACTION_COLUMNS = `
  t.id, t.reference, t.provider, t.payment_method, t.amount_kobo, t.paid_amount_kobo, t.currency, t.paid_currency, t.status,
  t.applied, t.needs_refund, t.review_reason, t.paid_at, t.created_at, t.checkout_session_id,
  u.id AS user_id, u.first_name, u.last_name, u.email,
  coalesce((SELECT json_agg(json_build_object('id', o.id, 'orderNumber', o.order_number) ORDER BY o.id)
              FROM "order" o WHERE o.checkout_session_id = t.checkout_session_id), '[]'::json) AS orders`;
export const TRANSACTION_FROM = `payment_transaction t JOIN app_user u ON u.id = t.user_id`;

export interface TransactionRow {
  id: number;
  reference: string;
  provider: 'paystack' | 'test';
  payment_method: string | null;
  amount_kobo: string;
  paid_amount_kobo: string | null;
  currency: string;
  paid_currency: string | null;
  status: 'pending' | 'success' | 'failed' | 'abandoned' | 'reversed';
  applied: boolean;
  needs_refund: boolean;
  review_reason: string | null;
  paid_at: Date | null;
  created_at: Date;
  checkout_session_id: number;
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  orders: { id: number; orderNumber: string }[];
}

const STATUS: Record<TransactionRow['status'], TransactionStatus> = {
  pending: 'pending',
  success: 'successful',
  failed: 'failed',
  abandoned: 'failed',
  reversed: 'reversed',
};

function paymentStatusOf(r: TransactionRow): TransactionPaymentStatus {
  if (r.applied) return 'paid';
  if (r.needs_refund) return 'refund_due';
  if (r.status === 'abandoned') return 'abandoned';
  return r.status === 'pending' ? 'pending' : 'failed';
}

export function toTransaction(r: TransactionRow): AdminTransaction {
  return {
    id: r.id,
    reference: r.reference,
    provider: r.provider,
    paymentMethod: r.payment_method,
    // What the provider actually took when known, else what was asked.
    amount: koboToNaira(Number(r.paid_amount_kobo ?? r.amount_kobo)),
    currency: (r.paid_currency ?? r.currency).trim(),
    status: STATUS[r.status],
    paymentStatus: paymentStatusOf(r),
    paymentDate: r.paid_at ? new Date(r.paid_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    reviewReason: r.review_reason,
    checkoutSessionId: r.checkout_session_id,
    orders: r.orders,
    user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
  };
}

/** A cell a spreadsheet would read as a formula (=, +, -, @, tab, CR first) is written as text. */
const neutral = (value: unknown): string => {
  const s = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

export const CSV_HEADER = ['ID', 'Reference', 'Date', 'Customer', 'Email', 'Method', 'Amount', 'Currency', 'Status', 'Payment status', 'Orders', 'Note'];

/** csv-stringify settings of the export: UTF-8 BOM (spreadsheet apps read accents right), CRLF, RFC 4180 quoting, also of edge spaces. */
export const CSV_OPTIONS = { bom: true, header: true, columns: CSV_HEADER, record_delimiter: 'windows', quoted_match: /^\s|\s$/ } as const;

/** One transaction as a CSV record, in CSV_HEADER's order. */
export function csvRecord(t: AdminTransaction): string[] {
  const name = [t.user.firstName, t.user.lastName].filter(Boolean).join(' ');
  return [
    t.id,
    t.reference,
    t.paymentDate ?? t.createdAt,
    name,
    t.user.email,
    t.paymentMethod ?? '',
    t.amount,
    t.currency,
    t.status,
    t.paymentStatus,
    t.orders.map((o) => o.orderNumber).join(' '),
    t.reviewReason ?? '',
  ].map(neutral);
}
