import request from 'supertest';
import { PayoutsService } from '../src/modules/money/payouts.service';
import { RefundsService } from '../src/modules/money/refunds.service';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { deliverAndRelease, initializePayment, savePayoutAccount } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * The repros of "a refund or a payout can go out twice", one test each: a refund Paystack answers late, a lost
 * transfer answer met with "Duplicate Transfer Reference", two workers on one queued payout, a transfer reported
 * failed then paid, an admin's retry clicked five times, and reconciliation of refunds. (The kill -9 repros are in
 * money-crash.e2e; the seeded matrix of every fault in money-faults.e2e.)
 */
describe('money goes out exactly once', () => {
  const paystack = new PaystackStandIn();
  // Paystack's "20 s" answer, scaled: the app stops waiting after 300 ms; a call with no answer is looked up 1.3 s later.
  const { t, admin } = appPerFile({
    paystack,
    admin: true,
    env: { KASUWA_ROLE: 'web', PAYSTACK_TIMEOUT_MS: '300', MONEY_SEND_GRACE_MS: '0' },
    afterEach: (t) => expectMoneyInvariants(t.db),
  });
  let buyer: TestUser;

  beforeAll(async () => {
    buyer = await registerUser(t);
  });
  afterEach(() => {
    paystack.answerDelayMs = 0;
    paystack.dropNextTransferAnswer = false;
    paystack.failNext = null;
  });

  const later = (table: 'refund' | 'payout') =>
    t.db.query(`UPDATE ${table} SET sent_at = now() - interval '1 hour' WHERE status = 'sending'`);
  const pay = async (checkoutSessionId: number) => {
    const reference = await initializePayment(t, buyer.token, checkoutSessionId);
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    return reference;
  };

  /** A seller with a payout account and ₦`naira` × 95% available (one released sale). */
  async function sellerWithAvailable(priceKobo: number): Promise<TestUser> {
    const seller = await registerUser(t);
    await savePayoutAccount(t, paystack, seller, 'YETUNDE OGUNLEYE', { numberBase: 4_000_000_000 });
    const p = await createProduct(t, seller.user.id, { priceKobo, quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    await pay(placed.checkoutSessionId);
    const id = placed.orders[0].id;
    await deliverAndRelease(t, id, seller, buyer);
    return seller;
  }
  const withdraw = (seller: TestUser, amount: string) =>
    request(t.http).post('/api/wallet/withdraw').set(bearer(seller.token)).send({ amount });
  const wallet = async (seller: TestUser) => (await request(t.http).get('/api/wallet').set(bearer(seller.token)).expect(200)).body.data;

  it('a two-seller checkout (₦2,000 + ₦3,000); the buyer cancels the ₦2,000 order while Paystack answers the refund late: one refund, found by its reference', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const pa = await createProduct(t, a.user.id, { priceKobo: 200_000, quantity: 2 });
    const pb = await createProduct(t, b.user.id, { priceKobo: 300_000, quantity: 2 });
    const placed = await placeOrder(t, buyer.token, [
      { productID: pa.id, quantity: 1 },
      { productID: pb.id, quantity: 1 },
    ]);
    const payment = await pay(placed.checkoutSessionId);
    const [order] = await t.db.query(`SELECT id FROM "order" WHERE checkout_session_id = $1 AND seller_id = $2`, [
      placed.checkoutSessionId,
      a.user.id,
    ]);
    paystack.answerDelayMs = 700;
    await request(t.http)
      .patch(`/api/orders/${order.id}/update/status`)
      .set(bearer(buyer.token))
      .send({ status: 'cancelled_by_buyer' })
      .expect(200);
    const [row] = await t.db.query(`SELECT id, status, reference FROM refund WHERE order_id = $1`, [order.id]);
    expect(row.status).toBe('sending');
    // Kasuwa's reference went first in the merchant note, before Paystack answered.
    const [sent] = [...paystack.refunds.values()].filter((r) => r.transactionReference === payment);
    expect(sent.merchantNote.startsWith(`${row.reference} `)).toBe(true);
    // The every-minute job, before and after the grace: never a second POST /refund.
    await t.app.get(RefundsService).resendQueued();
    await new Promise((r) => setTimeout(r, 500));
    await later('refund');
    await t.app.get(RefundsService).resendQueued();
    await t.app.get(RefundsService).resendQueued();
    expect((await t.db.query(`SELECT status, paystack_id::text FROM refund WHERE id = $1`, [row.id]))[0]).toEqual({
      status: 'pending',
      paystack_id: String(sent.id),
    });
    expect([...paystack.refunds.values()].filter((r) => r.transactionReference === payment).map((r) => r.amount)).toEqual([200_000]);
    expect(paystack.requests.filter((r) => r.method === 'POST' && r.path === '/refund')).toHaveLength(1);
    // The admin's list shows the reference.
    const listed = await request(t.http)
      .get('/api/admin/refunds')
      .query({ filter: JSON.stringify({ orderId: order.id }) })
      .set(bearer(admin))
      .expect(200);
    expect(listed.body[0]).toMatchObject({ reference: row.reference, status: 'pending', retriedAs: null });
  });

  it('a lost transfer answer, then "Duplicate Transfer Reference" on the resend: verified and paid, never failed back to the seller', async () => {
    const seller = await sellerWithAvailable(500_000); // ₦4,750 available
    paystack.dropNextTransferAnswer = true;
    const ref = (await withdraw(seller, '400000').expect(201)).body.data.reference;
    // Kasuwa's row is put back to "never sent", as a crash before the claim would leave an older build's row.
    await t.db.query(`UPDATE payout SET status = 'queued' WHERE reference = $1`, [ref]);
    paystack.failNext = { status: 404, body: { status: false, message: 'Transfer not found' } }; // verify does not see it yet
    await t.app.get(PayoutsService).reconcileOpen();
    const [p] = await t.db.query(`SELECT status FROM payout WHERE reference = $1`, [ref]);
    expect(p.status).toBe('pending');
    expect(paystack.requests.filter((r) => r.path === '/transfer' && r.body?.reference === ref)).toHaveLength(2); // the resend met "duplicate"
    expect(paystack.transfers.get(ref)).toBeDefined();
    expect(await wallet(seller)).toMatchObject({ available: '75000', pendingPayout: '400000' });
  });

  it('two workers send one queued payout at the same moment: one POST /transfer', async () => {
    const seller = await sellerWithAvailable(300_000);
    paystack.failNext = { status: 503, body: { status: false, message: 'Unavailable' } };
    const ref = (await withdraw(seller, '200000').expect(201)).body.data.reference;
    await t.db.query(`UPDATE payout SET status = 'queued' WHERE reference = $1`, [ref]); // as if never sent
    const before = paystack.requests.filter((r) => r.path === '/transfer' && r.body?.reference === ref).length;
    await Promise.all([t.app.get(PayoutsService).send(ref), t.app.get(PayoutsService).send(ref), t.app.get(PayoutsService).send(ref)]);
    expect(paystack.requests.filter((r) => r.path === '/transfer' && r.body?.reference === ref).length - before).toBe(1);
  });

  it('a transfer reported failed and later successful takes the money back from the seller; what the balance cannot cover is owed and netted from the next withdrawal', async () => {
    const seller = await sellerWithAvailable(1_000_000); // ₦9,500 available
    const ref = (await withdraw(seller, '900000').expect(201)).body.data.reference;
    await paystack.transferSettled(t.http, ref, 'failed');
    expect(await wallet(seller)).toMatchObject({ available: '950000', owed: '0' });
    // The seller withdraws the returned money again (paid), then the bank pays the first transfer after all.
    const again = (await withdraw(seller, '800000').expect(201)).body.data.reference;
    await paystack.transferSettled(t.http, again, 'success');
    await paystack.transferSettled(t.http, ref, 'success');
    await paystack.sendEvent(t.http, 'transfer.success', paystack.transferData(ref)).expect(200); // twice: applied once
    expect(await wallet(seller)).toMatchObject({ available: '0', paidOut: '1700000', owed: '750000' });
    const [p] = await t.db.query(`SELECT status, message FROM payout WHERE reference = $1`, [ref]);
    expect(p).toEqual({
      status: 'success',
      message: 'Reported failed, then paid by the bank: ₦1,500.00 taken back from the available balance, ₦7,500.00 owed.',
    });
    const entries = (await request(t.http).get('/api/wallet/entries').set(bearer(seller.token)).expect(200)).body.data as {
      kind: string;
      account: string;
      amount: string;
    }[];
    expect(entries.filter((e) => e.kind === 'paid_late').map((e) => [e.account, e.amount])).toEqual(
      expect.arrayContaining([
        ['available', '-150000'],
        ['owed', '-750000'],
      ]),
    );
    const late = (
      await request(t.http).get('/api/admin/reconciliation').query({ range: '[0,499]' }).set(bearer(admin)).expect(200)
    ).body.find((d: { kind: string; reference: string }) => d.kind === 'payout_late' && d.reference === ref);
    expect(late.note).toContain('netted from their next withdrawal');
    // A new sale: the next withdrawal pays back what is owed first.
    const buyerOrder = await createProduct(t, seller.user.id, { priceKobo: 1_000_000, quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: buyerOrder.id, quantity: 1 }]);
    await pay(placed.checkoutSessionId);
    const id = placed.orders[0].id;
    await deliverAndRelease(t, id, seller, buyer);
    expect((await withdraw(seller, '300000').expect(409)).body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: 'You can withdraw at most ₦2,000.00.',
    });
    expect(await wallet(seller)).toMatchObject({ available: '950000', owed: '750000' }); // a refused withdrawal writes nothing
    await withdraw(seller, '200000').expect(201);
    expect(await wallet(seller)).toMatchObject({ available: '0', owed: '0', pendingPayout: '200000' });
  });

  it("an admin's retry of a failed payout clicked five times at once sends one transfer", async () => {
    const seller = await sellerWithAvailable(600_000);
    const ref = (await withdraw(seller, '500000').expect(201)).body.data.reference;
    await paystack.transferSettled(t.http, ref, 'failed');
    const [p] = await t.db.query(`SELECT id FROM payout WHERE reference = $1`, [ref]);
    const before = paystack.transfers.size;
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => request(t.http).post(`/api/admin/payouts/${p.id}/retry`).set(bearer(admin))),
    );
    expect(clicks.map((c) => c.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(clicks.filter((c) => c.status === 409).every((c) => c.body.code === 'PAYOUT_ALREADY_RETRIED')).toBe(true);
    expect(paystack.transfers.size - before).toBe(1);
    const retry = clicks.find((c) => c.status === 201)!.body;
    expect((await request(t.http).get(`/api/admin/payouts/${p.id}`).set(bearer(admin)).expect(200)).body.retriedAs).toBe(retry.id);
    // Once the retry is done, the old failure still cannot be retried again.
    await request(t.http).post(`/api/admin/payouts/${p.id}/retry`).set(bearer(admin)).expect(409);
    expect((await request(t.http).post(`/api/admin/payouts/99999999/retry`).set(bearer(admin)).expect(404)).body.code).toBe(
      'PAYOUT_NOT_FOUND',
    );
    expect((await request(t.http).post(`/api/admin/refunds/99999999/retry`).set(bearer(admin)).expect(404)).body.code).toBe(
      'REFUND_NOT_FOUND',
    );
  });

  it('reconciliation compares refunds: one Paystack made twice and one Paystack does not list are listed with the action to take', async () => {
    const rows = async () =>
      (
        (await request(t.http).get('/api/admin/reconciliation').query({ range: '[0,499]' }).set(bearer(admin)).expect(200)).body as {
          id: string;
          kind: string;
          reference: string;
          expected: string;
          actual: string;
          note: string;
        }[]
      ).filter((d) => d.kind === 'refund');
    expect(await rows()).toEqual([]);
    const seller = await registerUser(t);
    const p = await createProduct(t, seller.user.id, { priceKobo: 250_000, quantity: 5 });
    const cancelOne = async () => {
      const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
      const payment = await pay(placed.checkoutSessionId);
      await request(t.http)
        .patch(`/api/orders/${placed.orders[0].id}/update/status`)
        .set(bearer(buyer.token))
        .send({ status: 'cancelled_by_buyer' })
        .expect(200);
      const [r] = await t.db.query(`SELECT id, reference, paystack_id FROM refund WHERE order_id = $1`, [placed.orders[0].id]);
      return { payment, refund: r as { id: number; reference: string; paystack_id: string } };
    };
    const twice = await cancelOne();
    // The same refund made a second time at Paystack (what an older build's blind resend did).
    const copy = { ...paystack.refunds.get(Number(twice.refund.paystack_id))!, id: 7_700_000_001 };
    paystack.refunds.set(copy.id, copy);
    const missing = await cancelOne();
    paystack.refunds.delete(Number(missing.refund.paystack_id));
    const diffs = await rows();
    expect(diffs).toHaveLength(2);
    expect(diffs.find((d) => d.reference === twice.refund.reference)).toMatchObject({
      expected: '0',
      actual: '250000',
      note: expect.stringContaining('a second time under this reference'),
    });
    expect(diffs.find((d) => d.reference === twice.refund.reference)!.note).toContain('Action: recover the money from the buyer');
    expect(diffs.find((d) => d.reference === missing.refund.reference)).toMatchObject({
      expected: '250000',
      actual: '0',
      note: expect.stringContaining('Paystack does not list it'),
    });
    // Put the stand-in back for the invariants' sake (Kasuwa's books never moved).
    paystack.refunds.delete(copy.id);
  });
});
