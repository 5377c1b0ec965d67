import type { DataSource } from 'typeorm';

/**
 * The money rules that must hold after ANY change to orders, checkouts or payments, read straight from the tables.
 * Reusable by every money test: call `expectMoneyInvariants(t.db, { sessionIds, stock })` after the action under test.
 *
 *  1. An unpaid (pending) checkout's payable total is the sum of its live orders (status `pending`), and it has one.
 *  2. A closed (cancelled / expired) checkout owes nothing, holds no live order and was paid by no payment.
 *  3. A paid checkout was paid by exactly one applied payment, for what Kasuwa asked (fees on top allowed), and that
 *     equals the sum of the orders that payment paid: nothing was charged for an order that no longer existed.
 *  4. Only orders of a paid checkout are paid; every paid order has its `paid` history row from the payment.
 *  5. Money taken but not applied is flagged for refund; a paid order that was then cancelled is `refund_due`; an order
 *     cancelled before payment says `cancelled`/`expired`, never `paid`.
 *  6. Stock: each listing's quantity + the units still held by orders = what it started with.
 *  7. Ledger (Always checked): every journal entry sums to zero over 2+ postings; cached balances equal
 *     their postings; no internal account below zero (what a seller owes Kasuwa: never above); per paid order held + released + refunded = paid (and its
 *     payment entry = its total); commission only on released money; in-transit money = open payouts / refunds.
 *  8. Pay on delivery: such an order never goes through Paystack or escrow (rules 1–5 and 7's escrow rule do not see
 *     it); it is paid exactly when its seller confirmed the cash (then `completed`/`paid` and one `cod_commission`
 *     entry of its frozen commission, from the seller's balance), never when refused; a `cash` checkout holds only
 *     such orders and owes nothing online.
 */
export interface MoneyScope {
  /** Checkouts to check (default: all). */
  sessionIds?: number[];
  /** Listings and the quantity they had before any order. */
  stock?: { productId: number; initial: number }[];
}

const CANCELLED = ['cancelled', 'cancelled_by_buyer', 'rejected_by_seller', 'need_refund'];

export async function moneyViolations(db: DataSource, scope: MoneyScope = {}): Promise<string[]> {
  const sessions: { id: number; status: string; total_kobo: string }[] = await db.query(
    `SELECT id, status, total_kobo FROM checkout_session WHERE $1::int[] IS NULL OR id = ANY($1) ORDER BY id`,
    [scope.sessionIds ?? null],
  );
  const out: string[] = [];
  for (const s of sessions) {
    const cs = `checkout ${s.id} (${s.status})`;
    const all: {
      id: number;
      order_number: string;
      status: string;
      payment_status: string;
      total_kobo: string;
      paid_at: Date | null;
      paid_rows: number;
      cash: boolean;
    }[] = await db.query(
      `SELECT o.id, o.order_number, o.status, o.payment_status, o.total_kobo, o.paid_at, o.delivery_method = 'pay_on_delivery' AS cash,
                (SELECT count(*)::int FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'paid' AND h.actor_kind = 'payment') AS paid_rows
           FROM "order" o WHERE o.checkout_session_id = $1 ORDER BY o.id`,
      [s.id],
    );
    // Rule 8: orders paid at the door are outside what the checkout's payment pays for.
    const orders = all.filter((o) => !o.cash);
    if (s.status === 'cash') {
      if (Number(s.total_kobo) !== 0) out.push(`${cs}: paid on delivery but owes ${s.total_kobo} online`);
      if (orders.length) out.push(`${cs}: paid on delivery but orders ${orders.map((o) => o.order_number)} are to be paid online`);
    }
    const payments: {
      reference: string;
      status: string;
      applied: boolean;
      needs_refund: boolean;
      amount_kobo: string;
      paid_amount_kobo: string | null;
    }[] = await db.query(
      `SELECT reference, status, applied, needs_refund, amount_kobo, paid_amount_kobo FROM payment_transaction WHERE checkout_session_id = $1`,
      [s.id],
    );
    const sum = (rows: { total_kobo: string }[]) => rows.reduce((n, o) => n + Number(o.total_kobo), 0);
    const live = orders.filter((o) => o.status === 'pending');
    const paidOrders = orders.filter((o) => o.paid_at);
    const applied = payments.filter((p) => p.applied);

    if (s.status === 'pending') {
      if (Number(s.total_kobo) !== sum(live)) out.push(`${cs}: payable total ${s.total_kobo} ≠ live orders ${sum(live)}`);
      if (!live.length) out.push(`${cs}: pending with no live order`);
    }
    if (s.status === 'cancelled' || s.status === 'expired') {
      if (Number(s.total_kobo) !== 0) out.push(`${cs}: closed but still owes ${s.total_kobo}`);
      if (live.length) out.push(`${cs}: closed but orders ${live.map((o) => o.order_number)} still wait for payment`);
    }
    if (s.status === 'paid') {
      if (applied.length !== 1) out.push(`${cs}: ${applied.length} applied payments`);
      for (const p of applied) {
        if (Number(p.amount_kobo) !== sum(paidOrders))
          out.push(`${cs}: payment ${p.reference} asked ${p.amount_kobo} but paid orders total ${sum(paidOrders)}`);
        if (Number(p.amount_kobo) !== Number(s.total_kobo))
          out.push(`${cs}: payment ${p.reference} asked ${p.amount_kobo}, checkout total ${s.total_kobo}`);
        if (p.paid_amount_kobo !== null && Number(p.paid_amount_kobo) < Number(p.amount_kobo))
          out.push(`${cs}: payment ${p.reference} charged less than asked`);
      }
    } else {
      if (applied.length) out.push(`${cs}: not paid, yet payment ${applied[0].reference} is applied`);
      if (paidOrders.length) out.push(`${cs}: not paid, yet orders ${paidOrders.map((o) => o.order_number)} are marked paid`);
    }
    for (const p of payments) {
      if (p.status === 'success' && !p.applied && !p.needs_refund)
        out.push(`${cs}: payment ${p.reference} took money, paid nothing, and is not flagged for refund`);
      if (p.applied && p.needs_refund) out.push(`${cs}: payment ${p.reference} is both applied and flagged for refund`);
    }
    for (const o of orders) {
      const on = `${cs}: order ${o.order_number} (${o.status}/${o.payment_status})`;
      if (o.paid_at && o.paid_rows !== 1) out.push(`${on}: paid without exactly one payment history row`);
      if (!o.paid_at && o.paid_rows) out.push(`${on}: has a payment history row but no paid_at`);
      if (!o.paid_at && o.payment_status === 'paid') out.push(`${on}: payment status paid without a payment`);
      if (o.paid_at && CANCELLED.includes(o.status) && o.payment_status !== 'refund_due')
        out.push(`${on}: paid, cancelled, and no refund due`);
      if (!o.paid_at && CANCELLED.includes(o.status) && !['cancelled', 'expired'].includes(o.payment_status))
        out.push(`${on}: cancelled before payment but says ${o.payment_status}`);
    }
  }
  out.push(...(await ledgerViolations(db)), ...(await cashViolations(db)));
  for (const { productId, initial } of scope.stock ?? []) {
    const [row] = await db.query(
      `SELECT p.quantity,
              (SELECT coalesce(sum(i.quantity), 0)::int FROM order_item i JOIN "order" o ON o.id = i.order_id
                WHERE i.product_id = p.id AND o.stock_released_at IS NULL) AS held
         FROM product p WHERE p.id = $1`,
      [productId],
    );
    if (row && row.quantity + row.held !== initial)
      out.push(`product ${productId}: quantity ${row.quantity} + held ${row.held} ≠ ${initial}`);
  }
  return out;
}

/** The ledger's rules (7 above), over the whole database. */
export async function ledgerViolations(db: DataSource): Promise<string[]> {
  const out: string[] = [];
  const q = (sql: string, params: unknown[] = []) => db.query(sql, params) as Promise<Record<string, string | number | null>[]>;
  for (const e of await q(
    `SELECT e.id, e.kind, e.ref, coalesce(sum(p.amount_kobo), 0)::text AS s, count(p.id)::int AS n FROM journal_entry e LEFT JOIN ledger_posting p ON p.entry_id = e.id GROUP BY e.id HAVING coalesce(sum(p.amount_kobo), 0) <> 0 OR count(p.id) < 2`,
  )) {
    out.push(`journal entry ${e.id} (${e.kind} ${e.ref}) sums to ${e.s} over ${e.n} postings`);
  }
  for (const a of await q(`SELECT a.code, a.balance_kobo::text AS b, coalesce(sum(p.amount_kobo), 0)::text AS s FROM ledger_account a LEFT JOIN ledger_posting p ON p.account_id = a.id
                            GROUP BY a.id`)) {
    const derived = ['paystack_clearing', 'kasuwa_commission'].includes(String(a.code));
    if (!derived && a.b !== a.s) out.push(`account ${a.code}: cached ${a.b} ≠ postings ${a.s}`);
    // What a seller owes Kasuwa is the one internal account kept at or below zero (negative = owed).
    const owed = String(a.code).startsWith('seller_owed:');
    if (a.code !== 'paystack_clearing' && !owed && BigInt(String(a.s)) < 0n) out.push(`account ${a.code} is below zero (${a.s})`);
    if (owed && BigInt(String(a.s)) > 0n)
      out.push(`account ${a.code} is above zero (${a.s}): Kasuwa owes the seller through the wrong account`);
  }
  const orders = await q(`
    SELECT o.id, o.order_number, o.total_kobo::text AS total, o.commission_kobo::text AS commission, o.paid_at IS NOT NULL AS paid,
      coalesce((SELECT -sum(p.amount_kobo) FROM journal_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
                 WHERE e.kind = 'payment' AND e.order_id = o.id AND a.kind = 'paystack_clearing'), 0)::text AS paid_in,
      coalesce((SELECT a.balance_kobo FROM ledger_account a WHERE a.code = 'escrow:' || o.id), 0)::text AS held,
      coalesce((SELECT sum(p.amount_kobo) FROM journal_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
                 WHERE e.kind = 'release' AND e.order_id = o.id AND a.kind IN ('kasuwa_commission', 'seller_available')), 0)::text AS released,
      coalesce((SELECT sum(p.amount_kobo) FROM journal_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
                 WHERE e.kind = 'release' AND e.order_id = o.id AND a.kind = 'kasuwa_commission'), 0)::text AS commission_taken,
      coalesce((SELECT sum(p.amount_kobo) FROM journal_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
                 WHERE e.kind IN ('refund', 'refund_failed') AND e.order_id = o.id AND a.kind = 'refunds_in_transit'), 0)::text AS refunded
    FROM "order" o WHERE o.delivery_method IS DISTINCT FROM 'pay_on_delivery'`);
  for (const o of orders) {
    const [paidIn, held, released, refunded, taken] = [o.paid_in, o.held, o.released, o.refunded, o.commission_taken].map((v) =>
      BigInt(String(v)),
    );
    const on = `order ${o.order_number}`;
    if (o.paid && paidIn !== BigInt(String(o.total))) out.push(`${on}: paid, but its escrow received ${paidIn} of ${o.total}`);
    if (!o.paid && paidIn !== 0n) out.push(`${on}: not paid, but ${paidIn} went into its escrow`);
    if (held + released + refunded !== paidIn)
      out.push(`${on}: held ${held} + released ${released} + refunded ${refunded} ≠ paid ${paidIn}`);
    const total = BigInt(String(o.total));
    const due = total > 0n ? (BigInt(String(o.commission)) * released) / total : 0n;
    if (taken !== due) out.push(`${on}: commission taken ${taken}, due on the released ${released} is ${due}`);
  }
  for (const a of await q(`
    SELECT a.code, a.balance_kobo::text AS b,
           (SELECT coalesce(sum(amount_kobo), 0) FROM payout WHERE user_id = a.user_id AND status IN ('queued','pending','otp','unknown'))::text AS open
      FROM ledger_account a WHERE a.kind = 'seller_in_transit'`)) {
    if (a.b !== a.open) out.push(`${a.code}: ${a.b} in transit, open payouts ${a.open}`);
  }
  const [r] = await q(`SELECT (SELECT coalesce(sum(balance_kobo), 0) FROM ledger_account WHERE kind = 'refunds_in_transit')::text AS b,
                              (SELECT coalesce(sum(amount_kobo), 0) FROM refund WHERE status IN ('queued','sending','pending','needs_attention'))::text AS open`);
  if (r.b !== r.open) out.push(`refunds in transit ${r.b}, open refunds ${r.open}`);
  return out;
}

/** Rule 8 over the whole database: pay-on-delivery orders. */
export async function cashViolations(db: DataSource): Promise<string[]> {
  const out: string[] = [];
  const rows: Record<string, string | number | boolean | null>[] = await db.query(`
    SELECT o.order_number, o.status, o.payment_status, o.paid_at IS NOT NULL AS paid, o.cash_received_at IS NOT NULL AS cash, o.delivery_refused_at IS NOT NULL AS refused,
           o.commission_kobo::text AS commission,
           (SELECT count(*)::int FROM journal_entry e WHERE e.order_id = o.id AND e.kind <> 'cod_commission') AS other_entries,
           (SELECT count(*)::int FROM journal_entry e WHERE e.order_id = o.id AND e.kind = 'cod_commission') AS cod_entries,
           coalesce((SELECT sum(p.amount_kobo) FROM journal_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id
                      WHERE e.order_id = o.id AND e.kind = 'cod_commission' AND a.kind = 'kasuwa_commission'), 0)::text AS taken
      FROM "order" o WHERE o.delivery_method = 'pay_on_delivery'`);
  for (const o of rows) {
    const on = `pay-on-delivery order ${o.order_number} (${o.status}/${o.payment_status})`;
    if (o.paid !== o.cash) out.push(`${on}: paid ${o.paid} but cash confirmed ${o.cash}`);
    if (o.cash && o.payment_status !== 'paid') out.push(`${on}: cash confirmed but not paid`);
    if (o.refused && (o.paid || o.payment_status !== 'cancelled')) out.push(`${on}: refused at the door but not cancelled`);
    if (o.other_entries) out.push(`${on}: ${o.other_entries} Paystack or escrow ledger entries`);
    const due = o.cash && Number(o.commission) > 0 ? 1 : 0;
    if (o.cod_entries !== due) out.push(`${on}: ${o.cod_entries} commission entries, ${due} due`);
    if (o.cash && o.taken !== o.commission) out.push(`${on}: commission taken ${o.taken} of ${o.commission}`);
  }
  return out;
}

/** Fails the test with every broken money rule named. */
export async function expectMoneyInvariants(db: DataSource, scope: MoneyScope = {}): Promise<void> {
  expect(await moneyViolations(db, scope)).toEqual([]);
}
