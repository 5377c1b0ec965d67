import {
  koboToNaira,
  type AdminTransaction,
  type TransactionPaymentStatus,
  type TransactionStatus,
  type TransactionType,
} from '@kasuwa/contracts';

const ORDERS_JSON = (where: string) =>
  `coalesce((SELECT json_agg(json_build_object('id', o.id, 'orderNumber', o.order_number) ORDER BY o.id) FROM "order" o WHERE ${where}), '[]'::json)`;

/**
 * Payments, refunds and payouts as one list, each row in the payment's terms: `status` in the payment's
 * values (success | pending | failed | abandoned | reversed), `applied` = the money moved. A refund is shown with the
 * buyer and the payment it returns; a payout with the seller; the cash a seller confirmed for a pay-on-delivery order
 * with its buyer (method `cash_on_delivery`, its order number as reference). Only payments and cash have a method. `row_key` orders rows of one instant for keyset paging.
 */
export const MOVEMENTS = `(
  SELECT 'payment'::text AS type, t.id AS source_id, t.reference, t.provider::text, t.payment_method::text, t.amount_kobo, t.paid_amount_kobo,
         t.currency::text, t.paid_currency::text, t.status::text, t.applied, t.needs_refund, t.review_reason, t.paid_at, t.created_at,
         t.checkout_session_id, t.user_id, ${ORDERS_JSON('o.checkout_session_id = t.checkout_session_id')} AS orders
    FROM payment_transaction t
  UNION ALL
  SELECT 'refund', r.id, r.payment_reference, pt.provider::text, NULL, r.amount_kobo, NULL::bigint, 'NGN', NULL,
         CASE r.status WHEN 'processed' THEN 'success' WHEN 'failed' THEN 'failed' ELSE 'pending' END, r.status = 'processed', false, r.reason,
         r.settled_at, r.created_at, pt.checkout_session_id, pt.user_id, ${ORDERS_JSON('o.id = r.order_id')}
    FROM refund r JOIN payment_transaction pt ON pt.reference = r.payment_reference
  UNION ALL
  SELECT 'payout', p.id, p.reference, CASE WHEN p.recipient_code LIKE 'RCP\\_test%' THEN 'test' ELSE 'paystack' END, NULL, p.amount_kobo, NULL::bigint, 'NGN', NULL,
         CASE WHEN p.status IN ('success', 'failed', 'reversed') THEN p.status::text ELSE 'pending' END, p.status = 'success', false, p.message,
         p.settled_at, p.created_at, NULL::int, p.user_id, '[]'::json
    FROM payout p
  UNION ALL
  SELECT 'cash', o.id, o.order_number, 'cash', 'cash_on_delivery', o.total_kobo, NULL::bigint, 'NGN', NULL, 'success', true, false, NULL,
         o.cash_received_at, o.created_at, o.checkout_session_id, o.buyer_id, json_build_array(json_build_object('id', o.id, 'orderNumber', o.order_number))
    FROM "order" o WHERE o.cash_received_at IS NOT NULL
)`;
export const TRANSACTION_COLUMNS = `t.*, t.type || ':' || lpad(t.source_id::text, 12, '0') AS row_key, u.id AS user_id, u.first_name, u.last_name, u.email`;
export const TRANSACTION_FROM = `${MOVEMENTS} t JOIN app_user u ON u.id = t.user_id`;

export interface TransactionRow {
  type: TransactionType;
  source_id: number;
  row_key: string;
  reference: string;
  provider: 'paystack' | 'test' | 'cash';
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
  checkout_session_id: number | null;
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
    id: r.type === 'payment' ? r.source_id : `${r.type}-${r.source_id}`,
    type: r.type,
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

/** A cell a spreadsheet would read as a formula (=, +, -, @, tab, CR first) is written as text; a plain signed number stays one. */
const neutral = (value: unknown): string => {
  const s = value === null || value === undefined ? '' : String(value);
  if (/^-\d+\.\d{2}$/.test(s)) return s;
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

export const CSV_HEADER = [
  'ID',
  'Type',
  'Reference',
  'Date (Lagos)',
  'Customer',
  'Email',
  'Method',
  'Amount (NGN)',
  'Currency',
  'Status',
  'Payment status',
  'Orders',
  'Note',
];

/** csv-stringify settings of the export: UTF-8 BOM (spreadsheet apps read accents right), CRLF, RFC 4180 quoting, also of edge spaces. */
export const CSV_OPTIONS = { bom: true, header: true, columns: CSV_HEADER, record_delimiter: 'windows', quoted_match: /^\s|\s$/ } as const;

/** `2026-11-27 14:05:00` in Lagos time: the form spreadsheets read as a date and time. */
const LAGOS_STAMP = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
export const lagosStamp = (at: Date | string) => LAGOS_STAMP.format(new Date(at));

/** Kobo as a plain naira number with two decimals, signed: 3610000 → "36100.00", -3610000 → "-36100.00". */
export const plainNaira = (kobo: number | bigint) => {
  const k = BigInt(kobo);
  const abs = k < 0n ? -k : k;
  return `${k < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * What a row moved in the ledger, signed from Kasuwa's side (money in +, out −), and whether it moved at all:
 * an applied payment brought in what was asked (fees the buyer paid on top are Paystack's), an unapplied one what
 * was charged (held for a refund); a processed refund and a paid payout went out. Failed, abandoned, pending and
 * reversed rows moved nothing: the totals line is the sum of what did, the ledger's net for the range.
 */
export function ledgerKobo(r: TransactionRow): { amount: bigint; moved: boolean } {
  if (r.type === 'payment') {
    const amount = BigInt(r.applied ? r.amount_kobo : (r.paid_amount_kobo ?? r.amount_kobo));
    return { amount, moved: r.status === 'success' };
  }
  // Cash paid at the door went from the buyer to the seller, never through Kasuwa: it is listed, not in the net.
  if (r.type === 'cash') return { amount: BigInt(r.amount_kobo), moved: false };
  return { amount: -BigInt(r.amount_kobo), moved: r.status === 'success' };
}

/** One transaction as a CSV record, in CSV_HEADER's order: the status says failed / abandoned rows, the amount is signed. */
export function csvRecord(r: TransactionRow): string[] {
  const t = toTransaction(r);
  const name = [t.user.firstName, t.user.lastName].filter(Boolean).join(' ');
  return [
    t.id,
    t.type,
    t.reference,
    lagosStamp(r.paid_at ?? r.created_at),
    name,
    t.user.email,
    t.paymentMethod ?? '',
    plainNaira(ledgerKobo(r).amount),
    t.currency,
    r.status === 'abandoned' ? 'abandoned' : t.status,
    t.paymentStatus,
    t.orders.map((o) => o.orderNumber).join(' '),
    t.reviewReason ?? '',
  ].map(neutral);
}

/** The last line: the net of every row that moved money (equal to the ledger's Paystack clearing for the range). */
export function csvTotals(net: bigint, rows: number): string[] {
  return ['TOTAL', '', '', '', '', '', '', plainNaira(net), 'NGN', `net of ${rows} rows that moved money`, '', '', ''].map(neutral);
}
