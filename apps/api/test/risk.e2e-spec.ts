import request from 'supertest';
import type { AdminRole, RiskSignal } from '@kasuwa/contracts';
import { RiskService } from '../src/modules/risk/risk.service';
import { adminList, bearer, registerUser, STRONG_PASSWORD, type TestUser } from './utils/actors';
import { createProduct, placeOrder, postListing } from './utils/catalog-fixtures';
import { savePayoutAccount, sellerWithReleasedOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * The risk queue: each rule fires on its facts and not on ordinary ones; a withdrawal hold answers 409 RISK_HOLD with
 * its reason, a listing hold takes the listing off sale with the reason shown to its seller; clear releases, confirm
 * keeps (or blocks the listing); finance decides withdrawal holds, moderators the rest (403 ROLE_FORBIDDEN otherwise);
 * at most one open signal per rule and target.
 */
describe('risk queue', () => {
  const paystack = new PaystackStandIn();
  const { t, admin } = appPerFile({
    paystack,
    admin: true,
    env: { CHAT_RATE_LIMIT: '1000' },
    afterEach: (t) => expectMoneyInvariants(t.db),
  });
  let n = 0;

  async function staff(role: AdminRole) {
    n += 1;
    const email = `risk-${role}${n}@kasuwa.test`;
    await request(t.http)
      .post('/api/auth/admin/signup')
      .send({ email, firstName: 'Staff', lastName: role, phone: '08031112222', password: STRONG_PASSWORD })
      .expect(201);
    const [{ id }] = await t.db.query(`SELECT id FROM admin WHERE email = $1`, [email]);
    await request(t.http).put(`/api/admin/admins/${id}`).send({ status: 'active', role }).set(bearer(admin)).expect(200);
    return (await request(t.http).post('/api/auth/admin/login').send({ email, password: STRONG_PASSWORD }).expect(200)).body
      .accessToken as string;
  }
  let finance: string, moderator: string, support: string;
  beforeAll(async () => {
    [finance, moderator, support] = [await staff('finance'), await staff('moderator'), await staff('support')];
  });

  const signals = async (filter: Record<string, unknown>, token = admin.token): Promise<RiskSignal[]> =>
    adminList(t, token, '/api/admin/risk-signals', filter);
  const decide = (token: string, id: number, action: 'clear' | 'confirm', reason = 'Checked with the seller by phone') =>
    request(t.http).post(`/api/admin/risk-signals/${id}/${action}`).set(bearer(token)).send({ reason });

  /** A seller with a first payout account and a released order of `price` kobo (95% of it available). */
  const sellerWith = (price: number) => sellerWithReleasedOrder(t, paystack, price);
  const withdraw = (u: TestUser, amount: number) =>
    request(t.http)
      .post('/api/wallet/withdraw')
      .set(bearer(u.token))
      .send({ amount: String(amount) });
  /** Changes the seller's payout account, then moves the change `hoursAgo` into the past (past the 24 h change hold when > 24). */
  async function changeAccount(u: TestUser, hoursAgo: number) {
    await savePayoutAccount(t, paystack, u, 'ADAEZE OKAFOR', { numberBase: 2_000_000_000, bankCode: '057' });
    await t.db.query(
      `UPDATE payout_account SET payouts_hold_until = now() + interval '24 hours' - make_interval(hours => $2) WHERE user_id = $1`,
      [u.user.id, hoursAgo],
    );
  }

  describe('payout account changed, then a withdrawal within 48 h (holds withdrawals; finance decides)', () => {
    it('fires once and holds with its reason; roles are enforced; confirm keeps the hold, clear releases it; it is not raised again for the same change', async () => {
      const seller = await sellerWith(600_000);
      await changeAccount(seller, 30);
      const held = await withdraw(seller, 100_000).expect(409);
      expect(held.body.code).toBe('RISK_HOLD');
      expect(held.body.message).toMatch(/^Withdrawals are on hold: Your payout bank account was changed on .+ within 48 hours/);
      expect((await withdraw(seller, 100_000).expect(409)).body.code).toBe('RISK_HOLD');
      const [s, ...more] = await signals({ userId: seller.user.id, rule: 'payout_change_withdrawal' }, finance);
      expect(more).toEqual([]);
      expect(s).toMatchObject({ hold: 'withdrawal', state: 'open', targetType: 'user', targetId: seller.user.id, decider: 'finance' });
      const [bell] = await t.db.query(
        `SELECT title, body FROM notification WHERE user_id = $1 AND type = 'money' ORDER BY id DESC LIMIT 1`,
        [seller.user.id],
      );
      expect(bell).toMatchObject({ title: 'Your withdrawals are on hold for a check', body: s.reason });

      // Roles: support cannot open the queue; a moderator reads it but does not decide withdrawal holds.
      expect((await request(t.http).get('/api/admin/risk-signals').set(bearer(support)).expect(403)).body.code).toBe('ROLE_FORBIDDEN');
      expect((await decide(support, s.id, 'clear').expect(403)).body.code).toBe('ROLE_FORBIDDEN');
      expect((await decide(moderator, s.id, 'clear').expect(403)).body.code).toBe('ROLE_FORBIDDEN');
      await decide(finance, s.id, 'clear', '').expect(422);
      await decide(finance, 999999, 'clear').expect(404);

      // Confirm keeps the hold (and cannot be confirmed twice); clear releases it.
      expect((await decide(finance, s.id, 'confirm').expect(200)).body.state).toBe('confirmed');
      expect((await decide(finance, s.id, 'confirm').expect(409)).body.code).toBe('RISK_SIGNAL_CLOSED');
      expect((await withdraw(seller, 100_000).expect(409)).body.code).toBe('RISK_HOLD');
      expect((await decide(finance, s.id, 'clear', 'The seller confirmed the new account in person').expect(200)).body).toMatchObject({
        state: 'cleared',
        decisionReason: 'The seller confirmed the new account in person',
      });
      await withdraw(seller, 100_000).expect(201);
      expect(await signals({ userId: seller.user.id, rule: 'payout_change_withdrawal' })).toHaveLength(1); // the same change is not raised again

      const log = await request(t.http)
        .get('/api/admin/audit-log')
        .query({ filter: JSON.stringify({ targetType: 'risk-signals', targetId: String(s.id) }) })
        .set(bearer(admin))
        .expect(200);
      expect(log.body.map((e: { action: string }) => e.action).sort()).toEqual(['risk-signals.clear', 'risk-signals.confirm']);
      expect(log.body.find((e: { action: string }) => e.action === 'risk-signals.clear')).toMatchObject({
        reason: 'The seller confirmed the new account in person',
        before: { state: 'confirmed' },
      });
    });

    it('does not fire on a first payout account, on a change older than 48 h, and a hold also stops the automatic daily payout', async () => {
      const first = await sellerWith(300_000);
      await withdraw(first, 100_000).expect(201);
      const old = await sellerWith(300_000);
      await changeAccount(old, 72);
      await withdraw(old, 100_000).expect(201);
      expect(await signals({ rule: 'payout_change_withdrawal', userId: first.user.id })).toEqual([]);
      expect(await signals({ rule: 'payout_change_withdrawal', userId: old.user.id })).toEqual([]);

      const auto = await sellerWith(300_000);
      await changeAccount(auto, 25);
      await withdraw(auto, 100_000).expect(409);
      await request(t.http).put('/api/profile/payout-account/auto-payout').set(bearer(auto.token)).send({ enabled: true }).expect(200);
      const { PayoutsService } = await import('../src/modules/money/payouts.service');
      await t.app.get(PayoutsService).payDaily();
      expect(await t.db.query(`SELECT 1 FROM payout WHERE user_id = $1`, [auto.user.id])).toEqual([]);
    });
  });

  describe('a new account whose first listing is priced far above its category (holds the listing; moderators decide)', () => {
    let category: number;
    beforeAll(async () => {
      [{ id: category }] = await t.db.query(`INSERT INTO category (category_name, slug) VALUES ('Phones', 'risk-phones') RETURNING id`);
      const others = await Promise.all([1, 2, 3, 4, 5].map(() => registerUser(t)));
      // Five comparables of other sellers around ₦50,000: the median is ₦50,000.
      for (const [i, o] of others.entries()) {
        const p = await createProduct(t, o.user.id, { priceKobo: [4_000_000, 4_500_000, 5_000_000, 5_500_000, 6_000_000][i] });
        await t.db.query(`UPDATE product SET category_id = $2 WHERE id = $1`, [p.id, category]);
      }
    });
    const post = (u: TestUser, naira: number) =>
      postListing(t, u.token, {
        productName: 'iPhone 15 Pro Max',
        productPrice: String(naira),
        productLocation: 'Ikeja, Lagos',
        productCategoryID: String(category),
      }).expect(201);
    /** The listing as its seller sees it (a held or blocked listing is shown to its seller only). */
    const asSeller = async (u: TestUser, id: number) =>
      (await request(t.http).get(`/api/products/${id}`).set(bearer(u.token)).expect(200)).body.data;

    it('over 3× the median with 5+ comparables: held with its reason shown to the seller; clear puts it on sale, confirm blocks it', async () => {
      const scam = await registerUser(t);
      const listing = (await post(scam, 200_000)).body.data;
      expect(listing.productStatus).toBe('held');
      expect(listing.blockReason).toMatch(/priced at ₦200,000\.00, more than 3× the usual price in its category \(₦50,000\.00\)/);
      const [s] = await signals({ rule: 'new_account_price' }, moderator);
      expect(s).toMatchObject({
        targetType: 'product',
        targetId: listing.id,
        userId: scam.user.id,
        hold: 'listing',
        decider: 'moderator',
        details: { priceKobo: 20_000_000, medianKobo: 5_000_000, comparables: 5 },
      });
      const [bell] = await t.db.query(`SELECT title FROM notification WHERE user_id = $1 AND type = 'listing'`, [scam.user.id]);
      expect(bell.title).toBe('“iPhone 15 Pro Max” is held for a check');
      expect((await decide(finance, s.id, 'clear').expect(403)).body.code).toBe('ROLE_FORBIDDEN');
      await decide(moderator, s.id, 'clear').expect(200);
      expect(await asSeller(scam, listing.id)).toMatchObject({ productStatus: 'active', blockReason: null });

      const other = await registerUser(t);
      const second = (await post(other, 180_000)).body.data;
      const [s2] = await signals({ rule: 'new_account_price', state: 'open' });
      expect(s2.targetId).toBe(second.id);
      await decide(admin.token, s2.id, 'confirm', 'Fake listing: the photos are from a shop website').expect(200); // owner decides everything
      expect(await asSeller(other, second.id)).toMatchObject({
        productStatus: 'blocked',
        blockReason: 'Fake listing: the photos are from a shop website',
      });
    });

    it('dismissing reports of a listing a risk rule holds does not put it back on sale (the risk queue decides)', async () => {
      const scam = await registerUser(t);
      const listing = (await post(scam, 300_000)).body.data;
      expect(listing.productStatus).toBe('held');
      await request(t.http)
        .post('/api/reports')
        .set(bearer((await registerUser(t)).token))
        .send({ targetType: 'product', targetId: listing.id, reason: 'scam' })
        .expect(201);
      const [report] = await adminList(t, moderator, '/api/admin/reports', { targetType: 'product', targetId: listing.id });
      await request(t.http)
        .put(`/api/admin/reports/${report.id}`)
        .set(bearer(moderator))
        .send({ action: 'dismiss', reason: 'Nothing wrong with the photos' })
        .expect(200);
      expect((await asSeller(scam, listing.id)).productStatus).toBe('held');
    });

    it('does not fire at 3× or less, with fewer than 5 comparables, for an account older than 7 days, or on a second listing', async () => {
      const before = (await signals({ rule: 'new_account_price' })).length;
      expect((await post(await registerUser(t), 150_000)).body.data.productStatus).toBe('active'); // exactly 3×
      const old = await registerUser(t);
      await t.db.query(`UPDATE app_user SET created_at = now() - interval '8 days' WHERE id = $1`, [old.user.id]);
      expect((await post(old, 400_000)).body.data.productStatus).toBe('active');
      const seasoned = await registerUser(t);
      await post(seasoned, 50_000);
      expect((await post(seasoned, 400_000)).body.data.productStatus).toBe('active');
      const [{ id: rare }] = await t.db.query(`INSERT INTO category (category_name, slug) VALUES ('Rare', 'risk-rare') RETURNING id`);
      const few = await registerUser(t);
      const res = await postListing(t, few.token, {
        productName: 'Vintage camera',
        productPrice: '900000',
        productLocation: 'Lagos',
        productCategoryID: String(rare),
      }).expect(201);
      expect(res.body.data.productStatus).toBe('active');
      expect(await signals({ rule: 'new_account_price' })).toHaveLength(before);
    });
  });

  it('3+ chat warnings from one sender in a day: one signal (not at 2); it holds nothing', async () => {
    const seller = await registerUser(t);
    const buyer = await registerUser(t);
    const p = await createProduct(t, seller.user.id);
    const c = (await request(t.http).post('/api/conversations').set(bearer(buyer.token)).send({ productId: p.id }).expect(201)).body.data
      .id;
    const send = (text: string) =>
      request(t.http).post(`/api/conversations/${c}/messages`).set(bearer(seller.token)).send({ text }).expect(201);
    await send('Is it still available? Yes o, ₦45,000 last price');
    await send('Call me 08031234567');
    await send('Pay to my account 0123456789');
    expect(await signals({ rule: 'chat_warnings', userId: seller.user.id })).toEqual([]);
    await send('Abeg pay am direct, avoid Kasuwa charges');
    await send('Send money to my opay 8031234567');
    const list = await signals({ rule: 'chat_warnings', userId: seller.user.id });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ hold: 'none', state: 'open', targetType: 'user', targetId: seller.user.id });
    expect(list[0].reason).toMatch(/^3 chat messages in a day asked the other side to pay or reach them outside Kasuwa/);
  });

  it('a listing reported: one open signal however many reports; reports of users do not raise it; confirming blocks the listing', async () => {
    const seller = await registerUser(t);
    const p = await createProduct(t, seller.user.id);
    const [a, b] = [await registerUser(t), await registerUser(t)];
    await request(t.http)
      .post('/api/reports')
      .set(bearer(a.token))
      .send({ targetType: 'product', targetId: p.id, reason: 'scam' })
      .expect(201);
    await request(t.http)
      .post('/api/reports')
      .set(bearer(b.token))
      .send({ targetType: 'product', targetId: p.id, reason: 'prohibited' })
      .expect(201);
    await request(t.http)
      .post('/api/reports')
      .set(bearer(a.token))
      .send({ targetType: 'user', targetId: seller.user.id, reason: 'scam' })
      .expect(201);
    const list = await signals({ rule: 'listing_reported' });
    const mine = list.filter((s) => s.userId === seller.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      targetType: 'product',
      targetId: p.id,
      hold: 'none',
      reason: 'The listing was reported by a user (scam).',
    });
    expect((await decide(finance, mine[0].id, 'confirm').expect(403)).body.code).toBe('ROLE_FORBIDDEN');
    await decide(moderator, mine[0].id, 'confirm', 'Counterfeit goods').expect(200);
    const [row] = await t.db.query(`SELECT status, block_reason FROM product WHERE id = $1`, [p.id]);
    expect(row).toEqual({ status: 'blocked', block_reason: 'Counterfeit goods' });
  });

  it('a seller with 2+ orders cancelled for a missed ship-by deadline in 30 days (the sweep); not at 1 or older ones; once', async () => {
    const risk = t.app.get(RiskService);
    const buyer = await registerUser(t);
    /** An order of the seller cancelled by the system for a missed ship-by deadline `daysAgo` days ago (see MISSED_SHIP_BY_SQL's assumption). */
    async function missed(seller: TestUser, daysAgo: number) {
      const p = await createProduct(t, seller.user.id);
      const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
      const id = placed.orders[0].id;
      // Cancelled through the real path (money rules hold); the history row is the ship-by job's marker.
      await request(t.http)
        .patch(`/api/orders/${id}/update/status`)
        .set(bearer(buyer.token))
        .send({ paymentStatus: 'cancelled_by_buyer' })
        .expect(200);
      await t.db.query(
        `INSERT INTO order_status_history (order_id, from_status, to_status, actor_kind, reason, created_at) VALUES ($1, 'paid', 'cancelled', 'system', 'Not shipped by the ship-by deadline: refunded in full.', now() - make_interval(days => $2))`,
        [id, daysAgo],
      );
    }
    const late = await registerUser(t);
    const once = await registerUser(t);
    await missed(late, 1);
    await missed(late, 20);
    await missed(once, 2);
    await missed(once, 40);
    await risk.sweepMissedShipBy();
    await risk.sweepMissedShipBy();
    const list = await signals({ rule: 'missed_ship_by' });
    expect(list.map((s) => s.userId)).toEqual([late.user.id]);
    expect(list[0]).toMatchObject({ hold: 'none', details: { missed: 2 } });
  });

  it('lists in ra-data-simple-rest form: filters by rule and state, Content-Range, one signal by id', async () => {
    const res = await request(t.http)
      .get('/api/admin/risk-signals')
      .query({ filter: JSON.stringify({ state: 'cleared' }), range: '[0,0]', sort: '["createdAt","DESC"]' })
      .set(bearer(finance))
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^risk-signals 0-0\/\d+$/);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].state).toBe('cleared');
    const one = await request(t.http).get(`/api/admin/risk-signals/${res.body[0].id}`).set(bearer(moderator)).expect(200);
    expect(one.body.id).toBe(res.body[0].id);
    await request(t.http).get('/api/admin/risk-signals/999999').set(bearer(moderator)).expect(404);
    expect(await signals({ rule: 'no-such-rule', state: 'open' })).toEqual(await signals({ state: 'open' }));
  });
});
