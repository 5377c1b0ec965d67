import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { openCheckout } from './utils/money-fixtures';
import { createTestApp, TestApp } from './utils/test-app';

/** No PAYSTACK_SECRET_KEY: the built-in test checkout page stands in for Paystack, so a fresh machine can buy. */
describe('the built-in test checkout (no Paystack key)', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof registerUser>>;
  let buyer: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    t = await createTestApp({ PAYSTACK_SECRET_KEY: '', PAYSTACK_BASE_URL: '' });
    [seller, buyer] = await Promise.all([registerUser(t), registerUser(t)]);
  });
  afterAll(() => t.close());

  const start = () => openCheckout(t, buyer, [seller]);
  const choose = (path: string, outcome: string) => request(t.http).post(path).type('form').send({ outcome });
  const verify = (reference: string) =>
    request(t.http).get('/api/payments/verify').query({ reference }).set(bearer(buyer.token)).expect(200);

  it('initialize points at the test page on PUBLIC_URL; the page shows the amount and Pay / Fail / Cancel', async () => {
    const { url, reference } = await start();
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:3999/api/payments/test-checkout/${reference}`);
    const page = await request(t.http).get(url.pathname).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // A page under /api: the page headers (its form posts back here), not the data answers' `default-src 'none'`.
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.text).toContain('₦15,000.00');
    expect(page.text).toContain(buyer.email);
    for (const outcome of ['success', 'failed', 'abandoned']) expect(page.text).toContain(`value="${outcome}"`);
    expect(page.text).toContain(`action="/api/payments/test-checkout/${reference}"`);
    await request(t.http).get('/api/payments/test-checkout/KSW-0-unknown').expect(404);
  });

  it('Cancel and Fail go back to /payments/verify with the reference, which reports them; Pay settles the checkout', async () => {
    const { placed, url, reference } = await start();
    const back = `http://localhost:3999/payments/verify?reference=${reference}`;

    const cancel = await choose(url.pathname, 'abandoned').expect(303);
    expect(cancel.headers.location).toBe(back);
    expect((await verify(reference)).body.status).toBe('abandoned');

    await choose(url.pathname, 'failed').expect(303);
    expect((await verify(reference)).body.status).toBe('failed');

    const pay = await choose(url.pathname, 'success').expect(303);
    expect(pay.headers.location).toBe(back);
    // Settled by the page itself (as Paystack's webhook would), before the browser is even back.
    const [session] = await t.db.query(`SELECT status FROM checkout_session WHERE id = $1`, [placed.checkoutSessionId]);
    expect(session.status).toBe('paid');
    expect((await verify(reference)).body).toMatchObject({ status: 'success', message: 'Your payment has been successfully verified' });
    const [tx] = await t.db.query(
      `SELECT provider, payment_method, status, applied, amount_kobo, user_id FROM payment_transaction WHERE reference = $1`,
      [reference],
    );
    expect(tx).toEqual({
      provider: 'test',
      payment_method: 'card',
      status: 'success',
      applied: true,
      amount_kobo: '1500000',
      user_id: buyer.user.id,
    });

    // A paid test payment cannot be "failed" afterwards.
    await choose(url.pathname, 'failed').expect(303);
    expect((await verify(reference)).body.status).toBe('success');
    const order = (await request(t.http).get(`/api/orders/in/${placed.orders[0].id}`).set(bearer(buyer.token)).expect(200)).body.data;
    expect(order.status).toBe('paid');
    expect(order.history.filter((h: { status: string }) => h.status === 'paid')).toEqual([
      expect.objectContaining({ actorKind: 'payment', reason: `Test checkout payment ${reference}` }),
    ]);
  });

  it('refuses a made-up outcome, and the webhook is closed without a secret key', async () => {
    const { url } = await start();
    await choose(url.pathname, 'free-money').expect(422);
    await request(t.http)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('x-paystack-signature', 'a'.repeat(128))
      .send('{}')
      .expect(401);
  });
});
