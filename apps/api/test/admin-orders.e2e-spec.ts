import request from 'supertest';
import { adminToken, bearer, registerUser, type TestUser as User } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { parseCsv, TRANSACTIONS_CSV_HEADER } from './utils/csv';
import { initializePayment } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { createTestApp, TestApp } from './utils/test-app';

describe('back office: dashboard, orders and transactions', () => {
  let t: TestApp;
  const paystack = new PaystackStandIn();
  let admin: string;
  let seller: User;
  let zainab: User;
  let emeka: User;
  let tricky: User;
  const placed: Record<string, { sessionId: number; orderId: number; orderNumber: string; reference?: string }> = {};

  /** Checkout of one product at `priceKobo`, optionally paid over `channel`. */
  async function buy(key: string, who: User, priceKobo: number, channel?: string) {
    const p = await createProduct(t, seller.user.id, { priceKobo, quantity: 1 });
    const data = await placeOrder(t, who.token, [{ productID: p.id, quantity: 1 }]);
    const reference = await initializePayment(t, who.token, data.checkoutSessionId);
    if (channel) {
      paystack.pay(reference, channel);
      await paystack.sendWebhook(t.http, reference).expect(200);
    }
    placed[key] = { sessionId: data.checkoutSessionId, orderId: data.orders[0].id, orderNumber: data.orders[0].orderNumber, reference };
  }

  beforeAll(async () => {
    await paystack.start();
    t = await createTestApp(paystack.env());
    admin = await adminToken(t);
    [seller, zainab, emeka, tricky] = await Promise.all([
      registerUser(t, { firstName: 'Sani', lastName: 'Seller' }),
      registerUser(t, { firstName: 'Zainab', lastName: 'Lawal', email: 'zainab@example.com' }),
      registerUser(t, { firstName: 'Emeka', lastName: 'Obi', email: 'emeka@example.com' }),
      registerUser(t, { firstName: '=HYPERLINK("http://x")', lastName: 'Ade, "Jr"', email: 'tricky@example.com' }),
    ]);
    await buy('today', zainab, 1_500_000, 'card');
    await buy('tenDays', emeka, 2_000_000, 'bank_transfer');
    await buy('fortyDays', emeka, 3_000_000, 'ussd');
    await buy('unpaid', emeka, 700_000);
    await buy('tricky', tricky, 100_000, 'card');
    // Move two payments back in time (paid date drives the windows).
    await t.db.query(`UPDATE "order" SET paid_at = now() - interval '10 days' WHERE id = $1`, [placed.tenDays.orderId]);
    await t.db.query(`UPDATE "order" SET paid_at = now() - interval '40 days' WHERE id = $1`, [placed.fortyDays.orderId]);
    await t.db.query(`UPDATE payment_transaction SET created_at = now() - interval '40 days' WHERE reference = $1`, [
      placed.fortyDays.reference,
    ]);
  });
  afterAll(async () => {
    await t.close();
    await paystack.stop();
  });

  it('dashboard: counts, and revenue figures from paid orders only', async () => {
    const res = await request(t.http).get('/api/inner/admin/dashboard/stats').set(bearer(admin)).expect(200);
    expect(res.body.stats).toEqual({
      totalUsers: 4,
      totalProducts: 5,
      totalOrders: 5,
      paidOrders: 4,
      revenue: '66000.00',
      daily: '16000.00',
      weekly: '16000.00',
      monthly: '36000.00',
      // Ten days ago is in the week before this one (20,000 → 16,000); forty days ago in the month before (30,000 → 36,000).
      trends: { daily: null, weekly: -20, monthly: 20 },
      money: expect.objectContaining({ gmv: '66000.00' }),
    });
    expect(res.body.recentData.orders).toHaveLength(5);
    expect(res.body.recentData.orders[0].id).toBe(placed.tricky.orderId);
    // A refund takes the order out of revenue.
    await request(t.http)
      .patch(`/api/orders/${placed.tricky.orderId}/update/status`)
      .set(bearer(admin))
      .send({ status: 'need_refund', reason: 'Test refund' })
      .expect(200);
    expect((await request(t.http).get('/api/inner/admin/dashboard/stats').set(bearer(admin)).expect(200)).body.stats.daily).toBe(
      '15000.00',
    );
    await request(t.http)
      .patch(`/api/orders/${placed.tricky.orderId}/update/status`)
      .set(bearer(admin))
      .send({ status: 'paid', reason: 'Refund withdrawn' })
      .expect(200);
    await request(t.http).get('/api/inner/admin/dashboard/stats').set(bearer(zainab.token)).expect(401);
  });

  it('/inner/admin/orders: server paging, status filter, search by order number, first name or email', async () => {
    const all = await request(t.http).get('/api/inner/admin/orders').query({ page: 1, limit: 2 }).set(bearer(admin)).expect(200);
    expect(all.body.data).toMatchObject({ total: 5, totalPages: 3, currentPage: 1 });
    expect(all.body.data.orders).toHaveLength(2);
    const page3 = await request(t.http).get('/api/inner/admin/orders').query({ page: 3, limit: 2 }).set(bearer(admin)).expect(200);
    expect(page3.body.data.orders).toHaveLength(1);
    const ids = async (query: Record<string, unknown>) =>
      (await request(t.http).get('/api/inner/admin/orders').query(query).set(bearer(admin)).expect(200)).body.data.orders
        .map((o: { id: number }) => o.id)
        .sort();
    expect(await ids({ status: 'pending' })).toEqual([placed.unpaid.orderId]);
    expect(await ids({ search: placed.today.orderNumber })).toEqual([placed.today.orderId]);
    expect(await ids({ search: 'zaina' })).toEqual([placed.today.orderId]);
    expect(await ids({ search: 'EMEKA@example' })).toHaveLength(3);
    expect(await ids({ search: 'Lawal' })).toEqual([]);
    await request(t.http)
      .patch(`/api/orders/${placed.unpaid.orderId}/update/status`)
      .set(bearer(emeka.token))
      .send({ paymentStatus: 'cancelled_by_buyer' })
      .expect(200);
    expect(await ids({ status: 'cancelled' })).toEqual([placed.unpaid.orderId]);
    expect(await ids({ status: 'all' })).toHaveLength(5);
  });

  it('/admin/orders in ra-data-simple-rest conventions', async () => {
    const res = await request(t.http)
      .get('/api/admin/orders')
      .query({ sort: JSON.stringify(['totalAmount', 'ASC']), range: JSON.stringify([0, 1]), filter: JSON.stringify({ q: 'emeka' }) })
      .set(bearer(admin))
      .expect(200);
    expect(res.headers['content-range']).toBe('orders 0-1/3');
    expect(res.body.map((o: { totalAmount: string }) => o.totalAmount)).toEqual(['7000.00', '20000.00']);
    const one = await request(t.http).get(`/api/admin/orders/${placed.today.orderId}`).set(bearer(admin)).expect(200);
    expect(one.body).toMatchObject({
      id: placed.today.orderId,
      orderNumber: placed.today.orderNumber,
      user: { email: 'zainab@example.com' },
    });
    await request(t.http).get('/api/admin/orders/424242').set(bearer(admin)).expect(404);
  });

  it('/inner/admin/transactions: the shape, and the search, status and type filters', async () => {
    const res = await request(t.http).get('/api/inner/admin/transactions').set(bearer(admin)).expect(200);
    // Five payments and the refund the admin's need_refund started (refunds and payouts are transactions too).
    expect(res.body.data).toMatchObject({ total: 6, totalPages: 1, currentPage: 1 });
    const today = res.body.data.transactions.find((x: { reference: string }) => x.reference === placed.today.reference);
    expect(today).toEqual({
      id: expect.any(Number),
      type: 'payment',
      reference: placed.today.reference,
      provider: 'paystack',
      paymentMethod: 'card',
      amount: '15000.00',
      currency: 'NGN',
      status: 'successful',
      paymentStatus: 'paid',
      paymentDate: expect.any(String),
      createdAt: expect.any(String),
      reviewReason: null,
      checkoutSessionId: placed.today.sessionId,
      orders: [{ id: placed.today.orderId, orderNumber: placed.today.orderNumber }],
      user: { id: zainab.user.id, firstName: 'Zainab', lastName: 'Lawal', email: 'zainab@example.com' },
    });
    const refs = async (query: Record<string, string>) =>
      (await request(t.http).get('/api/inner/admin/transactions').query(query).set(bearer(admin)).expect(200)).body.data.transactions
        .map((x: { reference: string }) => x.reference)
        .sort();
    expect(await refs({ status: 'pending' })).toEqual([placed.unpaid.reference, placed.tricky.reference].sort());
    expect(await refs({ status: 'pending', type: 'payment' })).toEqual([placed.unpaid.reference]);
    expect(await refs({ type: 'refund' })).toEqual([placed.tricky.reference]);
    expect(await refs({ status: 'successful' })).toHaveLength(4);
    expect(await refs({ status: 'Completed' })).toHaveLength(4);
    expect(await refs({ type: 'card' })).toEqual([placed.today.reference, placed.tricky.reference].sort());
    expect(await refs({ type: 'transfer' })).toEqual([placed.tenDays.reference]);
    expect(await refs({ type: 'ussd', status: 'successful' })).toEqual([placed.fortyDays.reference]);
    expect(await refs({ search: 'zainab' })).toEqual([placed.today.reference]);
    expect(await refs({ search: placed.tenDays.orderNumber })).toEqual([placed.tenDays.reference]);
    expect(await refs({ search: placed.unpaid.reference!.slice(0, 12) })).toContain(placed.unpaid.reference);
    expect(await refs({ search: 'nobody-matches-this' })).toEqual([]);
    const one = await request(t.http).get(`/api/inner/admin/transactions/${today.id}`).set(bearer(admin)).expect(200);
    expect(one.body.data).toEqual(today);
  });

  it('exports the filtered transactions as properly escaped CSV', async () => {
    const res = await request(t.http)
      .get('/api/inner/admin/transactions/export.csv')
      .query({ status: 'successful' })
      .set(bearer(admin))
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual(TRANSACTIONS_CSV_HEADER);
    expect(rows).toHaveLength(6);
    expect(rows[5][0]).toBe('TOTAL');
    const byRef = Object.fromEntries(rows.slice(1, -1).map((r) => [r[2], r]));
    expect(byRef[placed.today.reference!]).toEqual([
      expect.any(String),
      'payment',
      placed.today.reference,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      'Zainab Lawal',
      'zainab@example.com',
      'card',
      '15000.00',
      'NGN',
      'successful',
      'paid',
      placed.today.orderNumber,
      '',
    ]);
    // A name that a spreadsheet would run as a formula is defused, and quotes and commas survive.
    expect(byRef[placed.tricky.reference!][4]).toBe(`'=HYPERLINK("http://x") Ade, "Jr"`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://x"") Ade, ""Jr"""`);
    const pending = parseCsv(
      (
        await request(t.http).get('/api/inner/admin/transactions/export.csv').query({ status: 'pending' }).set(bearer(admin)).expect(200)
      ).text.slice(1),
    );
    expect(
      pending
        .slice(1, -1)
        .map((r) => `${r[1]} ${r[2]}`)
        .sort(),
    ).toEqual([`payment ${placed.unpaid.reference}`, `refund ${placed.tricky.reference}`].sort());
    await request(t.http).get('/api/inner/admin/transactions/export.csv').set(bearer(zainab.token)).expect(401);
  });

  it('re-verify with Paystack applies a payment whose webhook never came, once', async () => {
    const p = await createProduct(t, seller.user.id, { priceKobo: 50_000 });
    const data = await placeOrder(t, zainab.token, [{ productID: p.id, quantity: 1 }]);
    const reference = await initializePayment(t, zainab.token, data.checkoutSessionId);
    const [row] = await t.db.query(`SELECT id FROM payment_transaction WHERE reference = $1`, [reference]);
    const before = await request(t.http).post(`/api/inner/admin/transactions/${row.id}/reverify`).set(bearer(admin)).expect(200);
    expect(before.body.data).toMatchObject({ outcome: 'abandoned', transaction: { status: 'failed', paymentStatus: 'abandoned' } });
    paystack.pay(reference, 'ussd');
    const after = await request(t.http).post(`/api/inner/admin/transactions/${row.id}/reverify`).set(bearer(admin)).expect(200);
    expect(after.body).toMatchObject({
      message: 'Your payment has been successfully verified',
      data: { outcome: 'paid', status: 'success', transaction: { status: 'successful', paymentStatus: 'paid', paymentMethod: 'ussd' } },
    });
    const again = await request(t.http).post(`/api/inner/admin/transactions/${row.id}/reverify`).set(bearer(admin)).expect(200);
    expect(again.body.data.outcome).toBe('already_paid');
    expect(
      await t.db.query(`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = $1 AND to_status = 'paid'`, [
        data.orders[0].id,
      ]),
    ).toEqual([{ n: 1 }]);
    await request(t.http).post('/api/inner/admin/transactions/999999/reverify').set(bearer(admin)).expect(404);
  });

  it('/admin/transactions in ra-data-simple-rest conventions', async () => {
    const res = await request(t.http)
      .get('/api/admin/transactions')
      .query({
        sort: JSON.stringify(['amount', 'DESC']),
        range: JSON.stringify([0, 9]),
        filter: JSON.stringify({ status: 'successful', paymentMethod: 'card' }),
      })
      .set(bearer(admin))
      .expect(200);
    expect(res.headers['content-range']).toBe('transactions 0-1/2');
    expect(res.body.map((x: { amount: string }) => x.amount)).toEqual(['15000.00', '1000.00']);
    const q = await request(t.http)
      .get('/api/admin/transactions')
      .query({ filter: JSON.stringify({ q: 'emeka@' }) })
      .set(bearer(admin))
      .expect(200);
    expect(q.headers['content-range']).toBe('transactions 0-2/3');
    const one = await request(t.http).get(`/api/admin/transactions/${res.body[0].id}`).set(bearer(admin)).expect(200);
    expect(one.body.reference).toBe(res.body[0].reference);
    await request(t.http).get('/api/admin/transactions').set(bearer(zainab.token)).expect(401);
  });
});
