import request from 'supertest';
import { adminToken, bearer } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';

/** The notification centre, per-type e-mail preferences honoured, unsubscribe without signing in. */
describe('notifications', () => {
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ users: [{}, {}] });

  const list = (token: string) => request(t.http).get('/api/notifications').set(bearer(token)).expect(200);
  const mails = async (to: string, like: string) =>
    (await t.db.query(`SELECT subject, body FROM mail_outbox WHERE recipient = $1 AND subject LIKE $2 ORDER BY id`, [to, like])) as {
      subject: string;
      body: string;
    }[];

  async function completedOrder(): Promise<number> {
    const p = await createProduct(t, seller.user.id, { quantity: 10 });
    const id = (await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }])).orders[0].id;
    await t.db.query(`UPDATE "order" SET status = 'completed', payment_status = 'paid', paid_at = now() WHERE id = $1`, [id]);
    return id;
  }

  it('needs a user token; an admin token is not a user', async () => {
    await request(t.http).get('/api/notifications').expect(401);
    await request(t.http)
      .get('/api/notifications')
      .set(bearer(await adminToken(t)))
      .expect(401);
  });

  it('an order status change and a rating land in the bell; unread count and mark-read', async () => {
    const p = await createProduct(t, seller.user.id, { quantity: 10 });
    const orderId = (await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }])).orders[0].id;
    await t.db.query(`UPDATE "order" SET status = 'paid', payment_status = 'paid', paid_at = now() WHERE id = $1`, [orderId]);
    await request(t.http)
      .patch(`/api/orders/${orderId}/update/status`)
      .set(bearer(seller.token))
      .send({ paymentStatus: 'accepted_by_seller' })
      .expect(200);
    const mine = (await list(buyer.token)).body;
    expect(mine.meta.unread).toBe(1);
    expect(mine.data[0]).toMatchObject({ type: 'order', read: false, link: `/orders/${orderId}/buyer` });
    expect(mine.data[0].title).toMatch(/Accepted/i);
    // The seller made the change: nothing for them about it.
    expect((await list(seller.token)).body.data.filter((n: { type: string }) => n.type === 'order')).toHaveLength(0);

    await request(t.http)
      .post('/api/reviews')
      .set(bearer(buyer.token))
      .send({ orderId: await completedOrder(), rating: 5, text: 'Lovely' })
      .expect(201);
    const s = (await list(seller.token)).body;
    expect(s.data[0]).toMatchObject({ type: 'review', title: 'A buyer rated you 5 of 5', body: 'Lovely' });
    expect((await request(t.http).get('/api/notifications/unread').set(bearer(seller.token)).expect(200)).body.data.unread).toBe(1);

    // Someone else's ids are ignored.
    await request(t.http)
      .post('/api/notifications/read')
      .set(bearer(buyer.token))
      .send({ ids: [s.data[0].id] })
      .expect(200);
    expect((await list(seller.token)).body.meta.unread).toBe(1);
    expect(
      (
        await request(t.http)
          .post('/api/notifications/read')
          .set(bearer(seller.token))
          .send({ ids: [s.data[0].id] })
          .expect(200)
      ).body.data.unread,
    ).toBe(0);
    expect((await request(t.http).post('/api/notifications/read').set(bearer(buyer.token)).send({}).expect(200)).body.data.unread).toBe(0);
    await request(t.http)
      .post('/api/notifications/read')
      .set(bearer(buyer.token))
      .send({ ids: ['x'] })
      .expect(422);
  });

  it('e-mail preferences are honoured, and the e-mail carries an unsubscribe link that works without signing in', async () => {
    const before = (await mails(seller.email, '%rated you%')).length;
    expect(before).toBe(1);
    const body = (await mails(seller.email, '%rated you%'))[0].body;
    const token = decodeURIComponent(/unsubscribe\?token=(\S+)/.exec(body)![1]);

    expect((await request(t.http).get('/api/notifications/preferences').set(bearer(seller.token)).expect(200)).body.data.review).toBe(true);
    await request(t.http)
      .post('/api/notifications/unsubscribe')
      .send({ token: token.slice(0, -2) + 'xx' })
      .expect(400);
    await request(t.http).post('/api/notifications/unsubscribe').send({ token: 'nonsense' }).expect(400);
    const res = await request(t.http).post('/api/notifications/unsubscribe').send({ token }).expect(200);
    expect(res.body.message).toMatch(/Ratings and reviews/);
    expect((await request(t.http).get('/api/notifications/preferences').set(bearer(seller.token)).expect(200)).body.data).toMatchObject({
      review: false,
      order: true,
    });

    await request(t.http)
      .post('/api/reviews')
      .set(bearer(buyer.token))
      .send({ orderId: await completedOrder(), rating: 4, text: 'Good' })
      .expect(201);
    expect(await mails(seller.email, '%rated you%')).toHaveLength(1); // no new e-mail
    expect((await list(seller.token)).body.data[0].title).toBe('A buyer rated you 4 of 5'); // still in the bell

    const on = await request(t.http)
      .put('/api/notifications/preferences')
      .set(bearer(seller.token))
      .send({ review: true, money: false })
      .expect(200);
    expect(on.body.data).toMatchObject({ review: true, money: false, order: true });
    await request(t.http)
      .post('/api/reviews')
      .set(bearer(buyer.token))
      .send({ orderId: await completedOrder(), rating: 3, text: 'Ok' })
      .expect(201);
    expect(await mails(seller.email, '%rated you%')).toHaveLength(2);
    await request(t.http).put('/api/notifications/preferences').set(bearer(seller.token)).send({ review: 'yes' }).expect(422);
  });

  it('order e-mails honour the order preference and carry its unsubscribe link; a blocked listing is a listing notification', async () => {
    const p = await createProduct(t, seller.user.id, { quantity: 10 });
    const orderId = (await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }])).orders[0].id;
    await t.db.query(`UPDATE "order" SET status = 'paid', payment_status = 'paid', paid_at = now() WHERE id = $1`, [orderId]);
    const [{ order_number: number }] = await t.db.query(`SELECT order_number FROM "order" WHERE id = $1`, [orderId]);
    const status = (to: string) =>
      request(t.http).patch(`/api/orders/${orderId}/update/status`).set(bearer(seller.token)).send({ paymentStatus: to }).expect(200);
    await status('accepted_by_seller');
    const [mail] = await mails(buyer.email, `Order ${number}:%`);
    expect(mail.body).toContain(`/orders/${orderId}/buyer`);
    const token = decodeURIComponent(/unsubscribe\?token=(\S+)/.exec(mail.body)![1]);
    expect((await request(t.http).post('/api/notifications/unsubscribe').send({ token }).expect(200)).body.message).toMatch(
      /Order updates/,
    );
    await status('shipped');
    expect(await mails(buyer.email, `Order ${number}:%`)).toHaveLength(1); // no e-mail for the second change…
    expect((await list(buyer.token)).body.data[0]).toMatchObject({ type: 'order', link: `/orders/${orderId}/buyer` }); // …still in the bell

    const admin = await adminToken(t);
    const block = async (reason: string) => {
      const q = await createProduct(t, seller.user.id, {});
      await request(t.http).post(`/api/admin/products/${q.id}/block`).set(bearer(admin)).send({ reason }).expect(200);
    };
    await block('Counterfeit suspected');
    const [blocked] = await mails(seller.email, 'Your listing%was blocked');
    expect(blocked.body).toMatch(/Reason: Counterfeit suspected[\s\S]*unsubscribe\?token=/);
    expect((await list(seller.token)).body.data[0]).toMatchObject({
      type: 'listing',
      body: 'Reason: Counterfeit suspected',
      link: '/profile#products',
    });
    await request(t.http).put('/api/notifications/preferences').set(bearer(seller.token)).send({ listing: false }).expect(200);
    await block('Prohibited item');
    expect(await mails(seller.email, 'Your listing%was blocked')).toHaveLength(1);
    expect((await list(seller.token)).body.data[0].body).toBe('Reason: Prohibited item');
  });
});
