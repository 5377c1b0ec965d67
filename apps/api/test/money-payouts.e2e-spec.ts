import request from 'supertest';
import { Clock } from '../src/modules/money/clock';
import { MoneyEventsService } from '../src/modules/money/money-events.service';
import { lagosDay, PayoutsService } from '../src/modules/money/payouts.service';
import { bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { metricValue, scrape } from './utils/metrics';
import { initializePayment, sellerWithReleasedOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Payout account (banks, resolve, recipient, 24 h hold), withdrawals as Paystack transfers settled exactly once. */
describe('payout accounts and withdrawals (Paystack transfers)', () => {
  const paystack = new PaystackStandIn();
  const { t, admin } = appPerFile({ paystack, admin: true, afterEach: (t) => expectMoneyInvariants(t.db) });

  /** A seller with a first payout account and a released order of `price` kobo (95% of it available). */
  const sellerWith = (price: number) => sellerWithReleasedOrder(t, paystack, price);
  const wallet = async (u: User) => (await request(t.http).get('/api/wallet').set(bearer(u.token)).expect(200)).body.data;
  const withdraw = (u: User, amount: string | number) => request(t.http).post('/api/wallet/withdraw').set(bearer(u.token)).send({ amount });

  it('lists banks, resolves the account name on the server, creates a recipient; a change holds payouts 24 h and e-mails the user', async () => {
    const u = await registerUser(t);
    const banks = await request(t.http).get('/api/banks').expect(200);
    expect(banks.body.data).toEqual(expect.arrayContaining([{ name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank' }]));
    paystack.accounts.set('044:0123456789', 'CHIDI NWOSU');
    paystack.accounts.set('057:0987654321', 'CHIDI NWOSU');
    await request(t.http)
      .post('/api/profile/payout-account/resolve')
      .set(bearer(u.token))
      .send({ bankCode: '044', accountNumber: '0123456789' })
      .expect(201, {
        bankName: 'Access Bank',
        accountName: 'CHIDI NWOSU',
      });
    await request(t.http)
      .post('/api/profile/payout-account/resolve')
      .set(bearer(u.token))
      .send({ bankCode: '044', accountNumber: '0000000001' })
      .expect(422);
    await request(t.http)
      .post('/api/profile/payout-account/resolve')
      .set(bearer(u.token))
      .send({ bankCode: '044', accountNumber: '12345' })
      .expect(422);
    await request(t.http).post('/api/profile/payout-account/resolve').send({ bankCode: '044', accountNumber: '0123456789' }).expect(401);
    const saved = await request(t.http)
      .put('/api/profile/payout-account')
      .set(bearer(u.token))
      .send({ bankCode: '044', accountNumber: '0123456789', accountName: 'SOMEONE ELSE' })
      .expect(200);
    expect(saved.body.data).toMatchObject({ bankName: 'Access Bank', accountName: 'CHIDI NWOSU', payoutsHoldUntil: null });
    expect(paystack.requests.filter((r) => r.path === '/transferrecipient').at(-1)!.body).toMatchObject({
      type: 'nuban',
      name: 'CHIDI NWOSU',
      account_number: '0123456789',
      bank_code: '044',
      currency: 'NGN',
    });
    const changed = await request(t.http)
      .put('/api/profile/payout-account')
      .set(bearer(u.token))
      .send({ bankCode: '057', accountNumber: '0987654321' })
      .expect(200);
    const hold = new Date(changed.body.data.payoutsHoldUntil).getTime() - Date.now();
    expect(hold).toBeGreaterThan(23.9 * 3_600_000);
    expect(hold).toBeLessThanOrEqual(24 * 3_600_000);
    const [mail] = await t.db.query(`SELECT subject, body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [u.email]);
    expect(mail.subject).toBe('Your Kasuwa payout account changed');
    expect(mail.body).toContain('Zenith Bank');
    await t.db.query(`INSERT INTO ledger_account (code, kind, user_id, balance_kobo) VALUES ($1, 'seller_available', $2, 0)`, [
      `seller_available:${u.user.id}`,
      u.user.id,
    ]);
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
      i % 3 === 0
        ? paystack.sendEvent(t.http, 'transfer.success', paystack.transferData(ref))
        : i % 3 === 1
          ? paystack.sendEvent(t.http, 'transfer.success', { ...paystack.transferData(ref) })
          : paystack.sendEvent(t.http, 'transfer.failed', { ...paystack.transferData(ref), status: 'failed' }),
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
    await paystack.transferSettled(t.http, a, 'failed');
    expect(await wallet(seller)).toMatchObject({ available: '380000', pendingPayout: '0' });
    const b = (await withdraw(seller, '100000').expect(201)).body.data.reference;
    await paystack.transferSettled(t.http, b, 'success');
    await paystack.transferSettled(t.http, b, 'reversed');
    expect(await wallet(seller)).toMatchObject({ available: '380000', paidOut: '0' });
    // Each settlement told the seller once (the trust between strangers rule's 'money' notifications): bell, and e-mail with its unsubscribe link.
    const told = (await request(t.http).get('/api/notifications').set(bearer(seller.token)).expect(200)).body.data.map(
      (n: { type: string; title: string }) => [n.type, n.title],
    );
    expect(told.filter(([type]: string[]) => type === 'money')).toEqual([
      ['money', 'Your withdrawal of ₦1,000.00 was reversed by the bank'],
      ['money', 'Your withdrawal of ₦1,000.00 was paid to your bank account'],
      ['money', 'Your withdrawal of ₦1,500.00 failed'],
    ]);
    const [mail] = await t.db.query(
      `SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = 'Your withdrawal of ₦1,500.00 failed'`,
      [seller.email],
    );
    expect(mail.body).toMatch(/back in your available balance[\s\S]*unsubscribe\?token=/);
    paystack.transferAnswer = 'otp';
    const c = (await withdraw(seller, '100000').expect(201)).body.data;
    paystack.transferAnswer = 'pending';
    expect(c.status).toBe('otp');
    const list = await request(t.http)
      .get('/api/admin/payouts')
      .query({ filter: JSON.stringify({ status: 'otp' }) })
      .set(bearer(admin))
      .expect(200);
    expect(list.body.map((p: { reference: string }) => p.reference)).toContain(c.reference);
    const retried = await request(t.http)
      .post(`/api/admin/payouts/${(await t.db.query(`SELECT id FROM payout WHERE reference = $1`, [a]))[0].id}/retry`)
      .set(bearer(admin))
      .expect(201);
    expect(retried.body).toMatchObject({ amount: '150000', status: 'pending' });
    const ledger = await request(t.http)
      .get('/api/admin/ledger')
      .query({ filter: JSON.stringify({ userId: seller.user.id }) })
      .set(bearer(admin))
      .expect(200);
    expect(ledger.body.length).toBeGreaterThan(3);
  });

  it('reconciliation lists the otp payout and a Paystack balance that differs from the ledger', async () => {
    const list = async () =>
      (await request(t.http).get('/api/admin/reconciliation').set(bearer(admin)).expect(200)).body as {
        kind: string;
        reference: string | null;
        expected: string;
        actual: string;
      }[];
    paystack.balanceKobo = 0;
    const rows = await list();
    expect(rows.some((r) => r.kind === 'payout_open')).toBe(true);
    const balance = rows.find((r) => r.kind === 'balance')!;
    expect(balance.actual).toBe('0');
    paystack.balanceKobo = Number(balance.expected);
    expect((await list()).some((r) => r.kind === 'balance')).toBe(false);
  });

  it("reconciliation compares the ledger with Paystack's transaction and transfer lists: a seeded difference of each kind is listed", async () => {
    type Row = { id: string; kind: string; reference: string | null; expected: string; actual: string; note: string };
    const list = async () =>
      (
        (await request(t.http).get('/api/admin/reconciliation').query({ range: '[0,499]' }).set(bearer(admin)).expect(200)).body as Row[]
      ).filter((r) => r.kind === 'payment' || r.kind === 'transfer');
    expect(await list()).toEqual([]);
    const seller = await sellerWith(500_000);
    const buyer = await registerUser(t);
    const p = await createProduct(t, seller.user.id, { priceKobo: 200_000, quantity: 10 });
    const checkout = async (settle: boolean) => {
      const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
      const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
      paystack.pay(reference);
      if (settle) await paystack.sendWebhook(t.http, reference).expect(200);
      return reference;
    };
    const unapplied = await checkout(false); // paid at Paystack; the webhook never came
    const forgotten = await checkout(true); // in the ledger; Paystack does not list it
    paystack.forget(forgotten);
    const short = await checkout(true); // Paystack says a different amount
    paystack.tamper(short, { requestedAmount: 199_000 });
    const manual = 'ksw_manual_dashboard_0001'; // a transfer made outside Kasuwa
    paystack.transfers.set(manual, {
      id: 9_000_001,
      reference: manual,
      transferCode: 'TRF_manual',
      amount: 300_000,
      recipient: 'RCP_x',
      reason: 'Manual',
      status: 'success',
      createdAt: new Date().toISOString(),
    });
    const paid = (await withdraw(seller, '100000').expect(201)).body.data.reference as string; // paid out, then reversed by the bank (event not yet in)
    await paystack.transferSettled(t.http, paid, 'success');
    paystack.settleTransfer(paid, 'reversed');

    const rows = await list();
    const pick = (ref: string) => rows.find((r) => r.reference === ref);
    expect(pick(unapplied)).toMatchObject({
      kind: 'payment',
      expected: '0',
      actual: '200000',
      note: expect.stringContaining('the ledger has not taken it in'),
    });
    expect(pick(forgotten)).toMatchObject({
      kind: 'payment',
      expected: '200000',
      actual: '0',
      note: expect.stringContaining('Paystack: not listed'),
    });
    expect(pick(short)).toMatchObject({
      kind: 'payment',
      expected: '200000',
      actual: '199000',
      note: expect.stringContaining('different amounts'),
    });
    expect(pick(manual)).toMatchObject({ kind: 'transfer', expected: '0', actual: '300000' });
    expect(pick(paid)).toMatchObject({
      kind: 'transfer',
      expected: '100000',
      actual: '0',
      note: expect.stringContaining('Paystack: reversed'),
    });
    expect(rows).toHaveLength(5);
    // The reversal arrives: ledger and Paystack agree on that transfer again.
    await paystack.sendEvent(t.http, 'transfer.reversed', paystack.transferData(paid)).expect(200);
    expect((await list()).map((r) => r.reference).sort()).toEqual([unapplied, forgotten, short, manual].sort());
    // Put the stand-in back for the other tests.
    paystack.transfers.delete(manual);
    paystack.tamper(short, {});
  });

  it('automatic daily payout: once per Lagos day for sellers who asked, with ₦1,000+ available and no hold, even when the job runs twice at once', async () => {
    const payouts = t.app.get(PayoutsService);
    const clock = t.app.get(Clock);
    const auto = (u: User, enabled: boolean) =>
      request(t.http).put('/api/profile/payout-account/auto-payout').set(bearer(u.token)).send({ enabled });
    expect((await auto(await registerUser(t), true).expect(409)).body.code).toBe('NO_PAYOUT_ACCOUNT');
    const [rich, poor, held, off] = [
      await sellerWith(600_000),
      await sellerWith(100_000),
      await sellerWith(300_000),
      await sellerWith(300_000),
    ];
    for (const u of [rich, poor, held]) expect((await auto(u, true).expect(200)).body.data.autoPayout).toBe(true);
    expect((await request(t.http).get('/api/profile/payout-account').set(bearer(rich.token)).expect(200)).body.data.autoPayout).toBe(true);
    await auto(held, 'yes' as unknown as boolean).expect(422);
    await t.db.query(`UPDATE payout_account SET payouts_hold_until = now() + interval '5 hours' WHERE user_id = $1`, [held.user.id]);
    const autoPayouts = () =>
      t.db.query(`SELECT user_id, amount_kobo, auto_day::text AS day, status FROM payout WHERE auto_day IS NOT NULL ORDER BY id`);

    // 23:30 UTC is already the next day in Lagos (UTC+1 all year).
    expect(lagosDay(new Date('2030-03-01T23:30:00Z'))).toBe('2030-03-02');
    const today = lagosDay(new Date());
    const runs = await Promise.all([payouts.payDaily(), payouts.payDaily()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await payouts.payDaily()).toBe(0);
    expect(await autoPayouts()).toEqual([{ user_id: rich.user.id, amount_kobo: '570000', day: today, status: 'pending' }]);
    expect(await wallet(rich)).toMatchObject({ available: '0', pendingPayout: '570000' });
    expect(await wallet(poor)).toMatchObject({ available: '95000', pendingPayout: '0' });
    expect(await wallet(off)).toMatchObject({ available: '285000', pendingPayout: '0' });

    // The transfer fails: the money is available again, but today's payout was made; tomorrow's job sends it (and the held seller's, hold over).
    const [first] = await t.db.query(`SELECT reference FROM payout WHERE user_id = $1 AND auto_day IS NOT NULL`, [rich.user.id]);
    await paystack.transferSettled(t.http, first.reference, 'failed');
    expect(await payouts.payDaily()).toBe(0);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 86_400_000));
    expect(await payouts.payDaily()).toBe(2);
    jest.restoreAllMocks();
    expect((await autoPayouts()).map((p: { user_id: number; amount_kobo: string }) => [p.user_id, p.amount_kobo])).toEqual([
      [rich.user.id, '570000'],
      [rich.user.id, '570000'],
      [held.user.id, '285000'],
    ]);
    await auto(rich, false).expect(200);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 3 * 86_400_000));
    expect(await payouts.payDaily()).toBe(0);
    jest.restoreAllMocks();
  });

  it('Transactions list payments, refunds and payouts with a type filter (ra-data-simple-rest and the streamed CSV)', async () => {
    const seller = await sellerWith(400_000);
    const payout = (await withdraw(seller, '100000').expect(201)).body.data.reference as string;
    const buyer = await registerUser(t);
    const p = await createProduct(t, seller.user.id, { priceKobo: 250_000, quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const paid = await initializePayment(t, buyer.token, placed.checkoutSessionId);
    paystack.pay(paid);
    await paystack.sendWebhook(t.http, paid).expect(200);
    await request(t.http)
      .patch(`/api/orders/${placed.orders[0].id}/update/status`)
      .set(bearer(buyer.token))
      .send({ status: 'cancelled_by_buyer' })
      .expect(200);
    const list = async (filter: Record<string, string>) => {
      const res = await request(t.http)
        .get('/api/admin/transactions')
        .query({ filter: JSON.stringify(filter), range: '[0,99]' })
        .set(bearer(admin))
        .expect(200);
      expect(res.headers['content-range']).toMatch(new RegExp(`/${res.body.length}$`));
      return res.body as {
        id: number | string;
        type: string;
        reference: string;
        amount: string;
        status: string;
        user: { id: number };
        orders: { id: number }[];
      }[];
    };
    const payouts = await list({ type: 'payout' });
    expect(payouts.every((x) => x.type === 'payout' && /^payout-\d+$/.test(String(x.id)))).toBe(true);
    expect(payouts.find((x) => x.reference === payout)).toMatchObject({
      amount: '1000.00',
      status: 'pending',
      user: { id: seller.user.id },
      orders: [],
    });
    const refunds = await list({ type: 'refund' });
    expect(refunds.find((x) => x.reference === paid)).toMatchObject({
      id: expect.stringMatching(/^refund-\d+$/),
      amount: '2500.00',
      status: 'pending',
      user: { id: buyer.user.id },
      orders: [{ id: placed.orders[0].id }],
    });
    const payments = await list({ type: 'payment' });
    expect(payments.every((x) => x.type === 'payment' && typeof x.id === 'number')).toBe(true);
    const all = await list({});
    expect(all).toHaveLength(payouts.length + refunds.length + payments.length);
    expect((await list({ type: 'payout', status: 'successful' })).every((x) => x.type === 'payout' && x.status === 'successful')).toBe(
      true,
    );
    expect((await list({ type: 'card' })).every((x) => x.type === 'payment')).toBe(true);
    const csv = await request(t.http)
      .get('/api/inner/admin/transactions/export.csv')
      .query({ type: 'refund' })
      .set(bearer(admin))
      .expect(200);
    const lines = csv.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('ID,Type,Reference,Date (Lagos),Customer,Email,Method,Amount (NGN),Currency,Status,Payment status,Orders,Note');
    expect(lines).toHaveLength(refunds.length + 2);
    // Refunds are money out: negative plain numbers.
    expect(lines.slice(1, -1).every((l) => /^refund-\d+,refund,[^,]*,[^,]*,[^,]*,[^,]*,[^,]*,-\d+\.\d{2},/.test(l))).toBe(true);
    expect(lines[lines.length - 1]).toMatch(/^TOTAL,/);
    const inner = await request(t.http).get('/api/inner/admin/transactions').query({ type: 'payout' }).set(bearer(admin)).expect(200);
    expect(inner.body.data.total).toBe(payouts.length);
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
    // Sent, no answer: the outcome is unknown, so it is neither queued to send again nor failed.
    expect(res.body.data.status).toBe('sending');
    const ref = res.body.data.reference;
    expect(paystack.transfers.get(ref)).toBeDefined();
    paystack.settleTransfer(ref, 'success');
    // Within MONEY_SEND_GRACE_MS of the call a `sending` payout is left alone (a call may still be in flight).
    await t.app.get(MoneyEventsService).recover();
    expect((await t.db.query(`SELECT status FROM payout WHERE reference = $1`, [ref]))[0].status).toBe('sending');
    await t.db.query(`UPDATE payout SET sent_at = now() - interval '1 hour' WHERE reference = $1`, [ref]);
    // What start-up runs (and the sweep job): /transfer/verify settles it; nothing is sent twice.
    await t.app.get(MoneyEventsService).recover();
    expect((await t.db.query(`SELECT status FROM payout WHERE reference = $1`, [ref]))[0].status).toBe('success');
    expect(paystack.requests.filter((r) => r.path === '/transfer' && r.body?.reference === ref)).toHaveLength(1);
    expect(await wallet(seller)).toMatchObject({ available: '35000', paidOut: '250000', pendingPayout: '0' });
  });
});
