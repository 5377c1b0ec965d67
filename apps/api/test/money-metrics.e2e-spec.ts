import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { metricValue, scrape } from './utils/metrics';
import { initializePayment } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { createTestApp, TestApp } from './utils/test-app';

/** /api/metrics counts payments and refunds by outcome, once per effect however often Paystack repeats itself. */
describe('money outcomes in /api/metrics', () => {
  let t: TestApp;
  const paystack = new PaystackStandIn();
  let admin: string;
  let seller: Awaited<ReturnType<typeof registerUser>>;
  let buyer: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    await paystack.start();
    t = await createTestApp(paystack.env());
    admin = await adminToken(t);
    seller = await registerUser(t);
    buyer = await registerUser(t);
  });
  afterAll(async () => {
    await t.close();
    await paystack.stop();
  });

  const counts = async (name: string, outcomes: string[]) => {
    const text = await scrape(t.http);
    return Object.fromEntries(outcomes.map((o) => [o, metricValue(text, name, { outcome: o })]));
  };
  async function checkout(priceKobo: number): Promise<string> {
    const p = await createProduct(t, seller.user.id, { priceKobo, quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    return initializePayment(t, buyer.token, placed.checkoutSessionId);
  }

  it('a payment is counted paid once over repeated webhooks and verifies; a short one refund_due once; a failed one once', async () => {
    const before = await counts('kasuwa_payments_total', ['paid', 'refund_due', 'failed']);
    const paid = await checkout(250_000);
    paystack.pay(paid);
    for (let i = 0; i < 3; i++) await paystack.sendWebhook(t.http, paid).expect(200);
    await request(t.http).get(`/api/payments/verify`).query({ reference: paid }).expect(200);

    const short = await checkout(400_000);
    paystack.pay(short);
    paystack.tamper(short, { amount: 100_000, requestedAmount: 100_000 });
    for (let i = 0; i < 2; i++) await paystack.sendWebhook(t.http, short).expect(200);

    const failed = await checkout(90_000);
    paystack.fail(failed);
    for (let i = 0; i < 2; i++) await request(t.http).get(`/api/payments/verify`).query({ reference: failed }).expect(200);

    const after = await counts('kasuwa_payments_total', ['paid', 'refund_due', 'failed']);
    expect({
      paid: after.paid - before.paid,
      refund_due: after.refund_due - before.refund_due,
      failed: after.failed - before.failed,
    }).toEqual({ paid: 1, refund_due: 1, failed: 1 });

    // Its refund, asked for by an admin and reported processed three times, is counted once.
    const r = await request(t.http)
      .post('/api/admin/refunds')
      .set(bearer(admin))
      .send({ paymentReference: short, reason: 'Paid too little' })
      .expect(201);
    const [row] = await t.db.query(`SELECT paystack_id FROM refund WHERE id = $1`, [r.body.id]);
    const refundsBefore = await counts('kasuwa_refunds_total', ['processed']);
    for (let i = 0; i < 3; i++)
      await paystack
        .sendEvent(t.http, 'refund.processed', { ...paystack.refundData(Number(row.paystack_id)), status: 'processed' })
        .expect(200);
    expect((await counts('kasuwa_refunds_total', ['processed'])).processed - refundsBefore.processed).toBe(1);
  });
});
