import request from 'supertest';
import { bearer } from './utils/actors';
import { placeOrder, plantainMarketPerFile } from './utils/catalog-fixtures';

/** docs/trust.md "Ratings": only a completed order's buyer rates, once; the seller replies once; edits for 7 days. */
describe('reviews and seller ratings', () => {
  const { t, seller, buyer, stranger, admin, stock } = plantainMarketPerFile(1000);

  async function orderAt(status: string, who = buyer): Promise<number> {
    const placed = await placeOrder(t, who.token, [{ productID: stock.id, quantity: 1 }]);
    const id = placed.orders[0].id;
    await t.db.query(`UPDATE "order" SET status = $2, payment_status = 'paid', paid_at = now() WHERE id = $1`, [id, status]);
    return id;
  }
  const rate = (token: string, body: Record<string, unknown>) => request(t.http).post('/api/reviews').set(bearer(token)).send(body);
  const sellerInfo = async () => (await request(t.http).get(`/api/sellers/${seller.user.id}`).expect(200)).body.data;

  it('a seller with no reviews has no invented rating', async () => {
    expect((await sellerInfo()).rating).toEqual({ average: null, count: 0, hidden: 0 });
    const product = (await request(t.http).get(`/api/products/${stock.id}`).expect(200)).body;
    expect((product.data ?? product).user.rating).toEqual({ average: null, count: 0, hidden: 0 });
  });

  it('only the buyer of a completed order may rate, once per order', async () => {
    await rate(buyer.token, { orderId: 1, rating: 5, text: 'x' }).expect(404); // not created yet / not theirs
    const delivered = await orderAt('delivered');
    expect((await rate(buyer.token, { orderId: delivered, rating: 5, text: 'Fast' }).expect(409)).body.message).toMatch(
      /once the order is completed/,
    );
    const done = await orderAt('completed');
    expect((await rate(stranger.token, { orderId: done, rating: 1, text: 'Bad' }).expect(404)).body.message).toMatch(/Order not found/);
    expect((await rate(seller.token, { orderId: done, rating: 5, text: 'Me' }).expect(404)).body.message).toMatch(/Order not found/);
    await request(t.http).post('/api/reviews').send({ orderId: done, rating: 5, text: 'x' }).expect(401);
    await request(t.http).post('/api/reviews').set(bearer(admin)).send({ orderId: done, rating: 5, text: 'x' }).expect(401);
    await rate(buyer.token, { orderId: done, rating: 6, text: 'x' }).expect(422);
    await rate(buyer.token, { orderId: done, rating: 0, text: 'x' }).expect(422);
    await rate(buyer.token, { orderId: done, rating: 4.5, text: 'x' }).expect(422);
    const res = await rate(buyer.token, { orderId: done, rating: 4, text: 'Good chips, well packed' }).expect(201);
    expect(res.body.data).toMatchObject({
      orderId: done,
      rating: 4,
      text: 'Good chips, well packed',
      buyer: { fullName: 'Bisi B.' },
      reply: null,
    });
    expect((await rate(buyer.token, { orderId: done, rating: 5, text: 'again' }).expect(409)).body.message).toMatch(/already rated/);
    // Two at once: the database keeps one.
    const other = await orderAt('completed');
    const both = await Promise.all([
      rate(buyer.token, { orderId: other, rating: 2, text: 'a' }),
      rate(buyer.token, { orderId: other, rating: 2, text: 'b' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await sellerInfo()).rating).toEqual({ average: 3, count: 2, hidden: 0 });
    expect((await request(t.http).get(`/api/reviews/order/${done}`).set(bearer(buyer.token)).expect(200)).body.data.rating).toBe(4);
    expect((await request(t.http).get(`/api/reviews/order/${done}`).set(bearer(stranger.token)).expect(200)).body.data).toBeNull();
  });

  it('the rating rides on product reads and the seller page; reviews list newest first', async () => {
    const product = (await request(t.http).get(`/api/products/${stock.id}`).expect(200)).body;
    expect((product.data ?? product).user.rating).toEqual({ average: 3, count: 2, hidden: 0 });
    const list = (await request(t.http).get(`/api/products?search=plantain`).expect(200)).body.data;
    expect(list[0].user.rating.count).toBe(2);
    const reviews = (await request(t.http).get(`/api/sellers/${seller.user.id}/reviews`).expect(200)).body;
    expect(reviews.data).toHaveLength(2);
    expect(reviews.meta).toMatchObject({ total: 2, rating: { average: 3, count: 2 } });
    const info = await sellerInfo();
    expect(info).toMatchObject({ id: seller.user.id, fullName: 'Sola Seller', listings: 1 });
    expect(info.completedOrders).toBeGreaterThanOrEqual(2);
    await request(t.http).get('/api/sellers/999999').expect(404);
    await request(t.http).get('/api/sellers/abc').expect(404);
  });

  it('the seller replies once; only the buyer edits, within 7 days', async () => {
    const [r] = (await request(t.http).get(`/api/sellers/${seller.user.id}/reviews`).expect(200)).body.data;
    await request(t.http).post(`/api/reviews/${r.id}/reply`).set(bearer(stranger.token)).send({ text: 'Hi' }).expect(404);
    await request(t.http).post(`/api/reviews/${r.id}/reply`).set(bearer(seller.token)).send({ text: '' }).expect(422);
    expect(
      (await request(t.http).post(`/api/reviews/${r.id}/reply`).set(bearer(seller.token)).send({ text: 'Thank you!' }).expect(201)).body
        .data.reply,
    ).toBe('Thank you!');
    expect(
      (await request(t.http).post(`/api/reviews/${r.id}/reply`).set(bearer(seller.token)).send({ text: 'Again' }).expect(409)).body.message,
    ).toMatch(/already replied/);

    await request(t.http).patch(`/api/reviews/${r.id}`).set(bearer(seller.token)).send({ rating: 5 }).expect(404);
    const edited = (await request(t.http).patch(`/api/reviews/${r.id}`).set(bearer(buyer.token)).send({ rating: 5 }).expect(200)).body.data;
    expect(edited.rating).toBe(5);
    expect(edited.editedAt).not.toBeNull();
    await t.db.query(`UPDATE review SET created_at = now() - interval '8 days' WHERE id = $1`, [r.id]);
    expect(
      (await request(t.http).patch(`/api/reviews/${r.id}`).set(bearer(buyer.token)).send({ rating: 1 }).expect(409)).body.message,
    ).toMatch(/7 days/);
    expect((await sellerInfo()).rating).toEqual({ average: 4.5, count: 2, hidden: 0 });
  });

  it('an admin hides a review with a reason kept in history; the count says what is hidden', async () => {
    const [r] = (await request(t.http).get(`/api/sellers/${seller.user.id}/reviews`).expect(200)).body.data;
    await request(t.http).put(`/api/admin/reviews/${r.id}`).set(bearer(buyer.token)).send({ hidden: true, reason: 'x' }).expect(401);
    await request(t.http).put(`/api/admin/reviews/${r.id}`).set(bearer(admin)).send({ hidden: true, reason: '' }).expect(422);
    const hidden = (
      await request(t.http)
        .put(`/api/admin/reviews/${r.id}`)
        .set(bearer(admin))
        .send({ hidden: true, reason: 'Personal details in the text' })
        .expect(200)
    ).body;
    expect(hidden).toMatchObject({
      hidden: true,
      hiddenReason: 'Personal details in the text',
      history: [{ action: 'hide', reason: 'Personal details in the text' }],
    });
    const info = await sellerInfo();
    expect(info.rating.count).toBe(1);
    expect(info.rating.hidden).toBe(1);
    expect(
      (await request(t.http).get(`/api/sellers/${seller.user.id}/reviews`).expect(200)).body.data.map((x: { id: number }) => x.id),
    ).not.toContain(r.id);

    const list = await request(t.http)
      .get('/api/admin/reviews')
      .query({ filter: JSON.stringify({ hidden: true }), range: '[0,9]' })
      .set(bearer(admin))
      .expect(200);
    expect(list.headers['content-range']).toBe('reviews 0-0/1');
    expect(list.body[0].id).toBe(r.id);
    const restored = (
      await request(t.http).put(`/api/admin/reviews/${r.id}`).set(bearer(admin)).send({ hidden: false, reason: 'Text fixed' }).expect(200)
    ).body;
    expect(restored.history.map((h: { action: string }) => h.action)).toEqual(['hide', 'restore']);
    expect((await sellerInfo()).rating).toMatchObject({ count: 2, hidden: 0 });
    await request(t.http).get('/api/admin/reviews/999999').set(bearer(admin)).expect(404);
  });

  it("a deleted buyer's review shows as Deleted user", async () => {
    const done = await orderAt('completed', stranger);
    await rate(stranger.token, { orderId: done, rating: 5, text: 'Great' }).expect(201);
    await request(t.http).delete('/api/profile/me').set(bearer(stranger.token)).send({ confirm: 'DELETE ACCOUNT' }).expect(200);
    const reviews = (await request(t.http).get(`/api/sellers/${seller.user.id}/reviews`).expect(200)).body.data;
    expect(reviews.find((x: { orderId: number }) => x.orderId === done).buyer.fullName).toBe('Deleted user');
  });
});
