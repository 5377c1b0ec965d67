import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder, postListing } from './utils/catalog-fixtures';
import { makeImage } from './utils/images';
import { appPerFile } from './utils/test-app';

/** The seller facts on the product page are counters on app_user kept by triggers; they must equal a fresh count after every kind of write. */
describe('seller counters (active listings, completed orders)', () => {
  const { t, admin } = appPerFile({ admin: true });

  /** Users whose stored counters differ from counting their rows now. */
  async function drift(): Promise<unknown[]> {
    return t.db.query(`
      SELECT u.id, u.active_listings, u.completed_orders,
             (SELECT count(*)::int FROM product p WHERE p.user_id = u.id AND p.status = 'active') AS listings,
             (SELECT count(*)::int FROM "order" o WHERE o.seller_id = u.id AND o.status = 'completed') AS completed
      FROM app_user u
      WHERE u.active_listings <> (SELECT count(*) FROM product p WHERE p.user_id = u.id AND p.status = 'active')
         OR u.completed_orders <> (SELECT count(*) FROM "order" o WHERE o.seller_id = u.id AND o.status = 'completed')`);
  }
  async function sellerFacts(productId: number, token?: string) {
    const req = request(t.http).get(`/api/products/${productId}`);
    const res = await (token ? req.set(bearer(token)) : req).expect(200);
    return res.body.data.seller;
  }

  it('stay equal to a fresh count across create, sell out, block, withdraw, delete, order statuses, moves and account deletion', async () => {
    const seller = await registerUser(t);
    const buyer = await registerUser(t);
    const other = await registerUser(t);
    expect(await drift()).toEqual([]);

    // Created through the API and with raw SQL.
    const fields = { productName: 'Tecno Camon 20', productPrice: '150000', productLocation: 'Ikeja, Lagos', productQuantity: '2' };
    const viaApi = await postListing(t, seller.token, fields, [await makeImage()]).expect(201);
    const a = viaApi.body.data.id as number;
    const b = (await createProduct(t, seller.user.id, { quantity: 1 })).id;
    const c = (await createProduct(t, seller.user.id)).id;
    await createProduct(t, seller.user.id, { quantity: 0 }); // sold out: not counted
    expect(await drift()).toEqual([]);
    expect(await sellerFacts(a)).toEqual({ listings: 3, completedOrders: 0 });

    // Bought out through checkout (status → sold_out), then the order completed.
    const [order] = (await placeOrder(t, buyer.token, [{ productID: b, quantity: 1 }])).orders;
    expect(await drift()).toEqual([]);
    expect((await sellerFacts(a)).listings).toBe(2);
    const orderId = order.id;
    await t.db.query(`UPDATE "order" SET status = 'completed' WHERE id = $1`, [orderId]);
    expect(await drift()).toEqual([]);
    expect(await sellerFacts(a)).toEqual({ listings: 2, completedOrders: 1 });
    await t.db.query(`UPDATE "order" SET status = 'need_refund' WHERE id = $1`, [orderId]);
    expect(await sellerFacts(a)).toEqual({ listings: 2, completedOrders: 0 });
    await t.db.query(`UPDATE "order" SET status = 'completed' WHERE id = $1`, [orderId]);

    // Blocked and unblocked by an admin.
    await request(t.http).post(`/api/admin/products/${c}/block`).set(bearer(admin)).send({ reason: 'Wrong photos' }).expect(200);
    expect(await drift()).toEqual([]);
    expect((await sellerFacts(a)).listings).toBe(1);
    await request(t.http).post(`/api/admin/products/${c}/unblock`).set(bearer(admin)).expect(200);
    expect((await sellerFacts(a)).listings).toBe(2);

    // Deleted by its seller (no orders: really deleted), and one with orders withdrawn instead.
    await request(t.http).delete(`/api/products/${c}`).set(bearer(seller.token)).expect(200);
    await request(t.http).delete(`/api/products/${b}`).set(bearer(seller.token)).expect(200);
    expect(await drift()).toEqual([]);
    expect(await sellerFacts(a)).toEqual({ listings: 1, completedOrders: 1 });

    // Many rows in one statement, a listing moved to another seller, a row deleted with SQL.
    const many = await Promise.all([1, 2, 3].map(() => createProduct(t, other.user.id)));
    await t.db.query(`UPDATE product SET status = 'withdrawn' WHERE id = ANY($1) AND id <> $2`, [many.map((p) => p.id), many[0].id]);
    await t.db.query(`UPDATE product SET user_id = $1 WHERE id = $2`, [seller.user.id, many[0].id]);
    expect(await drift()).toEqual([]);
    expect(await sellerFacts(a)).toEqual({ listings: 2, completedOrders: 1 });
    await t.db.query(`DELETE FROM product WHERE id = $1`, [many[0].id]);
    expect(await sellerFacts(a)).toEqual({ listings: 1, completedOrders: 1 });

    // The seller deletes the account: listings withdrawn, the page is gone, counters still right.
    await request(t.http).delete('/api/profile/me').set(bearer(seller.token)).send({ confirm: 'DELETE ACCOUNT' }).expect(200);
    expect(await drift()).toEqual([]);
    await request(t.http).get(`/api/products/${a}`).expect(404);
    const [row] = await t.db.query(`SELECT active_listings, completed_orders FROM app_user WHERE id = $1`, [seller.user.id]);
    expect(row).toEqual({ active_listings: 0, completed_orders: 1 });
  });

  it('an existing database is backfilled by the migration', async () => {
    const s = await registerUser(t);
    await createProduct(t, s.user.id);
    await createProduct(t, s.user.id);
    // Break the counters, then replay the migration's backfill by running down and up again.
    await t.db.query(`UPDATE app_user SET active_listings = 99 WHERE id = $1`, [s.user.id]);
    const migration = t.db.migrations.find((m) => m.name === 'SellerCounters1763800040000');
    const runner = t.db.createQueryRunner();
    try {
      await migration!.down(runner);
      await migration!.up(runner);
    } finally {
      await runner.release();
    }
    expect(await drift()).toEqual([]);
    const [row] = await t.db.query(`SELECT active_listings FROM app_user WHERE id = $1`, [s.user.id]);
    expect(row.active_listings).toBe(2);
  });
});
