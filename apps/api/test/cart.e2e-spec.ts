import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { addToCart, createProduct } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';

describe('server cart', () => {
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ users: [{ firstName: 'Sade', lastName: 'Seller' }, {}] });
  afterEach(() => request(t.http).put('/api/products/cart/empty').set(bearer(buyer.token)));

  it('needs a user token', async () => {
    await request(t.http).get('/api/products/cart/items').expect(401);
    await request(t.http).post('/api/products/cart').send({ products: [] }).expect(401);
  });

  it('adds a line, shows it in the catalogue shape, and adding again adds the quantity', async () => {
    const p = await createProduct(t, seller.user.id, { priceKobo: 1_500_000, quantity: 5, name: 'Tecno Spark 10' });
    const first = await addToCart(t, buyer.token, [{ productID: p.id, quantity: 1 }]).expect(200);
    expect(first.body.data.items).toHaveLength(1);
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 2 }]).expect(200);
    const res = await request(t.http).get('/api/products/cart/items').set(bearer(buyer.token)).expect(200);
    expect(res.body).toEqual({
      data: {
        items: [
          {
            id: expect.any(Number),
            productID: p.id,
            quantity: 3,
            product: expect.objectContaining({
              id: p.id,
              productName: 'Tecno Spark 10',
              productPrice: '15000.00',
              productCurrency: 'NGN',
              productQuantity: 5,
              productStatus: 'active',
              productImages: [expect.objectContaining({ imageUrl: expect.any(String), thumbnailUrl: expect.any(String) })],
              userID: seller.user.id,
              user: expect.objectContaining({ id: seller.user.id, fullName: 'Sade Seller' }),
            }),
            // No offer: the listed price is what checkout will charge.
            unitPrice: '15000.00',
            priceSource: 'listing',
            lineTotal: '45000.00',
          },
        ],
        total: '45000.00',
      },
    });
  });

  it('caps at stock with a notice, and refuses adding past it with a clear 409', async () => {
    const p = await createProduct(t, seller.user.id, { quantity: 3, name: 'Ankara fabric' });
    const capped = await addToCart(t, buyer.token, [{ productID: p.id, quantity: 10 }]).expect(200);
    expect(capped.body.data.items[0].quantity).toBe(3);
    expect(capped.body.notices).toEqual([{ productID: p.id, message: 'Only 3 of “Ankara fabric” available; your cart has 3.' }]);
    const refused = await addToCart(t, buyer.token, [{ productID: p.id, quantity: 1 }]).expect(409);
    expect(refused.body.message).toBe('Only 3 of “Ankara fabric” available, and your cart already has 3.');
  });

  it('merging a guest cart adds quantities, caps at stock, and skips what cannot be bought', async () => {
    const a = await createProduct(t, seller.user.id, { quantity: 4, name: 'Shea butter' });
    const b = await createProduct(t, seller.user.id, { quantity: 2, name: 'Kettle' });
    const gone = await createProduct(t, seller.user.id, { quantity: 0, name: 'Old radio' });
    const own = await createProduct(t, buyer.user.id, { quantity: 2, name: 'My own chair' });
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    // The guest cart from local storage, sent in one call at sign-in.
    const merged = await addToCart(t, buyer.token, [
      { productID: a.id, quantity: 2 },
      { productID: b.id, quantity: 5 },
      { productID: gone.id, quantity: 1 },
      { productID: own.id, quantity: 1 },
    ]).expect(200);
    const byId = Object.fromEntries(merged.body.data.items.map((i: { productID: number; quantity: number }) => [i.productID, i.quantity]));
    expect(byId).toEqual({ [a.id]: 3, [b.id]: 2 });
    expect(merged.body.notices.map((n: { productID: number }) => n.productID).sort()).toEqual([b.id, gone.id, own.id].sort());
    expect(merged.body.notices.find((n: { productID: number }) => n.productID === gone.id).message).toBe('“Old radio” is sold out.');
  });

  it('refuses the user’s own listing, unavailable listings and unknown products, each with a clear message', async () => {
    const own = await createProduct(t, buyer.user.id, { name: 'My bicycle' });
    const r1 = await addToCart(t, buyer.token, [{ productID: own.id, quantity: 1 }]).expect(409);
    expect(r1.body.message).toBe('You cannot buy your own listing “My bicycle”.');
    const soldOut = await createProduct(t, seller.user.id, { quantity: 0, name: 'Gas cooker' });
    expect((await addToCart(t, buyer.token, [{ productID: soldOut.id, quantity: 1 }]).expect(409)).body.message).toBe(
      '“Gas cooker” is sold out.',
    );
    const withdrawn = await createProduct(t, seller.user.id, { status: 'withdrawn', name: 'Sofa' });
    expect((await addToCart(t, buyer.token, [{ productID: withdrawn.id, quantity: 1 }]).expect(409)).body.message).toBe(
      '“Sofa” is no longer available.',
    );
    const blocked = await createProduct(t, seller.user.id, { status: 'blocked', name: 'Fake watch' });
    await addToCart(t, buyer.token, [{ productID: blocked.id, quantity: 1 }]).expect(409);
    expect((await addToCart(t, buyer.token, [{ productID: 999999, quantity: 1 }]).expect(404)).body.message).toBe('Product not found.');
    const items = await request(t.http).get('/api/products/cart/items').set(bearer(buyer.token)).expect(200);
    expect(items.body.data.items).toEqual([]);
  });

  it('quantity ≤ 0 removes the line; mode set sets it', async () => {
    const p = await createProduct(t, seller.user.id, { quantity: 9 });
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 4 }]).expect(200);
    const set = await addToCart(t, buyer.token, [{ productID: p.id, quantity: 2 }], 'set').expect(200);
    expect(set.body.data.items[0].quantity).toBe(2);
    const removed = await addToCart(t, buyer.token, [{ productID: p.id, quantity: 0 }]).expect(200);
    expect(removed.body.data.items).toEqual([]);
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 1 }]).expect(200);
    expect((await addToCart(t, buyer.token, [{ productID: p.id, quantity: -1 }]).expect(200)).body.data.items).toEqual([]);
  });

  it('validates the body (422 with fields)', async () => {
    const bad = await request(t.http)
      .post('/api/products/cart')
      .set(bearer(buyer.token))
      .send({ products: [{ productID: 'x', quantity: 1.5 }] })
      .expect(422);
    expect(bad.body.message).toBe('Validation failed');
    expect(bad.body.error.map((e: { field: string }) => e.field).sort()).toEqual(['products.0.productID', 'products.0.quantity']);
    await request(t.http).post('/api/products/cart').set(bearer(buyer.token)).send({ products: [] }).expect(422);
    await request(t.http).post('/api/products/cart').set(bearer(buyer.token)).send({}).expect(422);
  });

  it('removes only the caller’s own lines, and empties the cart', async () => {
    const p = await createProduct(t, seller.user.id);
    const q = await createProduct(t, seller.user.id);
    const res = await addToCart(t, buyer.token, [
      { productID: p.id, quantity: 1 },
      { productID: q.id, quantity: 1 },
    ]).expect(200);
    const [line] = res.body.data.items;
    const other = await registerUser(t);
    await request(t.http).put(`/api/products/cart/remove/${line.id}`).set(bearer(other.token)).expect(404);
    const removed = await request(t.http).put(`/api/products/cart/remove/${line.id}`).set(bearer(buyer.token)).expect(200);
    expect(removed.body.message).toBe('Item removed successfully');
    expect(removed.body.data.items).toHaveLength(1);
    await request(t.http).put(`/api/products/cart/remove/${line.id}`).set(bearer(buyer.token)).expect(404);
    const emptied = await request(t.http).put('/api/products/cart/empty').set(bearer(buyer.token)).expect(200);
    expect(emptied.body).toEqual({ message: 'Cart cleared successfully', data: { items: [], total: '0.00' } });
    expect((await request(t.http).get('/api/products/cart/items').set(bearer(buyer.token))).body.data.items).toEqual([]);
  });

  it('the cart routes do not collide with the products API', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Route check' });
    const res = await request(t.http).get(`/api/products/${p.id}`).expect(200);
    expect(JSON.stringify(res.body)).toContain('Route check');
  });
});
