import request from 'supertest';
import { MoneyEventsService } from '../src/modules/money/money-events.service';
import { PayoutsService } from '../src/modules/money/payouts.service';
import { RefundsService } from '../src/modules/money/refunds.service';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { createProduct, placeOrder, type ProductFixture } from './utils/catalog-fixtures';
import { deliverAndRelease, initializePayment, savePayoutAccount } from './utils/money-fixtures';
import { ledgerViolations, moneyViolations } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * Money goes out once, whatever Paystack or the process does: a seeded matrix of faults around every refund and
 * transfer — a slow answer past the app's timeout, a dropped connection (what a crash between the call and the write
 * leaves behind), a restart, workers racing, a lookup that fails, a call that never reached Paystack, a refusal, a
 * "Duplicate Transfer Reference", the webhook before the answer, webhooks twice, late and conflicting outcomes, and an
 * admin's retry clicked twice. After each round: Paystack's stand-in holds exactly the refunds and transfers intended,
 * and the money invariants hold (ledger balanced, no balance below zero, per order paid = held + released + refunded,
 * in-transit money = open refunds and payouts, what Paystack paid out = what Kasuwa counts as paid out).
 *
 * MONEY_FAULT_ROUNDS (default 36: each fault twice) and MONEY_FAULT_SEED pick the rounds; the note on the money
 * issue has the 200-round figures.
 */
const ROUNDS = Number(process.env.MONEY_FAULT_ROUNDS ?? 36);
const SEED = Number(process.env.MONEY_FAULT_SEED ?? 22);

/** A small seeded PRNG (mulberry32): the same seed, the same rounds. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('money faults: every refund and transfer reaches Paystack once', () => {
  const paystack = new PaystackStandIn();
  // A web role runs no background job: the test plays the job, the restart and the second worker itself.
  // A 300 ms Paystack timeout makes a slow answer a lost one; a sending row is looked up 1.3 s after its call.
  const { t, admin } = appPerFile({
    paystack,
    admin: true,
    env: { KASUWA_ROLE: 'web', PAYSTACK_TIMEOUT_MS: '300', MONEY_SEND_GRACE_MS: '0' },
  });
  let buyer: TestUser;
  let seller: TestUser;
  let product: ProductFixture;
  const violations: string[] = [];

  const refunds = () => t.app.get(RefundsService);
  const payouts = () => t.app.get(PayoutsService);
  const events = () => t.app.get(MoneyEventsService);
  const asAdmin = () => bearer(admin.token);

  beforeAll(async () => {
    [buyer, seller] = [await registerUser(t), await registerUser(t)];
    product = await createProduct(t, seller.user.id, { priceKobo: 200_000, quantity: 10_000, name: 'Ofada rice, 5 kg' });
    // The seller's payout account, and money to withdraw: one large sale released to them.
    await savePayoutAccount(t, paystack, seller, 'NGOZI BELLO', { numberBase: 2_000_000_000 });
    const big = await createProduct(t, seller.user.id, { priceKobo: 100_000_000, quantity: 1, name: 'Generator, 10 kVA' });
    const id = await paidOrder(big.id);
    await deliverAndRelease(t, id, seller, buyer);
  });

  afterEach(() => {
    paystack.answerDelayMs = 0;
    paystack.beforeAnswer = null;
    paystack.dropNextRefundAnswer = false;
    paystack.dropNextTransferAnswer = false;
    paystack.failNext = null;
  });

  /** One paid order of the buyer's (one unit of `productId`, default the ₦2,000 rice); returns its id. */
  async function paidOrder(productId = product.id): Promise<number> {
    const placed = await placeOrder(t, buyer.token, [{ productID: productId, quantity: 1 }]);
    const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    return placed.orders[0].id;
  }

  const cancel = (orderId: number) =>
    request(t.http).patch(`/api/orders/${orderId}/update/status`).set(bearer(buyer.token)).send({ status: 'cancelled_by_buyer' });
  const withdraw = () => request(t.http).post('/api/wallet/withdraw').set(bearer(seller.token)).send({ amount: '100000' });
  /** Time passes beyond MONEY_SEND_GRACE_MS for every call still without an answer. */
  const later = () =>
    Promise.all([
      t.db.query(`UPDATE refund SET sent_at = now() - interval '1 hour' WHERE status = 'sending'`),
      t.db.query(`UPDATE payout SET sent_at = now() - interval '1 hour' WHERE status = 'sending'`),
    ]);

  async function refundOf(orderId: number) {
    const rows: { id: number; status: string; paystack_id: string | null; payment_reference: string }[] = await t.db.query(
      `SELECT id, status, paystack_id::text, payment_reference FROM refund WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
    return rows;
  }
  const atPaystack = (paymentReference: string) =>
    [...paystack.refunds.values()].filter((r) => r.transactionReference === paymentReference);
  const refundSettle = (paystackId: number, status: 'processed' | 'failed') => paystack.refundSettled(t.http, paystackId, status);
  async function payoutOf(reference: string) {
    const [p]: { id: number; status: string; reference: string }[] = await t.db.query(
      `SELECT id, status, reference FROM payout WHERE reference = $1`,
      [reference],
    );
    return p;
  }
  const transferSettle = (reference: string, status: 'success' | 'failed' | 'reversed') =>
    paystack.transferSettled(t.http, reference, status);
  /** The scenario's one refund is pending at Paystack, which then processes it: one refund intended, one live. */
  async function processedOnce(orderId: number) {
    const [r] = await refundOf(orderId);
    expect(r.status).toBe('pending');
    await refundSettle(Number(r.paystack_id), 'processed');
    return { orderId, intended: 1, live: 1 };
  }

  /** A refund scenario: returns the order and how many refunds Paystack should hold for its payment, and how many not failed. */
  type RefundRun = () => Promise<{ orderId: number; intended: number; live: number }>;
  /** A transfer scenario: returns the references Kasuwa sent, each of which Paystack should hold once. */
  type TransferRun = () => Promise<string[]>;

  const refundFaults: Record<string, RefundRun> = {
    async 'refund: Paystack answers after the app stopped waiting'() {
      const orderId = await paidOrder();
      paystack.answerDelayMs = 800;
      await cancel(orderId).expect(200);
      expect((await refundOf(orderId))[0].status).toBe('sending');
      await refunds().resendQueued(); // within the grace: left alone, nothing sent again
      await sleep(600);
      paystack.answerDelayMs = 0;
      await later();
      await refunds().resendQueued();
      return processedOnce(orderId);
    },
    async 'refund: the process dies between the call and the write, then restarts'() {
      const orderId = await paidOrder();
      paystack.dropNextRefundAnswer = true;
      await cancel(orderId).expect(200);
      expect((await refundOf(orderId))[0].status).toBe('sending');
      await later();
      await events().recover(); // what start-up runs
      return processedOnce(orderId);
    },
    async 'refund: three workers resolve the same lost answer at once'() {
      const orderId = await paidOrder();
      paystack.dropNextRefundAnswer = true;
      await cancel(orderId).expect(200);
      await later();
      await Promise.all([refunds().resendQueued(), refunds().resendQueued(), events().sweepOpen()]);
      const [r] = await refundOf(orderId);
      await refundSettle(Number(r.paystack_id), 'processed');
      return { orderId, intended: 1, live: 1 };
    },
    async 'refund: the webhook arrives before the call is answered'() {
      const orderId = await paidOrder();
      paystack.beforeAnswer = async (kind, id) => {
        if (kind === 'refund') await refundSettle(Number(id), 'processed');
      };
      await cancel(orderId).expect(200);
      expect((await refundOf(orderId))[0].status).toBe('processed');
      return { orderId, intended: 1, live: 1 };
    },
    async 'refund: processed webhook delivered three times at once'() {
      const orderId = await paidOrder();
      await cancel(orderId).expect(200);
      const [r] = await refundOf(orderId);
      paystack.settleRefund(Number(r.paystack_id), 'processed');
      const data = paystack.refundData(Number(r.paystack_id));
      await Promise.all([1, 2, 3].map(() => paystack.sendEvent(t.http, 'refund.processed', data).expect(200)));
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE kind = 'refund_paid' AND ref = $1`, [
        `refund:${r.id}`,
      ]);
      expect(n).toBe(1);
      return { orderId, intended: 1, live: 1 };
    },
    async 'refund: the lookup itself fails, then succeeds'() {
      const orderId = await paidOrder();
      paystack.dropNextRefundAnswer = true;
      await cancel(orderId).expect(200);
      await later();
      paystack.failNext = { status: 503, body: { status: false, message: 'Service unavailable' } };
      await refunds().resendQueued();
      expect((await refundOf(orderId))[0].status).toBe('sending');
      await refunds().resendQueued();
      return processedOnce(orderId);
    },
    async 'refund: the call never reached Paystack (a 502 on the way)'() {
      const orderId = await paidOrder();
      paystack.failNext = { status: 502, body: { status: false, message: 'Bad gateway' } };
      await cancel(orderId).expect(200);
      expect((await refundOf(orderId))[0].status).toBe('sending');
      await later();
      await refunds().resendQueued(); // not found at Paystack: sent again, once
      return processedOnce(orderId);
    },
    async 'refund: Paystack refuses; the admin retries with two clicks'() {
      const orderId = await paidOrder();
      paystack.failNext = { status: 400, body: { status: false, message: 'Transaction has been fully reversed' } };
      await cancel(orderId).expect(200);
      const [failed] = await refundOf(orderId);
      expect(failed.status).toBe('failed');
      const clicks = await Promise.all([1, 2].map(() => request(t.http).post(`/api/admin/refunds/${failed.id}/retry`).set(asAdmin())));
      expect(clicks.map((c) => c.status).sort()).toEqual([201, 409]);
      const [, retry] = await refundOf(orderId);
      await refundSettle(Number(retry.paystack_id), 'processed');
      return { orderId, intended: 1, live: 1 };
    },
    async 'refund: fails at Paystack; the admin retries with two clicks'() {
      const orderId = await paidOrder();
      await cancel(orderId).expect(200);
      const [first] = await refundOf(orderId);
      await refundSettle(Number(first.paystack_id), 'failed');
      const clicks = await Promise.all([1, 2].map(() => request(t.http).post(`/api/admin/refunds/${first.id}/retry`).set(asAdmin())));
      expect(clicks.map((c) => c.status).sort()).toEqual([201, 409]);
      expect(clicks.find((c) => c.status === 409)!.body.code).toBe('REFUND_ALREADY_RETRIED');
      const [, retry] = await refundOf(orderId);
      await refundSettle(Number(retry.paystack_id), 'processed');
      return { orderId, intended: 2, live: 1 };
    },
  };

  const transferFaults: Record<string, TransferRun> = {
    async 'transfer: Paystack answers after the app stopped waiting'() {
      paystack.answerDelayMs = 800;
      const res = await withdraw().expect(201);
      expect(res.body.data.status).toBe('sending');
      await payouts().reconcileOpen(); // within the grace: left alone
      await sleep(600);
      paystack.answerDelayMs = 0;
      await later();
      await payouts().reconcileOpen();
      expect((await payoutOf(res.body.data.reference)).status).toBe('pending');
      await transferSettle(res.body.data.reference, 'success');
      return [res.body.data.reference];
    },
    async 'transfer: the process dies between the call and the write, then restarts'() {
      paystack.dropNextTransferAnswer = true;
      const ref = (await withdraw().expect(201)).body.data.reference;
      await later();
      await events().recover();
      expect((await payoutOf(ref)).status).toBe('pending');
      await transferSettle(ref, 'success');
      return [ref];
    },
    async 'transfer: three workers resolve the same lost answer at once'() {
      paystack.dropNextTransferAnswer = true;
      const ref = (await withdraw().expect(201)).body.data.reference;
      await later();
      await Promise.all([payouts().reconcileOpen(), payouts().reconcileOpen(), events().sweepOpen()]);
      await transferSettle(ref, 'success');
      return [ref];
    },
    async 'transfer: the webhook arrives before the call is answered'() {
      paystack.beforeAnswer = async (kind, reference) => {
        if (kind === 'transfer') await transferSettle(reference, 'success');
      };
      const ref = (await withdraw().expect(201)).body.data.reference;
      expect((await payoutOf(ref)).status).toBe('success');
      return [ref];
    },
    async 'transfer: success and a stale failure delivered at once, twice'() {
      const ref = (await withdraw().expect(201)).body.data.reference;
      paystack.settleTransfer(ref, 'success');
      const data = paystack.transferData(ref);
      await Promise.all([
        paystack.sendEvent(t.http, 'transfer.success', data).expect(200),
        paystack.sendEvent(t.http, 'transfer.success', data).expect(200),
        paystack.sendEvent(t.http, 'transfer.failed', { ...data, status: 'failed' }).expect(200),
      ]);
      expect((await payoutOf(ref)).status).toBe('success');
      return [ref];
    },
    async 'transfer: "Duplicate Transfer Reference" after a lost answer is verified, not failed'() {
      paystack.dropNextTransferAnswer = true;
      const ref = (await withdraw().expect(201)).body.data.reference;
      await later();
      // Verify does not find it yet (Paystack still recording it): Kasuwa sends again and hears "duplicate".
      paystack.failNext = { status: 404, body: { status: false, message: 'Transfer not found' } };
      await payouts().reconcileOpen();
      expect((await payoutOf(ref)).status).toBe('pending');
      expect(paystack.requests.filter((r) => r.path === '/transfer' && r.body?.reference === ref)).toHaveLength(2);
      await transferSettle(ref, 'success');
      return [ref];
    },
    async 'transfer: Paystack refuses; the admin retries with two clicks'() {
      paystack.failNext = { status: 400, body: { status: false, message: 'Your balance is not enough to fulfil this request' } };
      const ref = (await withdraw().expect(201)).body.data.reference;
      const p = await payoutOf(ref);
      expect(p.status).toBe('failed');
      const clicks = await Promise.all([1, 2].map(() => request(t.http).post(`/api/admin/payouts/${p.id}/retry`).set(asAdmin())));
      expect(clicks.map((c) => c.status).sort()).toEqual([201, 409]);
      expect(clicks.find((c) => c.status === 409)!.body.code).toBe('PAYOUT_ALREADY_RETRIED');
      const retry = clicks.find((c) => c.status === 201)!.body.reference;
      await transferSettle(retry, 'success');
      return [retry]; // the refused one never reached Paystack
    },
    async 'transfer: reported failed, retried by an admin, then paid by the bank after all'() {
      const ref = (await withdraw().expect(201)).body.data.reference;
      await transferSettle(ref, 'failed');
      const p = await payoutOf(ref);
      const retry = (await request(t.http).post(`/api/admin/payouts/${p.id}/retry`).set(asAdmin()).expect(201)).body.reference;
      await transferSettle(retry, 'success');
      // The first transfer was paid after all: the seller was paid twice, and the ledger takes it back.
      await transferSettle(ref, 'success');
      expect((await payoutOf(ref)).status).toBe('success');
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE kind = 'payout_paid_late' AND ref = $1`, [ref]);
      expect(n).toBe(1);
      return [ref, retry];
    },
    async 'transfer: paid, then reversed twice'() {
      const ref = (await withdraw().expect(201)).body.data.reference;
      await transferSettle(ref, 'success');
      paystack.settleTransfer(ref, 'reversed');
      const data = paystack.transferData(ref);
      await Promise.all([1, 2].map(() => paystack.sendEvent(t.http, 'transfer.reversed', data).expect(200)));
      expect((await payoutOf(ref)).status).toBe('reversed');
      return [ref];
    },
  };

  /** What must hold after every round, as a list of broken rules. */
  async function check(
    label: string,
    expectRefunds?: { orderId: number; intended: number; live: number },
    refs: string[] = [],
  ): Promise<string[]> {
    const out: string[] = [];
    if (expectRefunds) {
      const rows = await refundOf(expectRefunds.orderId);
      const payment = rows[0]?.payment_reference;
      const theirs = payment ? atPaystack(payment) : [];
      if (theirs.length !== expectRefunds.intended)
        out.push(`${label}: Paystack holds ${theirs.length} refunds of the payment, intended ${expectRefunds.intended}`);
      const live = theirs.filter((r) => r.status !== 'failed');
      if (live.length !== expectRefunds.live)
        out.push(`${label}: ${live.length} refunds not failed at Paystack, intended ${expectRefunds.live}`);
      const mine = rows.filter((r) => r.status === 'processed').length;
      if (mine !== live.filter((r) => r.status === 'processed').length)
        out.push(`${label}: Kasuwa counts ${mine} processed refunds, Paystack ${live.filter((r) => r.status === 'processed').length}`);
    }
    for (const ref of refs) {
      const sent = [...paystack.transfers.values()].filter((x) => x.reference === ref);
      if (sent.length !== 1) out.push(`${label}: Paystack holds ${sent.length} transfers for ${ref}`);
    }
    // Whole-book rules: the ledger, and money at Paystack against money Kasuwa counts.
    out.push(...(await ledgerViolations(t.db)).map((v) => `${label}: ${v}`));
    const paidOutThere = [...paystack.transfers.values()].filter((x) => x.status === 'success').reduce((n, x) => n + x.amount, 0);
    const [{ paid }] = await t.db.query(`SELECT coalesce(sum(amount_kobo), 0)::bigint AS paid FROM payout WHERE status = 'success'`);
    if (Number(paid) !== paidOutThere) out.push(`${label}: Paystack paid out ${paidOutThere}, Kasuwa counts ${paid}`);
    const refundedThere = [...paystack.refunds.values()].filter((x) => x.status !== 'failed').reduce((n, x) => n + x.amount, 0);
    const [{ refunded }] = await t.db.query(
      `SELECT coalesce(sum(amount_kobo), 0)::bigint AS refunded FROM refund WHERE status IN ('sending', 'pending', 'processed')`,
    );
    if (Number(refunded) !== refundedThere) out.push(`${label}: Paystack refunds ${refundedThere}, Kasuwa counts ${refunded}`);
    const [{ negative }] = await t.db.query(
      `SELECT count(*)::int AS negative FROM ledger_account WHERE kind LIKE 'seller_%' AND kind <> 'seller_owed' AND balance_kobo < 0`,
    );
    if (negative) out.push(`${label}: ${negative} seller balances below zero`);
    return out;
  }

  it(`${ROUNDS} seeded rounds of the fault matrix (seed ${SEED}): one Paystack refund or transfer per intended one, invariants hold`, async () => {
    const random = prng(SEED);
    const all = [
      ...Object.entries(refundFaults).map(([name, run]) => ({ name, refund: run })),
      ...Object.entries(transferFaults).map(([name, run]) => ({ name, transfer: run })),
    ];
    const ran: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      // Every fault in turn for the first pass, then drawn at random.
      const pick = round < all.length ? all[round] : all[Math.floor(random() * all.length)];
      const label = `round ${round + 1} (${pick.name})`;
      ran[pick.name] = (ran[pick.name] ?? 0) + 1;
      try {
        if ('refund' in pick && pick.refund) violations.push(...(await check(label, await pick.refund())));
        else if ('transfer' in pick && pick.transfer) violations.push(...(await check(label, undefined, await pick.transfer())));
      } catch (err) {
        violations.push(`${label}: ${(err as Error).message.split('\n')[0]}`);
      } finally {
        paystack.answerDelayMs = 0;
        paystack.beforeAnswer = null;
        paystack.dropNextRefundAnswer = false;
        paystack.dropNextTransferAnswer = false;
        paystack.failNext = null;
      }
    }
    violations.push(...(await moneyViolations(t.db)));
    if (process.env.MONEY_FAULT_REPORT)
      console.log(
        JSON.stringify({ rounds: ROUNDS, seed: SEED, ran, violations: violations.length, first: violations.slice(0, 20) }, null, 1),
      );
    expect(violations).toEqual([]);
  }, 600_000);
});
