import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MoneyGateway } from './money-gateway';

/** One thing the ledger and Paystack (or the ledger and Kasuwa's own records) disagree on, for an admin to look at. */
export interface ReconciliationDifference {
  id: string;
  kind: 'balance' | 'payout_open' | 'refund_open' | 'refund_due' | 'order_without_escrow';
  reference: string | null;
  /** Kobo strings. */
  expected: string | null;
  actual: string | null;
  note: string;
}

/**
 * Compares the ledger with Paystack's balance and with what Kasuwa still owes or waits for: payouts left open (otp,
 * unknown, or unconfirmed for an hour), refunds not done, payments flagged for refund, paid orders without escrow.
 */
@Injectable()
export class ReconciliationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly gateway: MoneyGateway,
  ) {}

  async differences(): Promise<ReconciliationDifference[]> {
    const out: ReconciliationDifference[] = [];
    const [{ expected }] = await this.db.query(
      `SELECT coalesce(-sum(p.amount_kobo), 0)::text AS expected FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id WHERE a.code = 'paystack_clearing'`,
    );
    const actual = await this.gateway.balance().then(String, () => null);
    if (actual !== expected) {
      out.push({
        id: 'balance',
        kind: 'balance',
        reference: null,
        expected,
        actual,
        note: actual === null ? 'Paystack did not answer the balance request.' : 'Paystack balance differs from the ledger (Paystack fees are kept by Paystack).',
      });
    }
    const payouts = await this.db.query(
      `SELECT id, reference, amount_kobo::text, status, updated_at FROM payout
        WHERE status IN ('otp', 'unknown') OR (status IN ('queued', 'pending') AND updated_at < now() - interval '1 hour') ORDER BY id`,
    );
    for (const p of payouts) {
      out.push({ id: `payout:${p.id}`, kind: 'payout_open', reference: p.reference, expected: p.amount_kobo, actual: null, note: `Transfer ${p.status} since ${new Date(p.updated_at).toISOString()}` });
    }
    const refunds = await this.db.query(`SELECT id, payment_reference, amount_kobo::text, status, message FROM refund WHERE status IN ('queued', 'failed') ORDER BY id`);
    for (const r of refunds) {
      out.push({ id: `refund:${r.id}`, kind: 'refund_open', reference: r.payment_reference, expected: r.amount_kobo, actual: null, note: `Refund ${r.status}${r.message ? `: ${r.message}` : ''}` });
    }
    const due = await this.db.query(
      `SELECT t.reference, coalesce(t.paid_amount_kobo, t.amount_kobo)::text AS amount, t.review_reason FROM payment_transaction t
        WHERE t.needs_refund AND NOT EXISTS (SELECT 1 FROM refund r WHERE r.payment_reference = t.reference) ORDER BY t.id`,
    );
    for (const d of due) out.push({ id: `due:${d.reference}`, kind: 'refund_due', reference: d.reference, expected: d.amount, actual: null, note: d.review_reason ?? 'Payment not applied' });
    const orphans = await this.db.query(
      `SELECT o.id, o.order_number, o.total_kobo::text FROM "order" o
        WHERE o.paid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM journal_entry e WHERE e.kind = 'payment' AND e.ref = 'order:' || o.id) ORDER BY o.id LIMIT 500`,
    );
    for (const o of orphans) {
      out.push({ id: `order:${o.id}`, kind: 'order_without_escrow', reference: o.order_number, expected: o.total_kobo, actual: '0', note: 'Paid before the ledger existed, or its payment entry is missing' });
    }
    return out;
  }
}
