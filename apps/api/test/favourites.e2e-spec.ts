import request from 'supertest';
import { MAX_FAVOURITES } from '@kasuwa/contracts';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';

/** docs/trust.md "Favourites": kept on the server for signed-in users, a device's favourites merged at sign-in. */
describe('favourites', () => {
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ users: [{}, {}] });
  afterEach(() => t.db.query(`DELETE FROM favourite`));

  const list = (token = buyer.token) => request(t.http).get('/api/favourites').set(bearer(token)).expect(200);

  it('needs a user token (an admin token is not a shopper)', async () => {
    await request(t.http).get('/api/favourites').expect(401);
    await request(t.http).put('/api/favourites/1').expect(401);
    await request(t.http).delete('/api/favourites/1').expect(401);
    await request(t.http)
      .post('/api/favourites/merge')
      .send({ productIds: [1] })
      .expect(401);
    await request(t.http)
      .get('/api/favourites')
      .set(bearer(await adminToken(t)))
      .expect(401);
  });

  it('saves and removes a listing, both idempotent; the list carries the products in the catalogue shape', async () => {
    const a = await createProduct(t, seller.user.id, { name: 'Chest freezer 200L' });
    const b = await createProduct(t, seller.user.id, { name: 'Tecno Spark 10' });
    expect((await request(t.http).put(`/api/favourites/${a.id}`).set(bearer(buyer.token)).expect(200)).body.data.productIds).toEqual([
      a.id,
    ]);
    await request(t.http).put(`/api/favourites/${a.id}`).set(bearer(buyer.token)).expect(200);
    await request(t.http).put(`/api/favourites/${b.id}`).set(bearer(buyer.token)).expect(200);
    const res = await list();
    expect(res.body.data.productIds).toEqual([b.id, a.id]);
    expect(res.body.data.products.map((p: { productName: string }) => p.productName)).toEqual(['Tecno Spark 10', 'Chest freezer 200L']);
    expect(res.body.data.products[0]).toMatchObject({ id: b.id, productPrice: '15000.00', userID: seller.user.id });

    expect((await request(t.http).delete(`/api/favourites/${a.id}`).set(bearer(buyer.token)).expect(200)).body.data.productIds).toEqual([
      b.id,
    ]);
    await request(t.http).delete(`/api/favourites/${a.id}`).set(bearer(buyer.token)).expect(200);
    // Another user's favourites are their own.
    const other = await registerUser(t);
    expect((await list(other.token)).body.data).toEqual({ productIds: [], products: [] });
  });

  it('one row per (user, product): the database refuses a duplicate', async () => {
    const a = await createProduct(t, seller.user.id);
    await request(t.http).put(`/api/favourites/${a.id}`).set(bearer(buyer.token)).expect(200);
    await expect(t.db.query(`INSERT INTO favourite (user_id, product_id) VALUES ($1, $2)`, [buyer.user.id, a.id])).rejects.toThrow(
      /duplicate key/,
    );
  });

  it('a listing no longer on sale stays saved (its heart) but is not offered on the page; a deleted one disappears', async () => {
    const a = await createProduct(t, seller.user.id, { status: 'withdrawn' });
    const b = await createProduct(t, seller.user.id);
    for (const p of [a, b]) await request(t.http).put(`/api/favourites/${p.id}`).set(bearer(buyer.token)).expect(200);
    const res = await list();
    expect(res.body.data.productIds).toEqual([b.id, a.id]);
    expect(res.body.data.products.map((p: { id: number }) => p.id)).toEqual([b.id]);
    await t.db.query(`DELETE FROM product WHERE id = $1`, [b.id]);
    expect((await list()).body.data.productIds).toEqual([a.id]);
  });

  it('bad ids: an unknown or malformed product is 404, never 500', async () => {
    await request(t.http).put('/api/favourites/999999').set(bearer(buyer.token)).expect(404);
    await request(t.http).put('/api/favourites/abc').set(bearer(buyer.token)).expect(404);
    await request(t.http).put('/api/favourites/99999999999999').set(bearer(buyer.token)).expect(404);
    await request(t.http).delete('/api/favourites/0').set(bearer(buyer.token)).expect(404);
  });

  it('merges a device list at sign-in: keeps what is saved, skips unknown ids, no duplicates', async () => {
    const a = await createProduct(t, seller.user.id);
    const b = await createProduct(t, seller.user.id);
    await request(t.http).put(`/api/favourites/${a.id}`).set(bearer(buyer.token)).expect(200);
    const res = await request(t.http)
      .post('/api/favourites/merge')
      .set(bearer(buyer.token))
      .send({ productIds: [a.id, b.id, b.id, 999999] })
      .expect(200);
    expect([...res.body.data.productIds].sort()).toEqual([a.id, b.id].sort());
    await request(t.http).post('/api/favourites/merge').set(bearer(buyer.token)).send({ productIds: [] }).expect(200);
  });

  it('merge refuses malformed bodies with 422 naming the field', async () => {
    for (const body of [
      {},
      { productIds: 'x' },
      { productIds: [1.5] },
      { productIds: [-1] },
      { productIds: Array.from({ length: MAX_FAVOURITES + 1 }, (_, i) => i + 1) },
    ]) {
      const res = await request(t.http).post('/api/favourites/merge').set(bearer(buyer.token)).send(body).expect(422);
      expect(res.body.error[0].field).toBe('productIds');
    }
  });
});
