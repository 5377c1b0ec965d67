import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatNaira, koboToNaira } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import type { OrderRow, PaymentTransactionRow, PayoutRow, RefundRow } from '../../database/rows.generated';
import { MoneyGateway, ProviderRecord, RefundData } from './money-gateway';
import { refundReferenceIn } from './refund-open';

/** How far back the ledger is compared with Paystack's transaction and transfer lists. */
export const RECONCILE_DAYS = 30;

/** One thing the ledger and Paystack (or the ledger and Kasuwa's own records) disagree on, for an admin to look at. */
export interface ReconciliationDifference {
  id: string;
  kind:
    'balance' | 'payment' | 'transfer' | 'refund' | 'payout_open' | 'refund_open' | 'refund_due' | 'order_without_escrow' | 'payout_late';
  reference: string | null;
  /** Kobo strings. */
  expected: string | null;
  actual: string | null;
  note: string;
}

/**
 * Compares the ledger with Paystack — its balance, and payment by payment and transfer by transfer its transaction and
 * transfer lists of the last RECONCILE_DAYS — and with what Kasuwa still owes or waits for: payouts left open (otp,
 * unknown, or unconfirmed for an hour), refunds not done, payments flagged for refund, paid orders without escrow.
 */
@Injectable()
export class ReconciliationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly gateway: MoneyGateway,
  ) {}

  async differences(now = new Date()): Promise<ReconciliationDifference[]> {
    const out: ReconciliationDifference[] = [];
    const from = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000);
    out.push(...(await this.payments(from)), ...(await this.transfers(from)), ...(await this.refunds(from)));
    const [{ expected }] = await this.db.query<{ expected: string }[]>(
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
        note:
          actual === null
            ? 'Paystack did not answer the balance request.'
            : 'Paystack balance differs from the ledger (Paystack fees are kept by Paystack).',
      });
    }
    const payouts = await this.db.query<Pick<PayoutRow, 'id' | 'reference' | 'amount_kobo' | 'status' | 'updated_at'>[]>(
      `SELECT id, reference, amount_kobo::text, status, updated_at FROM payout
        WHERE status IN ('otp', 'unknown') OR (status IN ('queued', 'pending') AND updated_at < now() - interval '1 hour')
           OR (status = 'sending' AND sent_at < now() - make_interval(secs => $1)) ORDER BY id`,
      [this.cfg.money.sendGraceMs / 1000],
    );
    for (const p of payouts) {
      const note =
        p.status === 'sending'
          ? `Transfer sent with no answer since ${new Date(p.updated_at).toISOString()}: Kasuwa asks Paystack (verify) every minute. Action: none unless it stays; then look it up on Paystack's dashboard.`
          : `Transfer ${p.status} since ${new Date(p.updated_at).toISOString()}`;
      out.push({ id: `payout:${p.id}`, kind: 'payout_open', reference: p.reference, expected: p.amount_kobo, actual: null, note });
    }
    const late = await this.db.query<Pick<PayoutRow, 'id' | 'reference' | 'amount_kobo' | 'message'>[]>(
      `SELECT p.id, p.reference, p.amount_kobo::text, p.message FROM payout p JOIN journal_entry e ON e.kind = 'payout_paid_late' AND e.ref = p.reference ORDER BY p.id`,
    );
    for (const p of late) {
      out.push({
        id: `late:${p.id}`,
        kind: 'payout_late',
        reference: p.reference,
        expected: p.amount_kobo,
        actual: p.amount_kobo,
        note: `${p.message ?? 'Paid after being reported failed.'} Action: check the seller was not paid twice; what they owe is netted from their next withdrawal.`,
      });
    }
    const refunds = await this.db.query<Pick<RefundRow, 'id' | 'payment_reference' | 'reference' | 'amount_kobo' | 'status' | 'message'>[]>(
      `SELECT id, payment_reference, reference, amount_kobo::text, status, message FROM refund
        WHERE (status IN ('queued', 'failed') AND retried_as IS NULL) OR (status = 'sending' AND sent_at < now() - make_interval(secs => $1)) ORDER BY id`,
      [this.cfg.money.sendGraceMs / 1000],
    );
    for (const r of refunds) {
      const action =
        r.status === 'failed'
          ? 'Action: retry it from the Refunds list (the money is held again).'
          : r.status === 'sending'
            ? 'Action: none; Kasuwa looks it up at Paystack every minute.'
            : 'Action: none; it is sent every minute.';
      out.push({
        id: `refund:${r.id}`,
        kind: 'refund_open',
        reference: r.payment_reference,
        expected: r.amount_kobo,
        actual: null,
        note: `Refund ${r.reference} ${r.status}${r.message ? `: ${r.message}` : ''}. ${action}`,
      });
    }
    const due = await this.db.query<(Pick<PaymentTransactionRow, 'reference' | 'review_reason'> & { amount: string })[]>(
      `SELECT t.reference, coalesce(t.paid_amount_kobo, t.amount_kobo)::text AS amount, t.review_reason FROM payment_transaction t
        WHERE t.needs_refund AND NOT EXISTS (SELECT 1 FROM refund r WHERE r.payment_reference = t.reference) ORDER BY t.id`,
    );
    for (const d of due)
      out.push({
        id: `due:${d.reference}`,
        kind: 'refund_due',
        reference: d.reference,
        expected: d.amount,
        actual: null,
        note: d.review_reason ?? 'Payment not applied',
      });
    const orphans = await this.db.query<Pick<OrderRow, 'id' | 'order_number' | 'total_kobo'>[]>(
      `SELECT o.id, o.order_number, o.total_kobo::text FROM "order" o
        WHERE o.paid_at IS NOT NULL AND o.cash_received_at IS NULL AND NOT EXISTS (SELECT 1 FROM journal_entry e WHERE e.kind = 'payment' AND e.ref = 'order:' || o.id) ORDER BY o.id LIMIT 500`,
    );
    for (const o of orphans) {
      out.push({
        id: `order:${o.id}`,
        kind: 'order_without_escrow',
        reference: o.order_number,
        expected: o.total_kobo,
        actual: '0',
        note: 'Paid before the ledger existed, or its payment entry is missing',
      });
    }
    return out;
  }

  /**
   * Per payment reference: the money the ledger took in through Paystack (the orders' escrow, or money kept for a
   * refund) against what Paystack's transaction list says was paid (`requested_amount` of a successful one).
   */
  private async payments(from: Date): Promise<ReconciliationDifference[]> {
    const provider = await this.gateway.transactions(from).catch(() => null);
    if (!provider) return [unanswered('payments', 'transaction list')];
    const ledger = await this.db.query<{ reference: string; amount: string }[]>(
      `SELECT t.reference, coalesce(sum(-p.amount_kobo), 0)::text AS amount
         FROM payment_transaction t
         JOIN journal_entry e ON (e.kind = 'unapplied_payment' AND e.ref = t.reference)
                              OR (e.kind = 'payment' AND t.applied AND e.order_id IN (SELECT o.id FROM "order" o WHERE o.checkout_session_id = t.checkout_session_id))
         JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id AND a.kind = 'paystack_clearing'
        WHERE t.created_at >= $1 GROUP BY t.reference`,
      [from.toISOString()],
    );
    return compare('payment', ledger, provider, (r) => (r.status === 'success' ? r.amount : 0), {
      missing: 'Paystack says it was paid; the ledger has not taken it in (the webhook and verify never applied it).',
      extra: 'The ledger took this payment in; Paystack does not list it as successful.',
      amount: 'Paid at Paystack and taken in by the ledger, for different amounts.',
    });
  }

  /**
   * Refund by refund: every refund Kasuwa sent (its reference, in Paystack's merchant note, or Paystack's id) against
   * Paystack's refund list since `from`. Listed: a refund at Paystack that Kasuwa did not count (sent twice, or from the
   * dashboard), one Kasuwa counts that Paystack does not list, amounts or outcomes that differ — each with what to do.
   */
  private async refunds(from: Date): Promise<ReconciliationDifference[]> {
    const theirs = await this.gateway.refunds({ from }).catch(() => null);
    if (!theirs) return [unanswered('refunds', 'refund list')];
    const ours = await this.db.query<
      Pick<RefundRow, 'id' | 'reference' | 'paystack_id' | 'amount_kobo' | 'status' | 'payment_reference'>[]
    >(
      `SELECT id, reference, paystack_id::text, amount_kobo::text, status, payment_reference FROM refund WHERE created_at >= $1 AND (status IN ('pending', 'processed', 'sending') OR paystack_id IS NOT NULL) ORDER BY id`,
      [from.toISOString()],
    );
    const byId = new Map(ours.filter((r) => r.paystack_id).map((r) => [r.paystack_id!, r]));
    const byRef = new Map(ours.map((r) => [r.reference, r]));
    const matched = new Set<number>();
    const out: ReconciliationDifference[] = [];
    const naira = (kobo: number) => formatNaira(koboToNaira(kobo));
    for (const p of theirs) {
      const mine = byId.get(String(p.id)) ?? byRef.get(refundReferenceIn(p.merchant_note) ?? '');
      const reference = mine?.reference ?? refundReferenceIn(p.merchant_note) ?? `paystack:${p.id}`;
      if (!mine || matched.has(mine.id)) {
        if (String(p.status) === 'failed') continue;
        out.push({
          id: `refund:paystack:${p.id}`,
          kind: 'refund',
          reference,
          expected: '0',
          actual: String(p.amount),
          note: `${mine ? `Paystack refunded ${naira(p.amount)} of payment ${paymentOf(p)} a second time under this reference` : `Paystack refunded ${naira(p.amount)} of payment ${paymentOf(p)}; Kasuwa has no such refund`} (Paystack refund ${p.id}, ${p.status}). Action: recover the money from the buyer, or record it as a loss.`,
        });
        continue;
      }
      matched.add(mine.id);
      if (Number(mine.amount_kobo) !== Number(p.amount)) {
        out.push({
          id: `refund:${mine.id}`,
          kind: 'refund',
          reference,
          expected: mine.amount_kobo,
          actual: String(p.amount),
          note: `Kasuwa refunded ${naira(Number(mine.amount_kobo))}, Paystack ${naira(p.amount)} (Paystack: ${p.status}). Action: check the refund on Paystack's dashboard.`,
        });
      } else if (mine.status === 'processed' && String(p.status) === 'failed') {
        out.push({
          id: `refund:${mine.id}`,
          kind: 'refund',
          reference,
          expected: mine.amount_kobo,
          actual: '0',
          note: 'Kasuwa counts this refund as sent; Paystack says it failed. Action: refund the buyer again or contact Paystack.',
        });
      }
    }
    for (const r of ours) {
      if (matched.has(r.id) || r.status === 'sending' || r.status === 'failed') continue;
      out.push({
        id: `refund:${r.id}`,
        kind: 'refund',
        reference: r.reference,
        expected: r.amount_kobo,
        actual: '0',
        note: `Kasuwa counts this refund (${r.status}) of payment ${r.payment_reference}; Paystack does not list it. Action: look it up on Paystack's dashboard; retry it if it never reached Paystack.`,
      });
    }
    return out;
  }

  /** Per transfer reference: what the ledger paid out (net of reversals) against Paystack's transfer list (successful ones). */
  private async transfers(from: Date): Promise<ReconciliationDifference[]> {
    const provider = await this.gateway.transfers(from).catch(() => null);
    if (!provider) return [unanswered('transfers', 'transfer list')];
    const ledger = await this.db.query<{ reference: string; amount: string }[]>(
      `SELECT e.ref AS reference, sum(p.amount_kobo)::text AS amount
         FROM journal_entry e JOIN ledger_posting p ON p.entry_id = e.id JOIN ledger_account a ON a.id = p.account_id AND a.kind = 'paystack_clearing'
        WHERE e.kind IN ('payout_paid', 'payout_reversed') AND e.created_at >= $1 GROUP BY e.ref`,
      [from.toISOString()],
    );
    return compare('transfer', ledger, provider, (r) => (r.status === 'success' ? r.amount : 0), {
      missing: 'Paystack says this transfer succeeded; the ledger has not paid it out (no payout, or one still open or failed).',
      extra: 'The ledger paid this transfer out; Paystack does not list it as successful (failed, reversed or unknown).',
      amount: 'Paid out by Paystack and by the ledger, for different amounts.',
    });
  }
}

const paymentOf = (r: RefundData) =>
  r.transaction_reference || (r.transaction && typeof r.transaction === 'object' ? r.transaction.reference : '') || 'unknown';

const unanswered = (what: 'payments' | 'transfers' | 'refunds', list: string): ReconciliationDifference => ({
  id: `${what}:unanswered`,
  kind: what === 'payments' ? 'payment' : what === 'refunds' ? 'refund' : 'transfer',
  reference: null,
  expected: null,
  actual: null,
  note: `Paystack did not answer the ${list} request: ${what} were not compared.`,
});

/** Lines up the ledger's amount and the provider's per reference; every reference where they differ is a difference. */
function compare(
  kind: 'payment' | 'transfer',
  ledger: { reference: string; amount: string }[],
  provider: ProviderRecord[],
  settled: (r: ProviderRecord) => number,
  notes: { missing: string; extra: string; amount: string },
): ReconciliationDifference[] {
  const theirs = new Map<string, { amount: number; status: string }>();
  for (const r of provider) {
    const prev = theirs.get(r.reference);
    theirs.set(r.reference, { amount: (prev?.amount ?? 0) + settled(r), status: r.status });
  }
  const ours = new Map(ledger.map((l) => [l.reference, Number(l.amount)]));
  const out: ReconciliationDifference[] = [];
  for (const reference of new Set([...ours.keys(), ...theirs.keys()])) {
    const expected = ours.get(reference) ?? 0;
    const actual = theirs.get(reference)?.amount ?? 0;
    if (expected === actual) continue;
    const status = theirs.get(reference)?.status ?? 'not listed';
    const note = expected === 0 ? notes.missing : actual === 0 ? notes.extra : notes.amount;
    out.push({
      id: `${kind}:${reference}`,
      kind,
      reference,
      expected: String(expected),
      actual: String(actual),
      note: `${note} (Paystack: ${status})`,
    });
  }
  return out;
}
