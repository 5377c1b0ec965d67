import request from 'supertest';
import { adminList, bearer, registerUser, type TestUser as User } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { appPerFile, type TestApp } from './utils/test-app';

/** Established, verified accounts (120 days, e-mail verified): each report weighs 1.0. */
const established = (app: TestApp) =>
  app.db.query(`UPDATE app_user SET created_at = now() - interval '120 days', email_verified_at = now()`);

/**
 * docs/trust.md "Reports": one open report per reporter and target; 3 different reporters whose reports count
 * hold a listing. Only verified accounts count (e-mail or phone verified), so the accounts made here are verified and
 * aged 120 days (each report then weighs 1.0 and three reach REPORT_HOLD_WEIGHT).
 */
describe('reports and moderation', () => {
  const {
    t,
    users: [seller, r1, r2, r3],
    admin,
  } = appPerFile({
    users: [{ firstName: 'Sly', lastName: 'Seller' }, {}, {}, {}],
    admin: true,
    ready: established,
  });

  const report = (who: User, body: Record<string, unknown>) => request(t.http).post('/api/reports').set(bearer(who.token)).send(body);
  const searchIds = async (q: string) =>
    (await request(t.http).get('/api/products').query({ search: q }).expect(200)).body.data.map((p: { id: number }) => p.id);
  const notes = async (who: User) => (await request(t.http).get('/api/notifications').set(bearer(who.token)).expect(200)).body.data;

  it('needs a user; validates the reason and the target', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Zebra print bag' });
    await request(t.http).post('/api/reports').send({ targetType: 'product', targetId: p.id, reason: 'scam' }).expect(401);
    await request(t.http)
      .post('/api/reports')
      .set(bearer(admin))
      .send({ targetType: 'product', targetId: p.id, reason: 'scam' })
      .expect(401);
    await report(r1, { targetType: 'product', targetId: p.id, reason: 'because' }).expect(422);
    await report(r1, { targetType: 'order', targetId: p.id, reason: 'scam' }).expect(422);
    await report(r1, { targetType: 'product', targetId: 999999, reason: 'scam' }).expect(404);
    await report(r1, { targetType: 'user', targetId: 999999, reason: 'scam' }).expect(404);
    await report(r1, { targetType: 'conversation', targetId: 999999, reason: 'scam' }).expect(404);
    await report(seller, { targetType: 'product', targetId: p.id, reason: 'scam' }).expect(422); // own listing
    await report(r1, { targetType: 'user', targetId: r1.user.id, reason: 'offensive' }).expect(422); // oneself
  });

  it('one open report per reporter and target', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Yam pounder' });
    await report(r1, { targetType: 'product', targetId: p.id, reason: 'scam', text: 'Asked me to pay by transfer' }).expect(201);
    expect((await report(r1, { targetType: 'product', targetId: p.id, reason: 'other' }).expect(409)).body.message).toMatch(
      /already reported/,
    );
    // Together: one wins.
    const both = await Promise.all([
      report(r2, { targetType: 'user', targetId: seller.user.id, reason: 'scam' }),
      report(r2, { targetType: 'user', targetId: seller.user.id, reason: 'scam' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('a listing reported by 3 different users leaves search until an admin decides; dismissing restores it and tells each reporter', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Quokka plush toy' });
    expect(await searchIds('quokka')).toEqual([p.id]);
    await report(r1, { targetType: 'product', targetId: p.id, reason: 'prohibited' }).expect(201);
    await report(r2, { targetType: 'product', targetId: p.id, reason: 'scam' }).expect(201);
    expect(await searchIds('quokka')).toEqual([p.id]); // two are not enough
    await report(r3, { targetType: 'product', targetId: p.id, reason: 'scam', text: 'Fake' }).expect(201);
    expect(await searchIds('quokka')).toEqual([]);
    await request(t.http).get(`/api/products/${p.id}`).expect(404);
    expect((await t.db.query(`SELECT status FROM product WHERE id = $1`, [p.id]))[0].status).toBe('held');
    expect((await notes(seller))[0]).toMatchObject({ type: 'listing', title: '“Quokka plush toy” is held for review' });
    // The seller cannot put it back on sale.
    await request(t.http)
      .put(`/api/products/${p.id}`)
      .set(bearer(seller.token))
      .field('productStatus', 'active')
      .expect((r) => expect(r.status).toBeLessThan(500));
    expect((await t.db.query(`SELECT status FROM product WHERE id = $1`, [p.id]))[0].status).toBe('held');

    const queue = await request(t.http)
      .get('/api/admin/reports')
      .query({ filter: JSON.stringify({ status: 'open', targetType: 'product', targetId: p.id }), range: '[0,9]' })
      .set(bearer(admin))
      .expect(200);
    expect(queue.headers['content-range']).toBe('reports 0-2/3');
    expect(queue.body[0]).toMatchObject({
      targetType: 'product',
      targetId: p.id,
      openReporters: 3,
      target: { title: 'Quokka plush toy', status: 'held', userId: seller.user.id },
    });
    const detail = (await request(t.http).get(`/api/admin/reports/${queue.body[0].id}`).set(bearer(admin)).expect(200)).body;
    expect(detail.history.map((h: { reason: string }) => h.reason)).toEqual(['prohibited', 'scam', 'scam']);
    await request(t.http).get(`/api/admin/reports/${queue.body[0].id}`).set(bearer(r1.token)).expect(401);

    await request(t.http).put(`/api/admin/reports/${queue.body[0].id}`).set(bearer(admin)).send({ action: 'dismiss' }).expect(422);
    await request(t.http).put(`/api/admin/reports/${queue.body[0].id}`).set(bearer(admin)).send({ action: 'ban', reason: 'x' }).expect(422);
    const decided = (
      await request(t.http)
        .put(`/api/admin/reports/${queue.body[0].id}`)
        .set(bearer(admin))
        .send({ action: 'dismiss', reason: 'The toy is allowed; the seller showed a receipt.' })
        .expect(200)
    ).body;
    expect(decided.history.every((h: { status: string; action: string }) => h.status === 'resolved' && h.action === 'dismiss')).toBe(true);
    expect(await searchIds('quokka')).toEqual([p.id]);
    for (const who of [r1, r2, r3]) {
      expect((await notes(who))[0]).toMatchObject({
        type: 'report',
        title: 'Your report: No action needed',
        body: expect.stringContaining('seller showed a receipt'),
      });
    }
    const mails = await t.db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE subject = 'Your report: No action needed'`);
    expect(mails[0].n).toBe(3);
    // Reporting again after a decision is a new open report, recorded for the queue but weighing nothing for 30 days.
    await report(r1, { targetType: 'product', targetId: p.id, reason: 'other' }).expect(201);
    const [again] = await adminList(t, admin, '/api/admin/reports', { status: 'open', targetType: 'product', targetId: p.id });
    expect(again).toMatchObject({ reporter: { id: r1.user.id }, weight: 0 });
  });

  it('block listing and suspend user act on the target with the reason', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Fake rolex watch' });
    await report(r1, { targetType: 'product', targetId: p.id, reason: 'scam' }).expect(201);
    const [row] = await adminList(t, admin, '/api/admin/reports', { targetId: p.id, targetType: 'product' });
    await request(t.http)
      .put(`/api/admin/reports/${row.id}`)
      .set(bearer(admin))
      .send({ action: 'block_listing', reason: 'Counterfeit goods are not allowed.' })
      .expect(200);
    expect((await t.db.query(`SELECT status, block_reason FROM product WHERE id = $1`, [p.id]))[0]).toEqual({
      status: 'blocked',
      block_reason: 'Counterfeit goods are not allowed.',
    });
    expect((await notes(r1))[0].title).toBe('Your report: Listing blocked');

    const villain = await registerUser(t);
    await report(r2, { targetType: 'user', targetId: villain.user.id, reason: 'offensive', text: 'Insults' }).expect(201);
    const [u] = await adminList(t, admin, '/api/admin/reports', { targetId: villain.user.id, targetType: 'user' });
    await request(t.http).put(`/api/admin/reports/${u.id}`).set(bearer(admin)).send({ action: 'block_listing', reason: 'x' }).expect(422);
    await request(t.http)
      .put(`/api/admin/reports/${u.id}`)
      .set(bearer(admin))
      .send({ action: 'suspend_user', reason: 'Abusive messages.' })
      .expect(200);
    await request(t.http).get('/api/profile/me').set(bearer(villain.token)).expect(401);
    await request(t.http).put('/api/admin/reports/999999').set(bearer(admin)).send({ action: 'dismiss', reason: 'x' }).expect(404);
  });
});

/**
 * The attack that gamed the automatic hold: three throw-away accounts made in a minute hid any listing, re-hid it as
 * soon as an admin dismissed their reports, and could hold every listing of a shop.
 */
describe('reports cannot be gamed', () => {
  const {
    t,
    users: [seller, v1, v2, v3],
    admin,
  } = appPerFile({
    users: [{ firstName: 'Shop', lastName: 'Owner' }, {}, {}, {}],
    admin: true,
    ready: established,
  });
  const report = (who: User, productId: number) =>
    request(t.http).post('/api/reports').set(bearer(who.token)).send({ targetType: 'product', targetId: productId, reason: 'scam' });
  const status = async (id: number) => (await t.db.query(`SELECT status FROM product WHERE id = $1`, [id]))[0].status;
  const openReports = async (id: number) =>
    (await adminList(t, admin, '/api/admin/reports', { status: 'open', targetType: 'product', targetId: id })) as {
      id: number;
      weight: number;
    }[];

  it('three accounts made in a minute cannot hide a listing (recorded for the queue, weighing 0)', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Ankara fabric bundle' });
    const fresh = [await registerUser(t), await registerUser(t), await registerUser(t)];
    for (const who of fresh) await report(who, p.id).expect(201);
    expect(await status(p.id)).toBe('active');
    expect(
      (await request(t.http).get('/api/products').query({ search: 'ankara' }).expect(200)).body.data.map((x: { id: number }) => x.id),
    ).toEqual([p.id]);
    expect((await openReports(p.id)).map((r) => r.weight)).toEqual([0, 0, 0]);
    // Once verified (e-mail), the accounts count, but young accounts weigh less: three are not enough.
    await t.db.query(`UPDATE app_user SET created_at = now() - interval '8 days', email_verified_at = now() WHERE id = ANY($1)`, [
      fresh.map((f) => f.user.id),
    ]);
    const q = await createProduct(t, seller.user.id, { name: 'Ankara fabric roll' });
    for (const who of fresh) await report(who, q.id).expect(201);
    expect(await status(q.id)).toBe('active');
    expect((await openReports(q.id)).every((r) => r.weight > 0 && r.weight < 1)).toBe(true);
  });

  it('dismissed reporters cannot re-hide the listing for 30 days', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Gele headwrap' });
    for (const who of [v1, v2, v3]) await report(who, p.id).expect(201);
    expect(await status(p.id)).toBe('held');
    const [first] = await openReports(p.id);
    await request(t.http)
      .put(`/api/admin/reports/${first.id}`)
      .set(bearer(admin))
      .send({ action: 'dismiss', reason: 'Genuine item.' })
      .expect(200);
    expect(await status(p.id)).toBe('active');
    for (const who of [v1, v2, v3]) await report(who, p.id).expect(201);
    expect(await status(p.id)).toBe('active');
    expect((await openReports(p.id)).map((r) => r.weight)).toEqual([0, 0, 0]);

    // 31 days after the dismissal their reports count again.
    const [again] = await openReports(p.id);
    await request(t.http)
      .put(`/api/admin/reports/${again.id}`)
      .set(bearer(admin))
      .send({ action: 'dismiss', reason: 'Still genuine.' })
      .expect(200);
    await t.db.query(
      `UPDATE report SET decided_at = now() - interval '31 days', created_at = now() - interval '31 days' WHERE target_id = $1`,
      [p.id],
    );
    for (const who of [v1, v2, v3]) await report(who, p.id).expect(201);
    expect(await status(p.id)).toBe('held');
  });

  it('one group cannot hold all of a seller’s listings', async () => {
    const shop = await registerUser(t);
    const listings = [];
    for (const name of ['Agbada gown', 'Aso oke cap', 'Beaded necklace', 'Leather sandals'])
      listings.push(await createProduct(t, shop.user.id, { name }));
    for (const p of listings) for (const who of [v1, v2, v3]) await report(who, p.id).expect(201);
    expect(await Promise.all(listings.map((p) => status(p.id)))).toEqual(['held', 'held', 'active', 'active']);
    expect((await openReports(listings[3].id)).map((r) => r.weight)).toEqual([0, 0, 0]);
    // Another seller's listing still counts for the same reporters.
    const other = await createProduct(t, seller.user.id, { name: 'Kente scarf' });
    for (const who of [v1, v2, v3]) await report(who, other.id).expect(201);
    expect(await status(other.id)).toBe('held');
  });
});
