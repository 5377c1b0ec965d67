import request from 'supertest';
import { CheckoutExpiryService } from '../src/modules/orders/checkout-expiry.service';
import { bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

describe('payments through Paystack (the local stand-in)', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ paystack, users: [{}, { firstName: 'Chidi', lastName: 'Buyer' }] });

  const initialize = (who: { token: string }, checkoutSessionID: number) =>
    request(t.http).post('/api/payments/initialize').set(bearer(who.token)).send({ checkoutSessionID });
  /** A pending checkout of one product (₦15,000 × quantity), and its Paystack reference. */
  async function checkoutAndInitialize(who = buyer, quantity = 1) {
    const p = await createProduct(t, seller.user.id, { priceKobo: 1_500_000, quantity: 5 });
    const placed = await placeOrder(t, who.token, [{ productID: p.id, quantity }]);
    const init = await initialize(who, placed.checkoutSessionId).expect(201);
    return { placed, product: p, init: init.body, reference: init.body.data.transaction.reference as string };
  }

  const sessionStatus = async (id: number) => (await t.db.query(`SELECT status FROM checkout_session WHERE id = $1`, [id]))[0].status;
  const orderStatuses = async (sessionId: number) =>
    (await t.db.query(`SELECT status, payment_status FROM "order" WHERE checkout_session_id = $1 ORDER BY id`, [sessionId])) as {
      status: string;
      payment_status: string;
    }[];
  const payments = (reference: string) => t.db.query(`SELECT * FROM payment_transaction WHERE reference = $1`, [reference]);

  it('initialize calls Paystack with the session total in kobo, NGN, the buyer’s email, a server reference and the configured callback', async () => {
    const { placed, init, reference } = await checkoutAndInitialize(buyer, 2);
    expect(init).toEqual({
      message: 'Payment initialized',
      data: {
        transaction: {
          reference,
          amount: '30000.00',
          currency: 'NGN',
          checkoutSessionId: placed.checkoutSessionId,
          metadata: {
            status: true,
            message: 'Authorization URL created',
            data: {
              authorization_url: expect.stringMatching(new RegExp(`^${paystack.url}/checkout/`)),
              access_code: expect.any(String),
              reference,
            },
          },
        },
      },
    });
    expect(reference).toMatch(/^KSW-\d+-[0-9a-f]{12}$/);
    const sent = paystack.requests.filter((r) => r.path === '/transaction/initialize').at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${paystack.secret}`);
    expect(sent.body).toEqual({
      email: buyer.email,
      amount: 3_000_000,
      currency: 'NGN',
      reference,
      channels: ['card', 'bank_transfer', 'ussd', 'bank'],
      callback_url: 'http://localhost:3999/payments/verify',
      metadata: expect.objectContaining({ checkoutSessionId: placed.checkoutSessionId, orderNumbers: [placed.orders[0].orderNumber] }),
    });

    // A second click resumes the same payment page instead of starting a second charge.
    const initializeCalls = () => paystack.requests.filter((r) => r.path === '/transaction/initialize').length; // not a background job's verify
    const calls = initializeCalls();
    const again = await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionId: placed.checkoutSessionId, callback_url: 'https://evil.example/steal' })
      .expect(201);
    expect(again.body.data.transaction.metadata.data.authorization_url).toBe(init.data.transaction.metadata.data.authorization_url);
    expect(initializeCalls()).toBe(calls);

    const stranger = await registerUser(t);
    await initialize(stranger, placed.checkoutSessionId).expect(404);
    await request(t.http).post('/api/payments/initialize').set(bearer(buyer.token)).send({}).expect(422);
    await request(t.http).post('/api/payments/initialize').send({ checkoutSessionID: placed.checkoutSessionId }).expect(401);
  });

  it('the Paystack call is never made while a database transaction is open; two clicks at once start one charge', async () => {
    const p = await createProduct(t, seller.user.id, { priceKobo: 1_500_000, quantity: 5 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const openDuringCall: number[] = [];
    paystack.duringInitialize = async () => {
      await new Promise((ok) => setTimeout(ok, 300)); // a slow provider: the second click arrives and waits meanwhile
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
      );
      openDuringCall.push(n);
    };
    try {
      const calls = paystack.requests.filter((r) => r.path === '/transaction/initialize').length;
      const send = () => initialize(buyer, placed.checkoutSessionId);
      const [a, b] = await Promise.all([send(), send()]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(openDuringCall).toEqual([0]);
      expect(paystack.requests.filter((r) => r.path === '/transaction/initialize').length).toBe(calls + 1);
      expect(b.body.data.transaction.metadata.data.authorization_url).toBe(a.body.data.transaction.metadata.data.authorization_url);
      const rows = await t.db.query(`SELECT authorization_url FROM payment_transaction WHERE checkout_session_id = $1`, [
        placed.checkoutSessionId,
      ]);
      expect(rows).toEqual([{ authorization_url: a.body.data.transaction.metadata.data.authorization_url }]);
    } finally {
      paystack.duringInitialize = null;
    }
  });

  it('Paystack refusing (502) or unreachable (503): a clear message, nothing half-written; the test page is off when a key is set', async () => {
    const p = await createProduct(t, seller.user.id);
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    paystack.failNext = { status: 400, body: { status: false, message: 'Invalid Amount Sent' }, path: '/transaction/initialize' };
    const refused = await initialize(buyer, placed.checkoutSessionId).expect(502);
    expect(refused.body).toEqual({
      message: 'The payment provider could not start this payment. Please try again.',
      code: 'PAYSTACK_REFUSED',
    });
    expect(await t.db.query(`SELECT id FROM payment_transaction WHERE checkout_session_id = $1`, [placed.checkoutSessionId])).toEqual([]);
    const ok = await initialize(buyer, placed.checkoutSessionId).expect(201);
    const reference = ok.body.data.transaction.reference;
    paystack.failNext = { status: 500, body: { status: false, message: 'Internal error' }, path: `/transaction/verify/${reference}` };
    const down = await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(503);
    expect(down.body.message).toMatch(/could not reach the payment provider/);
    await request(t.http).get(`/api/payments/test-checkout/${reference}`).expect(404);
  });

  it('verify: not paid yet → abandoned; paid → success, orders paid with history, a transaction row; an unknown reference is 404', async () => {
    const { placed, reference } = await checkoutAndInitialize();
    const before = await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(200);
    expect(before.body.status).toBe('abandoned');
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('pending');

    paystack.pay(reference, 'bank_transfer');
    const res = await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Your payment has been successfully verified',
      data: {
        reference,
        checkoutSessionId: placed.checkoutSessionId,
        orders: [{ id: placed.orders[0].id, orderNumber: placed.orders[0].orderNumber }],
      },
    });
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('paid');
    const order = (await request(t.http).get(`/api/orders/in/${placed.orders[0].id}`).set(bearer(buyer.token)).expect(200)).body.data;
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'paid', paidAt: expect.any(String) });
    expect(order.history.map((h: { status: string; actorKind: string }) => [h.status, h.actorKind])).toEqual([
      ['pending', 'buyer'],
      ['paid', 'payment'],
    ]);
    const [row] = await payments(reference);
    expect(row).toMatchObject({
      status: 'success',
      applied: true,
      needs_refund: false,
      payment_method: 'bank_transfer',
      amount_kobo: '1500000',
      paid_amount_kobo: '1500000',
      currency: 'NGN',
      user_id: buyer.user.id,
      provider: 'paystack',
    });
    expect(row.paid_at).toBeInstanceOf(Date);

    // Verifying again changes nothing and does not ask Paystack again.
    const verifies = paystack.requests.filter((r) => r.path.startsWith('/transaction/verify')).length;
    expect((await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(200)).body.status).toBe(
      'success',
    );
    expect(paystack.requests.filter((r) => r.path.startsWith('/transaction/verify')).length).toBe(verifies);

    const stranger = await registerUser(t);
    // The reference is the capability (the buyer may come back on another host, signed out): anyone holding it sees the outcome.
    expect(
      (await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(stranger.token)).expect(200)).body.status,
    ).toBe('success');
    await request(t.http)
      .get('/api/payments/verify')
      .query({ reference: `${reference}x` })
      .set(bearer(stranger.token))
      .expect(404);
    const none = await request(t.http).get('/api/payments/verify').set(bearer(buyer.token)).expect(422);
    expect(none.body.error).toEqual([{ field: 'reference', message: 'No payment reference found' }]);
    await initialize(buyer, placed.checkoutSessionId).expect(409);
  });

  it('a webhook and a verify racing, and the webhook repeated 10 times: one payment, orders paid once, one paid history row', async () => {
    const { placed, reference } = await checkoutAndInitialize();
    paystack.pay(reference);
    const mails = async () =>
      (await t.db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE $1`, [`%${placed.orders[0].orderNumber}%`]))[0].n;
    const results = await Promise.all([
      request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)),
      ...Array.from({ length: 10 }, () => paystack.sendWebhook(t.http, reference)),
      request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(results[0].body.status).toBe('success');
    expect(results[11].body.status).toBe('success');
    for (const r of results.slice(1, 11)) expect(r.body).toEqual({ received: true });

    expect(await payments(reference)).toHaveLength(1);
    expect(
      await t.db.query(`SELECT count(*)::int AS n FROM payment_transaction WHERE checkout_session_id = $1 AND applied`, [
        placed.checkoutSessionId,
      ]),
    ).toEqual([{ n: 1 }]);
    expect(await orderStatuses(placed.checkoutSessionId)).toEqual([{ status: 'paid', payment_status: 'paid' }]);
    const history = await t.db.query(`SELECT to_status FROM order_status_history WHERE order_id = $1 AND to_status = 'paid'`, [
      placed.orders[0].id,
    ]);
    expect(history).toHaveLength(1);
    // Buyer receipt + seller notice, once.
    expect(await mails()).toBe(2);
  });

  it('a forged webhook is 401 and changes nothing', async () => {
    const { placed, reference } = await checkoutAndInitialize();
    paystack.pay(reference);
    const body = paystack.webhookBody(reference);
    const forged = [
      paystack.sendWebhook(t.http, reference, { signature: paystack.sign(body, 'sk_test_not_ours') }),
      paystack.sendWebhook(t.http, reference, { signature: 'deadbeef' }),
      paystack.sendWebhook(t.http, reference, { signature: paystack.sign(body), body: body.replace('"success"', '"success" ') }),
      request(t.http).post('/api/payments/webhook').set('Content-Type', 'application/json').send(body),
    ];
    for (const res of await Promise.all(forged)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid webhook signature.', code: 'BAD_SIGNATURE' });
    }
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('pending');
    expect(await orderStatuses(placed.checkoutSessionId)).toEqual([{ status: 'pending', payment_status: 'pending' }]);
    expect((await payments(reference))[0]).toMatchObject({ status: 'pending', applied: false });
    // The genuine one still works.
    await paystack.sendWebhook(t.http, reference).expect(200);
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('paid');
  });

  it('webhooks for other events or unknown references are acknowledged and ignored', async () => {
    const { placed, reference } = await checkoutAndInitialize();
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference, { event: 'transfer.success' }).expect(200);
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('pending');
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'nobody-knows', status: 'success', amount: 1, currency: 'NGN' },
    });
    await paystack.sendWebhook(t.http, reference, { body }).expect(200);
  });

  it('wrong amount or wrong currency: not paid, recorded and flagged for refund; the buyer can still pay properly', async () => {
    const a = await checkoutAndInitialize();
    paystack.pay(a.reference);
    paystack.tamper(a.reference, { amount: 100 });
    const res = await request(t.http).get('/api/payments/verify').query({ reference: a.reference }).set(bearer(buyer.token)).expect(200);
    expect(res.body.status).toBe('refund_due');
    expect(res.body.message).toMatch(/1\.00 NGN, but the checkout total is 15000\.00 NGN/);
    expect(await sessionStatus(a.placed.checkoutSessionId)).toBe('pending');
    expect(await orderStatuses(a.placed.checkoutSessionId)).toEqual([{ status: 'pending', payment_status: 'pending' }]);
    expect((await payments(a.reference))[0]).toMatchObject({
      status: 'success',
      applied: false,
      needs_refund: true,
      paid_amount_kobo: '100',
    });

    const b = await checkoutAndInitialize();
    paystack.pay(b.reference);
    paystack.tamper(b.reference, { currency: 'USD' });
    await paystack.sendWebhook(t.http, b.reference).expect(200);
    expect(await sessionStatus(b.placed.checkoutSessionId)).toBe('pending');
    expect((await payments(b.reference))[0]).toMatchObject({
      applied: false,
      needs_refund: true,
      review_reason: 'Paid in USD, expected NGN.',
    });

    // A fresh, correct payment for the same checkout goes through.
    const retry = await initialize(buyer, a.placed.checkoutSessionId).expect(201);
    const ref2 = retry.body.data.transaction.reference;
    expect(ref2).not.toBe(a.reference);
    paystack.pay(ref2);
    expect(
      (await request(t.http).get('/api/payments/verify').query({ reference: ref2 }).set(bearer(buyer.token)).expect(200)).body.status,
    ).toBe('success');
  });

  it('a failed card can be retried on the same reference', async () => {
    const { placed, reference } = await checkoutAndInitialize();
    paystack.fail(reference);
    expect(
      (await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(200)).body,
    ).toMatchObject({ status: 'failed' });
    expect((await payments(reference))[0].status).toBe('failed');
    paystack.pay(reference);
    expect((await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(200)).body.status).toBe(
      'success',
    );
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('paid');
  });

  it('a payment arriving after the checkout expired is recorded and flagged for refund; orders stay cancelled', async () => {
    const { placed, reference, product } = await checkoutAndInitialize();
    await t.db.query(`UPDATE checkout_session SET expires_at = now() - interval '1 second' WHERE id = $1`, [placed.checkoutSessionId]);
    await t.app.get(CheckoutExpiryService).sweep();
    expect((await t.db.query(`SELECT quantity FROM product WHERE id = $1`, [product.id]))[0].quantity).toBe(5);
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('expired');
    expect(await orderStatuses(placed.checkoutSessionId)).toEqual([{ status: 'cancelled', payment_status: 'expired' }]);
    expect((await payments(reference))[0]).toMatchObject({
      status: 'success',
      applied: false,
      needs_refund: true,
      review_reason: expect.stringMatching(/expired/),
    });
    const v = await request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(200);
    expect(v.body.status).toBe('refund_due');
  });

  it('cancelling one unpaid order of a two-seller checkout lowers what is left to pay', async () => {
    const other = await registerUser(t);
    const p1 = await createProduct(t, seller.user.id, { priceKobo: 1_000_000 });
    const p2 = await createProduct(t, other.user.id, { priceKobo: 500_000 });
    const placed = await placeOrder(t, buyer.token, [
      { productID: p1.id, quantity: 1 },
      { productID: p2.id, quantity: 1 },
    ]);
    const first = await initialize(buyer, placed.checkoutSessionId).expect(201);
    expect(first.body.data.transaction.amount).toBe('15000.00');
    const cancelled = placed.orders.find((o) => o.totalAmount === '5000.00')!;
    await request(t.http)
      .patch(`/api/orders/${cancelled.id}/update/status`)
      .set(bearer(buyer.token))
      .send({ paymentStatus: 'cancelled_by_buyer' })
      .expect(200);
    const second = await initialize(buyer, placed.checkoutSessionId).expect(201);
    expect(second.body.data.transaction.amount).toBe('10000.00');
    // The old attempt, for the old total, cannot pay the checkout any more.
    paystack.pay(first.body.data.transaction.reference);
    await paystack.sendWebhook(t.http, first.body.data.transaction.reference).expect(200);
    expect(await sessionStatus(placed.checkoutSessionId)).toBe('pending');
    paystack.pay(second.body.data.transaction.reference);
    await paystack.sendWebhook(t.http, second.body.data.transaction.reference).expect(200);
    expect((await orderStatuses(placed.checkoutSessionId)).map((o) => o.status).sort()).toEqual(['cancelled_by_buyer', 'paid']);
  });
});
