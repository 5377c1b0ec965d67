import request from 'supertest';
import { MoneyEventsService } from '../src/modules/money/money-events.service';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { metricValue, scrape } from './utils/metrics';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { createTestApp, TestApp } from './utils/test-app';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Issue 13: payout account (banks, resolve, recipient, 24 h hold), withdrawals as Paystack transfers settled exactly once. */
describe('payout accounts and withdrawals (Paystack transfers)', () => {
  let t: TestApp;
  const paystack = new PaystackStandIn();
  let admin: string;

  beforeAll(async () => {
    await paystack.start();
    t = await createTestApp(paystack.env());
    admin = await adminToken(t);
  });
  afterEach(() => expectMoneyInvariants(t.db));
  afterAll(async () => {
    await t.close();
    await paystack.stop();
  });

  /** A seller with a saved payout account and a released order of `price` kobo (95% of it available). */
  async function sellerWith(price: number) {
    const seller = await registerUser(t);
    const buyer = await registerUser(t);
    const number = String(1_000_000_000 + seller.user.id).slice(0, 10);
    paystack.accounts.set(`058:${number}`, 'ADAEZE OKAFOR');
    await request(t.http).put('/api/profile/payout-account').set(bearer(seller.token)).send({ bankCode: '058', accountNumber: number }).expect(200);
    const p = await createProduct(t, seller.user.id, { priceKobo: price, quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const init = await request(t.http).post('/api/payments/initialize').set(bearer(buyer.token)).send({ checkoutSessionID: placed.checkoutSessionId }).expect(201);
    const reference = init.body.data.transaction.reference;
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    const id = placed.orders[0].id;
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(seller.token)).send({ status: to }).expect(200);
    await request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(buyer.token)).send({ status: 'received_by_buyer' }).expect(200);
    return seller;
  }
  const wallet = async (u: User) => (await request(t.http).get('/api/wallet').set(bearer(u.token)).expect(200)).body.data;
  const withdraw = (u: User, amount: string | number) => request(t.http).post('/api/wallet/withdraw').set(bearer(u.token)).send({ amount });

  it('lists banks, resolves the account name on the server, creates a recipient; a change holds payouts 24 h and e-mails the user', async () => {
    const u = await registerUser(t);
    const banks = await request(t.http).get('/api/banks').expect(200);
    expect(banks.body.data).toEqual(expect.arrayContaining([{ name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' }]));
    paystack.accounts.set('044:0123456789', 'CHIDI NWOSU');
    paystack.accounts.set('057:0987654321', 'CHIDI NWOSU');
    await request(t.http).post('/api/profile/payout-account/resolve').set(bearer(u.token)).send({ bankCode: '044', accountNumber: '0123456789' }).expect(201, {
      bankName: 'Access Bank',
      accountName: 'CHIDI NWOSU',
    });
    await request(t.http).post('/api/profile/payout-account/resolve').set(bearer(u.token)).send({ bankCode: '044', accountNumber: '0000000001' }).expect(422);
    await request(t.http).post('/api/profile/payout-account/resolve').set(bearer(u.token)).send({ bankCode: '044', accountNumber: '12345' }).expect(422);
    await request(t.http).post('/api/profile/payout-account/resolve').send({ bankCode: '044', accountNumber: '0123456789' }).expect(401);
    const saved = await request(t.http).put('/api/profile/payout-account').set(bearer(u.token)).send({ bankCode: '044', accountNumber: '0123456789', accountName: 'SOMEONE ELSE' }).expect(200);
    expect(saved.body.data).toMatchObject({ bankName: 'Access Bank', accountName: 'CHIDI NWOSU', payoutsHoldUntil: null });
    expect(paystack.requests.filter((r) => r.path === '/transferrecipient').at(-1)!.body).toMatchObject({ type: 'nuban', name: 'CHIDI NWOSU', account_number: '0123456789', bank_code: '044', currency: 'NGN' });
    const changed = await request(t.http).put('/api/profile/payout-account').set(bearer(u.token)).send({ bankCode: '057', accountNumber: '0987654321' }).expect(200);
    const hold = new Date(changed.body.data.payoutsHoldUntil).getTime() - Date.now();
    expect(hold).toBeGreaterThan(23.9 * 3_600_000);
    expect(hold).toBeLessThanOrEqual(24 * 3_600_000);
    const [mail] = await t.db.query(`SELECT subject, body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [u.email]);
    expect(mail.subject).toBe('Your Kasuwa payout account changed');
    expect(mail.body).toContain('Zenith Bank');
    await t.db.query(`INSERT INTO ledger_account (code, kind, user_id, balance_kobo) VALUES ($1, 'seller_available', $2, 0)`, [`seller_available:${u.user.id}`, u.user.id]);
    expect((await withdraw(u, '100000').expect(409)).body.code).toBe('PAYOUTS_ON_HOLD');
  });

  it('withdraw sends a transfer with a unique reference; transfer.success marks it paid out (20 duplicate/out-of-order webhooks apply once)', async () => {
    const seller = await sellerWith(600_000);
    expect(await wallet(seller)).toMatchObject({ available: '570000', paidOut: '0' });
    await withdraw(seller, '99999').expect(422);
    expect((await withdraw(seller, '600000').expect(409)).body.code).toBe('INSUFFICIENT_FUNDS');
    const successes = async () => metricValue(await scrape(t.http), 'kasuwa_payouts_total', { outcome: 'success' });
    const successesBefore = await successes();
    const res = await withdraw(seller, '200000').expect(201);
    const ref = res.body.data.reference as string;
    expect(res.body.data).toMatchObject({ amount: '200000', status: 'pending' });
    expect(paystack.transfers.get(ref)).toMatchObject({ amount: 200_000, status: 'pending' });
    expect(await wallet(seller)).toMatchObject({ available: '370000', pendingPayout: '200000' });
    paystack.settleTransfer(ref, 'success');
    const events = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0 ? paystack.sendEvent(t.http, 'transfer.success', paystack.transferData(ref)) : i % 3 === 1 ? paystack.sendEvent(t.http, 'transfer.success', { ...paystack.transferData(ref) }) : paystack.sendEvent(t.http, 'transfer.failed', { ...paystack.transferData(ref), status: 'failed' }),
    );
    // Out of order: a stale failure may land first; success arriving later must still pay out exactly once.
    await Promise.all(events.map((e) => e.expect(200)));
    const [p] = await t.db.query(`SELECT status FROM payout WHERE reference = $1`, [ref]);
    expect(p.status).toBe('success');
    const w = await wallet(seller);
    expect(Number(w.available) + Number(w.paidOut) + Number(w.pendingPayout)).toBe(570_000);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE ref = $1 AND kind <> 'payout'`, [ref]);
    expect(n).toBe(1);
    expect((await successes()) - successesBefore).toBe(1); // /api/metrics counts the effect, not the 20 webhooks
  });

  it('a failed or reversed transfer returns the money to available; an otp answer stays open and is listed for admins', async () => {
    const seller = await sellerWith(400_000); // 380,000 available
    const a = (await withdraw(seller, '150000').expect(201)).body.data.reference;
    paystack.settleTransfer(a, 'failed');
    await paystack.sendEvent(t.http, 'transfer.failed', paystack.transferData(a)).expect(200);
    expect(await wallet(seller)).toMatchObject({ available: '380000', pendingPayout: '0' });
    const b = (await withdraw(seller, '100000').expect(201)).body.data.reference;
    paystack.settleTransfer(b, 'success');
    await paystack.sendEvent(t.http, 'transfer.success', paystack.transferData(b)).expect(200);
    paystack.settleTransfer(b, 'reversed');
    await paystack.sendEvent(t.http, 'transfer.reversed', paystack.transferData(b)).expect(200);
    expect(await wallet(seller)).toMatchObject({ available: '380000', paidOut: '0' });
    // Each settlement told the seller once (issue 14's 'money' notifications): bell, and e-mail with its unsubscribe link.
    const told = (await request(t.http).get('/api/notifications').set(bearer(seller.token)).expect(200)).body.data.map((n: { type: string; title: string }) => [n.type, n.title]);
    expect(told.filter(([type]: string[]) => type === 'money')).toEqual([
      ['money', 'Your withdrawal of ₦1,000.00 was reversed by the bank'],
      ['money', 'Your withdrawal of ₦1,000.00 was paid to your bank account'],
      ['money', 'Your withdrawal of ₦1,500.00 failed'],
    ]);
    const [mail] = await t.db.query(`SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = 'Your withdrawal of ₦1,500.00 failed'`, [seller.email]);
    expect(mail.body).toMatch(/back in your available balance[\s\S]*unsubscribe\?token=/);
    paystack.transferAnswer = 'otp';
    const c = (await withdraw(seller, '100000').expect(201)).body.data;
    paystack.transferAnswer = 'pending';
    expect(c.status).toBe('otp');
    const list = await request(t.http).get('/api/admin/payouts').query({ filter: JSON.stringify({ status: 'otp' }) }).set(bearer(admin)).expect(200);
    expect(list.body.map((p: { reference: string }) => p.reference)).toContain(c.reference);
    const retried = await request(t.http).post(`/api/admin/payouts/${(await t.db.query(`SELECT id FROM payout WHERE reference = $1`, [a]))[0].id}/retry`).set(bearer(admin)).expect(201);
    expect(retried.body).toMatchObject({ amount: '150000', status: 'pending' });
    const ledger = await request(t.http).get('/api/admin/ledger').query({ filter: JSON.stringify({ userId: seller.user.id }) }).set(bearer(admin)).expect(200);
    expect(ledger.body.length).toBeGreaterThan(3);
  });

  it('reconciliation lists the otp payout and a Paystack balance that differs from the ledger', async () => {
    const list = async () => (await request(t.http).get('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as { kind: string; reference: string | null; expected: string; actual: string }[];
    paystack.balanceKobo = 0;
    const rows = await list();
    expect(rows.some((r) => r.kind === 'payout_open')).toBe(true);
    const balance = rows.find((r) => r.kind === 'balance')!;
    expect(balance.actual).toBe('0');
    paystack.balanceKobo = Number(balance.expected);
    expect((await list()).some((r) => r.kind === 'balance')).toBe(false);
  });

  it('50 concurrent withdrawals never pay out more than available', async () => {
    const seller = await sellerWith(1_000_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(seller, '150000')));
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(6);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await wallet(seller)).toMatchObject({ available: '50000', pendingPayout: '900000' });
    const sent = [...paystack.transfers.values()].filter((x) => ok.some((r) => r.body.data.reference === x.reference));
    expect(sent.reduce((n, x) => n + x.amount, 0)).toBe(900_000);
  });

  it('a transfer sent just before the app died (no answer, no webhook) is verified and settled on start', async () => {
    const seller = await sellerWith(300_000);
    paystack.dropNextTransferAnswer = true;
    const res = await withdraw(seller, '250000').expect(201);
    expect(res.body.data.status).toBe('queued');
    const ref = res.body.data.reference;
    expect(paystack.transfers.get(ref)).toBeDefined();
    paystack.settleTransfer(ref, 'success');
    // What start-up runs (and the sweep job): /transfer/verify settles it; nothing is sent twice.
    await t.app.get(MoneyEventsService).recover();
    expect((await t.db.query(`SELECT status FROM payout WHERE reference = $1`, [ref]))[0].status).toBe('success');
    expect(paystack.requests.filter((r) => r.path === '/transfer' && r.body?.reference === ref)).toHaveLength(1);
    expect(await wallet(seller)).toMatchObject({ available: '35000', paidOut: '250000', pendingPayout: '0' });
  });
});
