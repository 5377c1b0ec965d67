import request from 'supertest';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { ApiProcess, freePort, startApi } from './utils/api-process';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { deliverAndRelease, initializePayment, savePayoutAccount } from './utils/money-fixtures';
import { ledgerViolations } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { until } from './utils/scale-apps';
import { appPerFile } from './utils/test-app';

/**
 * Money goes out once when the process dies mid-call: the app runs as a child process, Paystack's stand-in records the
 * refund or transfer and holds its answer, the process gets `kill -9`, and a new process starts on the same database.
 * Before, the refund row stayed `queued` and the restart posted it again (two refunds at Paystack, one in the
 * ledger), and the transfer was sent again, answered "Duplicate Transfer Reference", and failed back to the seller
 * while the first one paid. Now the row is `sending`, and the restart asks Paystack.
 */
describe('money after kill -9 between the Paystack call and the write', () => {
  const paystack = new PaystackStandIn();
  let databaseUrl = '';
  const { t } = appPerFile({
    paystack,
    env: { KASUWA_ROLE: 'web' },
    ready: async () => {
      databaseUrl = process.env.DATABASE_URL!;
    },
  });
  const running: ApiProcess[] = [];
  let buyer: TestUser;
  let sellerA: TestUser;
  let sellerB: TestUser;

  afterAll(async () => {
    await Promise.all(running.map((p) => p.kill9().catch(() => undefined)));
  });

  /** The app in a child process on the test database: the stand-in's Paystack, the same token secrets. */
  async function child(name: string, role: 'web' | 'all'): Promise<ApiProcess> {
    const keep = [
      'JWT_USER_SECRET',
      'JWT_ADMIN_SECRET',
      'UPLOAD_DIR',
      'PUBLIC_URL',
      'AUTH_RATE_LIMIT',
      'ACCOUNT_LOOKUP_LIMIT_PER_USER',
      'ACCOUNT_LOOKUP_LIMIT_PER_CLIENT',
    ];
    const env: Record<string, string> = Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]!]));
    const p = startApi(name, await freePort(), {
      ...env,
      ...paystack.env(),
      DATABASE_URL: databaseUrl,
      KASUWA_ROLE: role,
      PAYSTACK_TIMEOUT_MS: '60000',
      MIGRATIONS_RUN: 'false',
    });
    running.push(p);
    await p.ready();
    return p;
  }

  /** Holds the next refund or transfer answer at the stand-in until the returned function is called. */
  function holdNext(kind: 'refund' | 'transfer'): () => void {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    paystack.beforeAnswer = async (k) => {
      if (k === kind) await held;
    };
    return release;
  }

  /** A JSON request to a child process: its answer, or null when the child dies before answering. */
  const sendTo = (p: { base: string }, method: string, path: string, token: string, body: object) =>
    fetch(`${p.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify(body),
    }).catch(() => null);

  beforeAll(async () => {
    [buyer, sellerA, sellerB] = [await registerUser(t), await registerUser(t), await registerUser(t)];
  });

  it('a buyer cancels one order of a two-seller checkout (₦2,000 + ₦3,000); the app dies before Paystack answers the refund; the restart refunds once', async () => {
    const a = await createProduct(t, sellerA.user.id, { priceKobo: 200_000, quantity: 3, name: 'Zobo, 12 bottles' });
    const b = await createProduct(t, sellerB.user.id, { priceKobo: 300_000, quantity: 3, name: 'Kilishi, 1 kg' });
    const placed = await placeOrder(t, buyer.token, [
      { productID: a.id, quantity: 1 },
      { productID: b.id, quantity: 1 },
    ]);
    const payment = await initializePayment(t, buyer.token, placed.checkoutSessionId);
    paystack.pay(payment);
    await paystack.sendWebhook(t.http, payment).expect(200);
    const [cancelled] = await t.db.query(`SELECT id FROM "order" WHERE checkout_session_id = $1 AND seller_id = $2`, [
      placed.checkoutSessionId,
      sellerA.user.id,
    ]);

    const first = await child('web 1', 'web');
    const release = holdNext('refund');
    const answer = sendTo(first, 'PATCH', `/api/orders/${cancelled.id}/update/status`, buyer.token, { status: 'cancelled_by_buyer' });
    await until(
      'the refund at Paystack',
      async () => [...paystack.refunds.values()].filter((r) => r.transactionReference === payment).length,
      (n) => n === 1,
    );
    await first.kill9();
    release();
    paystack.beforeAnswer = null;
    expect(await answer).toBeNull(); // the buyer's request died with the process
    const [row] = await t.db.query(`SELECT id, status, reference FROM refund WHERE order_id = $1`, [cancelled.id]);
    expect(row.status).toBe('sending');

    // The restart comes later than MONEY_SEND_GRACE_MS; its start-up recovery looks the refund up instead of posting it again.
    await t.db.query(`UPDATE refund SET sent_at = now() - interval '1 hour' WHERE id = $1`, [row.id]);
    const second = await child('web 2', 'all');
    const settled = await until(
      'the refund adopted',
      async () => (await t.db.query(`SELECT status, paystack_id::text FROM refund WHERE id = $1`, [row.id]))[0],
      (r) => r.status !== 'sending',
    );
    const atPaystack = [...paystack.refunds.values()].filter((r) => r.transactionReference === payment);
    expect(atPaystack.map((r) => r.amount)).toEqual([200_000]);
    expect(settled).toEqual({ status: 'pending', paystack_id: String(atPaystack[0].id) });
    paystack.settleRefund(atPaystack[0].id, 'processed');
    await paystack.sendEvent(second.base, 'refund.processed', paystack.refundData(atPaystack[0].id)).expect(200);
    expect((await t.db.query(`SELECT status FROM refund WHERE id = $1`, [row.id]))[0].status).toBe('processed');
    expect(paystack.requests.filter((r) => r.method === 'POST' && r.path === '/refund')).toHaveLength(1);
    expect(await ledgerViolations(t.db)).toEqual([]);
    await second.stop();
  }, 240_000);

  it('a seller withdraws; the app dies before Paystack answers the transfer; the restart verifies it instead of failing it back', async () => {
    // Money to withdraw: a ₦10,000 sale released to seller B (₦9,500 after commission).
    await savePayoutAccount(t, paystack, sellerB, 'MUSA DANJUMA', { numberBase: 3_000_000_000 });
    const p = await createProduct(t, sellerB.user.id, { priceKobo: 1_000_000, quantity: 1, name: 'Standing fan' });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    const orderId = placed.orders[0].id;
    await deliverAndRelease(t, orderId, sellerB, buyer);

    const first = await child('web 3', 'web');
    const release = holdNext('transfer');
    const answer = sendTo(first, 'POST', '/api/wallet/withdraw', sellerB.token, { amount: '900000' });
    await until(
      'the transfer at Paystack',
      async () => paystack.transfers.size,
      (n) => n >= 1,
    );
    await first.kill9();
    release();
    paystack.beforeAnswer = null;
    await answer;
    const [payout] = await t.db.query(`SELECT id, status, reference FROM payout WHERE user_id = $1`, [sellerB.user.id]);
    expect(payout.status).toBe('sending');

    await t.db.query(`UPDATE payout SET sent_at = now() - interval '1 hour' WHERE id = $1`, [payout.id]);
    const second = await child('web 4', 'all');
    await until(
      'the payout verified',
      async () => (await t.db.query(`SELECT status FROM payout WHERE id = $1`, [payout.id]))[0].status,
      (s) => s !== 'sending',
    );
    paystack.settleTransfer(payout.reference, 'success');
    await paystack.sendEvent(second.base, 'transfer.success', paystack.transferData(payout.reference)).expect(200);
    expect((await t.db.query(`SELECT status FROM payout WHERE id = $1`, [payout.id]))[0].status).toBe('success');
    expect([...paystack.transfers.values()].filter((x) => x.reference === payout.reference)).toHaveLength(1);
    const wallet = (await request(second.base).get('/api/wallet').set(bearer(sellerB.token)).expect(200)).body.data;
    expect(wallet).toMatchObject({ available: '50000', paidOut: '900000', pendingPayout: '0' });
    expect(await ledgerViolations(t.db)).toEqual([]);
    await second.stop();
  }, 240_000);
});
