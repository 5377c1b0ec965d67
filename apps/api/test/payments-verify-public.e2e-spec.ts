import request from 'supertest';
import { registerUser } from './utils/actors';
import { openCheckout } from './utils/money-fixtures';
import { createTestApp, TestApp } from './utils/test-app';

/**
 * A buyer may come back from the payment page on another host than the one they signed in on (PUBLIC_URL is
 * localhost, they opened 127.0.0.1): no session there. The reference is the capability: the result shows without a
 * token, with the order ids and the hold time, and nothing personal.
 */
describe('GET /api/payments/verify without a session', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof registerUser>>;
  let seller2: Awaited<ReturnType<typeof registerUser>>;
  let buyer: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    t = await createTestApp({ PAYSTACK_SECRET_KEY: '', PAYSTACK_BASE_URL: '' });
    [seller, seller2, buyer] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
  });
  afterAll(() => t.close());

  const start = (sellers = [seller]) => openCheckout(t, buyer, sellers);
  const choose = (path: string, outcome: string) => request(t.http).post(path).type('form').send({ outcome }).expect(303);

  it('a failed payment: status, the checkout and until when its items are held; no personal data', async () => {
    const { placed, url, reference } = await start();
    await choose(url.pathname, 'failed');
    const res = await request(t.http).get('/api/payments/verify').query({ reference }).expect(200);
    expect(res.body.status).toBe('failed');
    expect(res.body.data).toMatchObject({ reference, checkoutSessionId: placed.checkoutSessionId });
    expect(new Date(res.body.data.expiresAt).toISOString()).toBe(new Date(placed.expiresAt).toISOString());
    const text = JSON.stringify(res.body);
    for (const secret of [buyer.email, seller.email, 'shippingAddress', 'receiverPhoneNumber']) expect(text).not.toContain(secret);
  });

  it('a paid checkout with two sellers: success and both order ids, signed out; the orders stay private', async () => {
    const { placed, url, reference } = await start([seller, seller2]);
    await choose(url.pathname, 'success');
    const res = await request(t.http).get('/api/payments/verify').query({ reference }).expect(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.orders.map((o: { id: number }) => o.id).sort()).toEqual(placed.orders.map((o: { id: number }) => o.id).sort());
    expect(JSON.stringify(res.body)).not.toContain(buyer.email);
    // The order itself still needs its buyer's session.
    await request(t.http).get(`/api/orders/in/${placed.orders[0].id}`).expect(401);
  });

  it('an unknown reference is 404 and a missing one 422, signed out too', async () => {
    await request(t.http).get('/api/payments/verify').query({ reference: 'KSW-1-nothere' }).expect(404);
    await request(t.http).get('/api/payments/verify').expect(422);
  });
});
