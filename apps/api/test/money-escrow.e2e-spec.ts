import request from 'supertest';
import { Clock } from '../src/modules/money/clock';
import { EscrowService } from '../src/modules/money/escrow.service';
import { bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { makeImage } from './utils/images';
import { initializePayment, moneyAppPerFile, openDispute, paidOrder as payOrder } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';

type User = Awaited<ReturnType<typeof registerUser>>;

/** Commission frozen at checkout, escrow held on payment, released by the buyer or at releaseAt (RELEASE_AFTER), disputes and refunds. */
describe('escrow, commission, disputes and refunds (ledger)', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
    admin,
  } = moneyAppPerFile(paystack, { users: [{}, {}], admin: true });

  /** A paid order of one product in `categoryId`. */
  const paidOrder = (priceKobo = 1_000_000, categoryId: number | null = null) =>
    payOrder(t, paystack, seller, buyer, { priceKobo, quantity: 5, categoryId });
  const move = (token: string, id: number, to: string, reason?: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to, reason });
  async function deliver(id: number) {
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller.token, id, to).expect(200);
  }
  const wallet = async (u: User) => (await request(t.http).get('/api/wallet').set(bearer(u.token)).expect(200)).body.data;
  const commissionEarned = async () =>
    Number(
      (
        await t.db.query(
          `SELECT coalesce(sum(p.amount_kobo),0) AS s FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id WHERE a.code = 'kasuwa_commission'`,
        )
      )[0].s,
    );

  it('payment puts the order total in escrow; the buyer completing releases it less the frozen commission', async () => {
    const before = await commissionEarned();
    const { orderId } = await paidOrder(1_000_000);
    expect(await wallet(seller)).toEqual({ held: '1000000', available: '0', paidOut: '0', pendingPayout: '0', owed: '0' });
    await deliver(orderId);
    await move(buyer.token, orderId, 'received_by_buyer').expect(200);
    expect(await wallet(seller)).toMatchObject({ held: '0', available: '950000' });
    expect((await commissionEarned()) - before).toBe(50_000);
    await move(buyer.token, orderId, 'completed').expect(200); // released once only
    expect(await wallet(seller)).toMatchObject({ available: '950000' });
    const entries = (await request(t.http).get('/api/wallet/entries').set(bearer(seller.token)).expect(200)).body;
    expect(entries.data.map((e: { kind: string; account: string; amount: string }) => `${e.kind}/${e.account}/${e.amount}`)).toEqual(
      expect.arrayContaining(['sale/held/1000000', 'commission/held/-50000', 'release/available/950000']),
    );
  });

  it('per-category rates cover sub-categories and are frozen on the order at checkout', async () => {
    const [phones] = await t.db.query(`INSERT INTO category (category_name, slug) VALUES ('Phones', 'phones-m') RETURNING id`);
    const [android] = await t.db.query(
      `INSERT INTO category (category_name, slug, parent_category_id) VALUES ('Android', 'android-m', $1) RETURNING id`,
      [phones.id],
    );
    const created = await request(t.http)
      .post('/api/admin/commission-rates')
      .set(bearer(admin))
      .send({ categoryId: phones.id, rateBp: 800 })
      .expect(201);
    expect(created.body).toMatchObject({ categoryId: phones.id, categoryName: 'Phones', rateBp: 800 });
    await request(t.http).post('/api/admin/commission-rates').set(bearer(admin)).send({ categoryId: phones.id, rateBp: 900 }).expect(409);
    const list = await request(t.http).get('/api/admin/commission-rates').set(bearer(admin)).expect(200);
    expect(list.headers['content-range']).toMatch(/^commission-rates 0-1\/2$/);
    // A sort name that is no column, even one every object has, sorts by id instead of reaching the SQL.
    for (const name of ['hasOwnProperty', 'constructor', 'nope']) {
      const sorted = await request(t.http)
        .get('/api/admin/commission-rates')
        .query({ sort: JSON.stringify([name, 'ASC']) })
        .set(bearer(admin));
      expect([name, sorted.status, sorted.body.map?.((r: { id: number }) => r.id)]).toEqual([
        name,
        200,
        [...list.body.map((r: { id: number }) => r.id)].sort((a, b) => a - b),
      ]);
    }
    const { orderId } = await paidOrder(2_000_000, android.id);
    // Changing the rate after checkout does not change the order's commission.
    await request(t.http).put(`/api/admin/commission-rates/${created.body.id}`).set(bearer(admin)).send({ rateBp: 2000 }).expect(200);
    const [o] = await t.db.query(`SELECT commission_kobo FROM "order" WHERE id = $1`, [orderId]);
    expect(o.commission_kobo).toBe('160000');
    const avail = Number((await wallet(seller)).available);
    await deliver(orderId);
    await move(buyer.token, orderId, 'received_by_buyer').expect(200);
    expect(Number((await wallet(seller)).available) - avail).toBe(1_840_000);
  });

  it(`releases automatically RELEASE_AFTER (7 days) after delivery (controllable clock), never with an open dispute`, async () => {
    const a = await paidOrder(500_000);
    const b = await paidOrder(700_000);
    await deliver(a.orderId);
    await deliver(b.orderId);
    await openDispute(t, buyer, b.orderId, 'damaged', 'The screen is cracked.').expect(201);
    const escrow = t.app.get(EscrowService);
    const clock = t.app.get(Clock);
    const day = 86_400_000;
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 6 * day));
    expect(await escrow.releaseDue()).toEqual([]);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 7 * day + 60_000));
    expect(await escrow.releaseDue()).toEqual([a.orderId]);
    expect(await escrow.releaseDue()).toEqual([]);
    jest.restoreAllMocks();
    const [ra, rb] = await t.db.query(`SELECT released_at FROM "order" WHERE id = ANY($1) ORDER BY id`, [[a.orderId, b.orderId]]);
    expect(ra.released_at).not.toBeNull();
    expect(rb.released_at).toBeNull();
  });

  it('dispute → seller answers → admin refunds → refund.processed: held money gone to the buyer, no commission', async () => {
    const before = await commissionEarned();
    const heldBefore = Number((await wallet(seller)).held);
    const { orderId, reference } = await paidOrder(1_200_000);
    await deliver(orderId);
    await openDispute(t, seller, orderId, 'other', 'Not mine to open').expect(404);
    const opened = await openDispute(t, buyer, orderId, 'not_as_described', 'It is a different model.').expect(201);
    await openDispute(t, buyer, orderId, 'other', 'Again and again').expect(409);
    await request(t.http)
      .post(`/api/orders/${orderId}/dispute/reply`)
      .set(bearer(seller.token))
      .send({ text: 'It is the model listed.' })
      .expect(201);
    const seen = await request(t.http).get(`/api/orders/${orderId}/dispute`).set(bearer(buyer.token)).expect(200);
    expect(seen.body.data).toMatchObject({ status: 'open', sellerReply: 'It is the model listed.' });
    const queue = await request(t.http)
      .get('/api/admin/disputes')
      .query({ filter: JSON.stringify({ status: 'open' }) })
      .set(bearer(admin))
      .expect(200);
    expect(queue.body.map((d: { id: number }) => d.id)).toContain(opened.body.data.id);

    await request(t.http)
      .put(`/api/admin/disputes/${opened.body.data.id}`)
      .set(bearer(admin))
      .send({ decision: 'refund', reason: 'Wrong model shipped' })
      .expect(200);
    const [refund] = await t.db.query(`SELECT * FROM refund WHERE order_id = $1`, [orderId]);
    expect(refund).toMatchObject({ status: 'pending', amount_kobo: '1200000', payment_reference: reference });
    expect(Number((await wallet(seller)).held)).toBe(heldBefore);
    const id = Number(refund.paystack_id);
    paystack.settleRefund(id, 'processed');
    // Duplicates and a late failure after processing apply once.
    for (let i = 0; i < 10; i++) await paystack.sendEvent(t.http, 'refund.processed', paystack.refundData(id)).expect(200);
    await paystack.sendEvent(t.http, 'refund.failed', { ...paystack.refundData(id), status: 'failed' }).expect(200);
    expect((await t.db.query(`SELECT status FROM refund WHERE id = $1`, [refund.id]))[0].status).toBe('processed');
    // The buyer is told once (the trust between strangers rule's 'money' notifications), in the bell and by e-mail.
    const told = (await request(t.http).get('/api/notifications').set(bearer(buyer.token)).expect(200)).body.data.filter(
      (n: { type: string }) => n.type === 'money',
    );
    expect(told).toEqual([expect.objectContaining({ title: 'Your refund of ₦12,000.00 was sent', link: `/orders/${orderId}/buyer` })]);
    expect(await commissionEarned()).toBe(before);
    const [hist] = await t.db.query(`SELECT to_status, reason FROM order_status_history WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, [
      orderId,
    ]);
    expect(hist).toMatchObject({ to_status: 'need_refund', reason: expect.stringContaining('Wrong model shipped') });
  });

  it('dispute photos (multipart) are checked like listing photos and shown to the seller and admins, not to others', async () => {
    const { orderId } = await paidOrder(400_000);
    await deliver(orderId);
    const open = () =>
      request(t.http)
        .post(`/api/orders/${orderId}/dispute`)
        .set(bearer(buyer.token))
        .field('reason', 'damaged')
        .field('text', 'The lid is broken, see photos.');
    const jpeg = await makeImage('jpeg', 900, 600, 6);
    const fake = await open().attach('photos', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.jpg').expect(422);
    expect(fake.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    let six = open();
    for (let i = 0; i < 6; i++) six = six.attach('photos', jpeg, `p${i}.jpg`);
    expect((await six.expect(422)).body.error).toEqual([{ field: 'photos', message: 'A dispute can have at most 5 photos' }]);
    expect(await t.db.query(`SELECT 1 FROM dispute WHERE order_id = $1`, [orderId])).toHaveLength(0);
    const opened = await open()
      .attach('photos', jpeg, 'lid.jpg')
      .attach('photos', await makeImage('png', 300, 300), 'box.png')
      .expect(201);
    expect(opened.body.data.photos).toHaveLength(2);
    const [photo] = opened.body.data.photos;
    expect(photo).toEqual({
      imageUrl: expect.stringMatching(/^\/uploads\/disputes\/\d+\/.+\/1200\.webp$/),
      thumbnailUrl: expect.stringMatching(/400\.webp$/),
    });
    const served = await request(t.http).get(photo.imageUrl).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const asSeller = await request(t.http).get(`/api/orders/${orderId}/dispute`).set(bearer(seller.token)).expect(200);
    expect(asSeller.body.data.photos).toEqual(opened.body.data.photos);
    const asAdmin = await request(t.http).get(`/api/admin/disputes/${opened.body.data.id}`).set(bearer(admin)).expect(200);
    expect(asAdmin.body.photos).toEqual(opened.body.data.photos);
    const stranger = await registerUser(t);
    await request(t.http).get(`/api/orders/${orderId}/dispute`).set(bearer(stranger.token)).expect(404);
    await request(t.http)
      .put(`/api/admin/disputes/${opened.body.data.id}`)
      .set(bearer(admin))
      .send({ decision: 'release', reason: 'Damage was in transit insurance' })
      .expect(200);
  });

  it('partial refund: commission only on the part released; a failed refund is held again', async () => {
    const before = await commissionEarned();
    const { orderId } = await paidOrder(1_000_000);
    await deliver(orderId);
    const d = await openDispute(t, buyer, orderId, 'damaged', 'Box crushed, one item broken.').expect(201);
    const avail = Number((await wallet(seller)).available);
    await request(t.http)
      .put(`/api/admin/disputes/${d.body.data.id}`)
      .set(bearer(admin))
      .send({ decision: 'partial_refund', amount: '400000', reason: 'Half broken' })
      .expect(200);
    expect(Number((await wallet(seller)).available) - avail).toBe(570_000); // 600,000 less 5%
    expect((await commissionEarned()) - before).toBe(30_000);
    const [refund] = await t.db.query(`SELECT * FROM refund WHERE order_id = $1`, [orderId]);
    await paystack.sendEvent(t.http, 'refund.failed', { ...paystack.refundData(Number(refund.paystack_id)), status: 'failed' }).expect(200);
    expect((await t.db.query(`SELECT status FROM refund WHERE id = $1`, [refund.id]))[0].status).toBe('failed');
    expect((await t.db.query(`SELECT balance_kobo FROM ledger_account WHERE code = $1`, [`escrow:${orderId}`]))[0].balance_kobo).toBe(
      '400000',
    );
  });

  it('the dashboard shows GMV, commission earned, escrow held and refunds from the ledger', async () => {
    const stats = (await request(t.http).get('/api/inner/admin/dashboard/stats').set(bearer(admin)).expect(200)).body.stats;
    const [db] = await t.db.query(`SELECT (SELECT sum(balance_kobo) FROM ledger_account WHERE kind = 'escrow') AS escrow,
                                          (SELECT sum(amount_kobo) FROM refund WHERE status = 'processed') AS refunded`);
    expect(stats.money).toMatchObject({
      gmv: stats.revenue,
      commissionEarned: ((await commissionEarned()) / 100).toFixed(2),
      escrowHeld: (Number(db.escrow) / 100).toFixed(2),
      refunded: (Number(db.refunded) / 100).toFixed(2),
    });
    expect(Number(stats.money.commissionEarned)).toBeGreaterThan(0);
    expect(stats.money.commission.daily).toBe(stats.money.commissionEarned);
  });

  it('a payment that paid nothing (refund_due) is refunded once by an admin through /refund', async () => {
    const p = await createProduct(t, seller.user.id, { priceKobo: 800_000, quantity: 1 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
    paystack.pay(reference);
    paystack.tamper(reference, { amount: 500_000, requestedAmount: 500_000 });
    await paystack.sendWebhook(t.http, reference).expect(200);
    expect((await t.db.query(`SELECT needs_refund FROM payment_transaction WHERE reference = $1`, [reference]))[0].needs_refund).toBe(true);
    const r = await request(t.http)
      .post('/api/admin/refunds')
      .set(bearer(admin))
      .send({ paymentReference: reference, reason: 'Paid after the checkout was cancelled' })
      .expect(201);
    expect(r.body).toMatchObject({ orderId: null, amount: '500000', status: 'pending', paymentReference: reference });
    expect(
      (
        await request(t.http)
          .post('/api/admin/refunds')
          .set(bearer(admin))
          .send({ paymentReference: reference, reason: 'Paid after the checkout was cancelled' })
          .expect(409)
      ).body.code,
    ).toBe('REFUND_EXISTS');
    const [row] = await t.db.query(`SELECT paystack_id FROM refund WHERE id = $1`, [r.body.id]);
    await paystack
      .sendEvent(t.http, 'refund.processed', { ...paystack.refundData(Number(row.paystack_id)), status: 'processed' })
      .expect(200);
    expect((await t.db.query(`SELECT status FROM refund WHERE id = $1`, [r.body.id]))[0].status).toBe('processed');
    expect((await t.db.query(`SELECT balance_kobo FROM ledger_account WHERE code = 'unapplied_payments'`))[0].balance_kobo).toBe('0');
  });

  it('a paid order cancelled before shipment is refunded in full through /refund', async () => {
    const { orderId, reference } = await paidOrder(300_000);
    await move(buyer.token, orderId, 'cancelled_by_buyer').expect(200);
    const sent = paystack.requests.filter((r) => r.path === '/refund').at(-1)!;
    expect(sent.body).toMatchObject({ transaction: reference, amount: 300_000, currency: 'NGN' });
    const [refund] = await t.db.query(`SELECT status FROM refund WHERE order_id = $1`, [orderId]);
    expect(refund.status).toBe('pending');
  });
});
