import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { initializePayment } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { createTestApp, TestApp } from './utils/test-app';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Built-in test mode (no PAYSTACK_SECRET_KEY): the whole money flow runs after `npm start`. */
describe('money in the built-in test mode', () => {
  let t: TestApp;
  let seller: User;
  let buyer: User;

  beforeAll(async () => {
    t = await createTestApp({ PAYSTACK_SECRET_KEY: '', PAYSTACK_BASE_URL: '', TEST_SETTLE_DELAY_MS: '100' });
    [seller, buyer] = await Promise.all([registerUser(t), registerUser(t)]);
  });
  afterEach(() => expectMoneyInvariants(t.db));
  afterAll(() => t.close());

  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await check()).toBe(true);
  };
  const wallet = async (u: User) => (await request(t.http).get('/api/wallet').set(bearer(u.token)).expect(200)).body.data;

  /** Buyer pays on the test checkout page; seller delivers; buyer marks received. */
  async function soldAndReceived(priceKobo: number, channel = 'card') {
    const p = await createProduct(t, seller.user.id, { priceKobo, quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
    await request(t.http).post(`/api/payments/test-checkout/${reference}`).type('form').send({ outcome: 'success', channel }).expect(303);
    const id = placed.orders[0].id;
    return { id, reference };
  }
  const move = (u: User, id: number, status: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(u.token)).send({ status }).expect(200);

  it('real Nigerian banks, a deterministic account name, a withdrawal that settles a moment later through the webhook path', async () => {
    const banks = (await request(t.http).get('/api/banks').expect(200)).body.data;
    expect(banks).toEqual(
      expect.arrayContaining([
        { name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' },
        { name: 'Zenith Bank', code: '057', slug: 'zenith-bank' },
      ]),
    );
    const a = await request(t.http)
      .post('/api/profile/payout-account/resolve')
      .set(bearer(seller.token))
      .send({ bankCode: '058', accountNumber: '0123456789' })
      .expect(201);
    const b = await request(t.http)
      .post('/api/profile/payout-account/resolve')
      .set(bearer(seller.token))
      .send({ bankCode: '058', accountNumber: '0123456789' })
      .expect(201);
    expect(a.body.accountName).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(b.body.accountName).toBe(a.body.accountName);
    await request(t.http)
      .put('/api/profile/payout-account')
      .set(bearer(seller.token))
      .send({ bankCode: '058', accountNumber: '0123456789' })
      .expect(200);

    const { id } = await soldAndReceived(2_000_000);
    for (const s of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller, id, s);
    await move(buyer, id, 'received_by_buyer');
    expect(await wallet(seller)).toMatchObject({ available: '1900000' });
    const w = await request(t.http).post('/api/wallet/withdraw').set(bearer(seller.token)).send({ amount: '1900000' }).expect(201);
    expect(w.body.data.status).toBe('pending');
    await until(async () => (await wallet(seller)).paidOut === '1900000');
    expect(await wallet(seller)).toEqual({ held: '0', available: '0', paidOut: '1900000', pendingPayout: '0', owed: '0' });
    // The test mode lists its payments and transfers like Paystack: the ledger agrees with them, and with its balance.
    const admin = await adminToken(t);
    const diffs = (await request(t.http).get('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body;
    expect(diffs.filter((d: { kind: string }) => ['payment', 'transfer', 'balance'].includes(d.kind))).toEqual([]);
  });

  it('a paid order cancelled before shipment is refunded a moment later', async () => {
    const { id } = await soldAndReceived(500_000);
    await move(buyer, id, 'cancelled_by_buyer');
    await until(async () => (await t.db.query(`SELECT status FROM refund WHERE order_id = $1`, [id]))[0]?.status === 'processed');
  });

  it('a bank-transfer payment’s refund waits for the buyer’s bank account, then is processed a moment later', async () => {
    // The test checkout page's "Pay by: Bank transfer".
    const { id, reference } = await soldAndReceived(300_000, 'bank_transfer');
    expect((await t.db.query(`SELECT payment_method FROM payment_transaction WHERE reference = $1`, [reference]))[0].payment_method).toBe(
      'bank_transfer',
    );
    await move(buyer, id, 'cancelled_by_buyer');
    const status = async () => (await t.db.query(`SELECT status FROM refund WHERE order_id = $1`, [id]))[0]?.status;
    expect(await status()).toBe('needs_attention');
    const given = await request(t.http)
      .post(`/api/orders/${id}/refund-account`)
      .set(bearer(buyer.token))
      .send({ bankCode: '058', accountNumber: '0123456789' })
      .expect(201);
    expect(given.body.data).toMatchObject({ status: 'pending', account: { bankName: 'Guaranty Trust Bank', accountNumber: '******6789' } });
    await until(async () => (await status()) === 'processed');
  });
});
