import request from 'supertest';
import { CheckoutExpiryService } from '../src/modules/orders/checkout-expiry.service';
import { bearer, registerUser, type TestUser as User } from './utils/actors';
import { addToCart, createProduct, placeOrder, productState, SHIPPING } from './utils/catalog-fixtures';
import { appPerFile, type TestApp } from './utils/test-app';

/** Registers `count` users, a few at a time (password hashing is deliberately slow). */
async function manyUsers(t: TestApp, count: number): Promise<User[]> {
  const out: User[] = [];
  for (let i = 0; i < count; i += 10)
    out.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => registerUser(t)))));
  return out;
}

describe('checkout: POST /orders', () => {
  const {
    t,
    users: [sellerA, sellerB, buyer],
  } = appPerFile({ users: [{ firstName: 'Ada' }, { firstName: 'Bola' }, {}], env: { KASUWA_ROLE: 'web' } });
  afterEach(() => request(t.http).put('/api/products/cart/empty').set(bearer(buyer.token)));

  it('422: empty cart, bad Nigerian phone, blank fields', async () => {
    const empty = await request(t.http).post('/api/orders').set(bearer(buyer.token)).send(SHIPPING).expect(422);
    expect(empty.body).toEqual({
      message: 'Validation failed',
      code: 'VALIDATION_FAILED',
      error: [{ field: 'cart', message: 'Your cart is empty. Add something before checking out.' }],
    });
    const p = await createProduct(t, sellerA.user.id);
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 1 }]).expect(200);
    for (const phone of ['12345', '0803123456', '08031234567890', '+44 7911 123456', '0603 123 4567', '']) {
      const res = await request(t.http)
        .post('/api/orders')
        .set(bearer(buyer.token))
        .send({ ...SHIPPING, receiverPhoneNumber: phone })
        .expect(422);
      expect(res.body.error).toEqual([{ field: 'receiverPhoneNumber', message: expect.stringMatching(/Nigerian phone number/) }]);
    }
    const blank = await request(t.http)
      .post('/api/orders')
      .set(bearer(buyer.token))
      .send({ shippingAddress: '   ', receiverPhoneNumber: '08031234567', deliveryRegion: ' ' })
      .expect(422);
    expect(blank.body.error.map((e: { field: string }) => e.field).sort()).toEqual(['deliveryRegion', 'shippingAddress']);
    await request(t.http).post('/api/orders').send(SHIPPING).expect(401);
    // Nothing was reserved by the refused calls.
    expect(await productState(t, p.id)).toEqual({ quantity: 5, status: 'active' });
    await request(t.http).put('/api/products/cart/empty').set(bearer(buyer.token)).expect(200);
  });

  it('one session, one order per seller, prices from the database, stock reserved, cart emptied', async () => {
    const a1 = await createProduct(t, sellerA.user.id, { priceKobo: 1_000_000, quantity: 5, name: 'Rice 50kg' });
    const a2 = await createProduct(t, sellerA.user.id, { priceKobo: 250_050, quantity: 2, name: 'Palm oil' });
    const b1 = await createProduct(t, sellerB.user.id, { priceKobo: 4_500_000, quantity: 1, name: 'Generator' });
    await addToCart(t, buyer.token, [
      { productID: a1.id, quantity: 2 },
      { productID: a2.id, quantity: 2 },
      { productID: b1.id, quantity: 1 },
    ]).expect(200);
    // The price changes after the item went into the cart: the order takes the price at checkout, from the database.
    await t.db.query(`UPDATE product SET price_kobo = 1200000 WHERE id = $1`, [a1.id]);
    const started = Date.now();
    const res = await request(t.http)
      .post('/api/orders')
      .set(bearer(buyer.token))
      .send({ ...SHIPPING, receiverPhoneNumber: '+234 803 123 4567' })
      .expect(201);
    const latency = Date.now() - started;
    expect(latency).toBeLessThan(2000);
    console.info(`checkout of 3 lines from 2 sellers: ${latency} ms`);
    const data = res.body.data;
    expect(data).toEqual({
      checkoutSessionId: expect.any(Number),
      reference: expect.stringMatching(/^CS-[0-9A-F]{16}$/),
      totalAmount: '74001.00',
      currency: 'NGN',
      expiresAt: expect.any(String),
      orders: expect.any(Array),
    });
    // One order per seller (sellers in ascending id).
    expect(data.orders).toEqual(
      [
        [sellerA.user.id, '29001.00'],
        [sellerB.user.id, '45000.00'],
      ]
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, totalAmount]) => ({
          id: expect.any(Number),
          orderNumber: expect.stringMatching(/^KSW-\d{6}$/),
          totalAmount,
          payOnDelivery: false,
        })),
    );
    const minutes = (new Date(data.expiresAt).getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    expect(await productState(t, a1.id)).toEqual({ quantity: 3, status: 'active' });
    expect(await productState(t, a2.id)).toEqual({ quantity: 0, status: 'sold_out' });
    expect(await productState(t, b1.id)).toEqual({ quantity: 0, status: 'sold_out' });
    expect((await request(t.http).get('/api/products/cart/items').set(bearer(buyer.token))).body.data.items).toEqual([]);

    // Later price changes do not touch the order.
    await t.db.query(`UPDATE product SET price_kobo = 1 WHERE id = $1`, [a1.id]);
    const mine = await request(t.http).get('/api/orders/all').set(bearer(buyer.token)).expect(200);
    const orderA = mine.body.data.find((o: { seller: { id: number } }) => o.seller.id === sellerA.user.id);
    expect(orderA).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      totalAmount: '29001.00',
      receiverPhoneNumber: '+2348031234567',
      deliveryRegion: 'Lagos, Lekki',
      checkoutSessionId: data.checkoutSessionId,
      history: [
        { status: 'pending', fromStatus: null, actorKind: 'buyer', actorId: buyer.user.id, reason: null, createdAt: expect.any(String) },
      ],
    });
    expect(
      orderA.orderItems.map((i: { priceAtTime: string; quantity: number; product: { productName: string } }) => [
        i.product.productName,
        i.quantity,
        i.priceAtTime,
      ]),
    ).toEqual([
      ['Rice 50kg', 2, '12000.00'],
      ['Palm oil', 2, '2500.50'],
    ]);
    const [session] = await t.db.query(`SELECT total_kobo, status, buyer_id FROM checkout_session WHERE id = $1`, [data.checkoutSessionId]);
    expect(session).toEqual({ total_kobo: '7400100', status: 'pending', buyer_id: buyer.user.id });
  });

  it('409 naming the product when stock ran out or the listing went away — and nothing is reserved', async () => {
    const ok = await createProduct(t, sellerA.user.id, { quantity: 4, name: 'Bag of beans' });
    const short = await createProduct(t, sellerB.user.id, { quantity: 3, name: 'Blender' });
    await addToCart(t, buyer.token, [
      { productID: ok.id, quantity: 1 },
      { productID: short.id, quantity: 3 },
    ]).expect(200);
    await t.db.query(`UPDATE product SET quantity = 2 WHERE id = $1`, [short.id]);
    const res = await request(t.http).post('/api/orders').set(bearer(buyer.token)).send(SHIPPING).expect(409);
    expect(res.body).toEqual({ message: 'Only 2 of “Blender” left; your cart has 3.', code: 'INSUFFICIENT_STOCK' });
    expect(await productState(t, ok.id)).toEqual({ quantity: 4, status: 'active' });
    await t.db.query(`UPDATE product SET status = 'withdrawn', quantity = 3 WHERE id = $1`, [short.id]);
    expect((await request(t.http).post('/api/orders').set(bearer(buyer.token)).send(SHIPPING).expect(409)).body.message).toBe(
      '“Blender” is no longer available. Remove it from your cart.',
    );
    await t.db.query(`UPDATE product SET status = 'sold_out', quantity = 0 WHERE id = $1`, [short.id]);
    expect((await request(t.http).post('/api/orders').set(bearer(buyer.token)).send(SHIPPING).expect(409)).body.message).toBe(
      '“Blender” is sold out.',
    );
    // The cart is kept so the buyer can fix it.
    expect((await request(t.http).get('/api/products/cart/items').set(bearer(buyer.token))).body.data.items).toHaveLength(2);
    expect(
      await t.db.query(`SELECT count(*)::int AS n FROM "order" WHERE buyer_id = $1 AND seller_id = $2`, [buyer.user.id, sellerB.user.id]),
    ).toEqual([{ n: 1 }]);
    await request(t.http).put('/api/products/cart/empty').set(bearer(buyer.token)).expect(200);
  });

  it('a double-clicked checkout makes one session; the second call finds the cart empty', async () => {
    const p = await createProduct(t, sellerA.user.id, { quantity: 5 });
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 2 }]).expect(200);
    const [r1, r2] = await Promise.all([1, 2].map(() => request(t.http).post('/api/orders').set(bearer(buyer.token)).send(SHIPPING)));
    expect([r1.status, r2.status].sort()).toEqual([201, 422]);
    expect(await productState(t, p.id)).toEqual({ quantity: 3, status: 'active' });
  });

  it('50 buyers race for a listing with quantity 3: exactly 3 hold stock, 47 get a clear 409', async () => {
    const seller = await registerUser(t);
    const p = await createProduct(t, seller.user.id, { quantity: 3, name: 'Last PS5' });
    const buyers = await manyUsers(t, 50);
    await Promise.all(buyers.map((b) => addToCart(t, b.token, [{ productID: p.id, quantity: 1 }]).expect(200)));
    const started = Date.now();
    const results = await Promise.all(buyers.map((b) => request(t.http).post('/api/orders').set(bearer(b.token)).send(SHIPPING)));
    const took = Date.now() - started;
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe('“Last PS5” is sold out.');
    expect(await productState(t, p.id)).toEqual({ quantity: 0, status: 'sold_out' });
    const [held] = await t.db.query(
      `SELECT count(DISTINCT o.checkout_session_id)::int AS sessions, coalesce(sum(i.quantity), 0)::int AS units
         FROM order_item i JOIN "order" o ON o.id = i.order_id WHERE i.product_id = $1`,
      [p.id],
    );
    expect(held).toEqual({ sessions: 3, units: 3 });
    // Printed for the "note what you measured".
    console.info(`50 parallel checkouts for 3 units: 3 × 201, 47 × 409 in ${took} ms`);
  });

  it('carts locking the same products in opposite orders never deadlock', async () => {
    const seller = await registerUser(t);
    const x = await createProduct(t, seller.user.id, { quantity: 100 });
    const y = await createProduct(t, seller.user.id, { quantity: 100 });
    const buyers = await manyUsers(t, 20);
    await Promise.all(
      buyers.map((b, i) =>
        addToCart(
          t,
          b.token,
          i % 2
            ? [
                { productID: y.id, quantity: 1 },
                { productID: x.id, quantity: 1 },
              ]
            : [
                { productID: x.id, quantity: 1 },
                { productID: y.id, quantity: 1 },
              ],
        ).expect(200),
      ),
    );
    const results = await Promise.all(buyers.map((b) => request(t.http).post('/api/orders').set(bearer(b.token)).send(SHIPPING)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await productState(t, x.id)).toEqual({ quantity: 80, status: 'active' });
    expect(await productState(t, y.id)).toEqual({ quantity: 80, status: 'active' });
  });

  it('an unpaid checkout expires: the sweep releases the stock, cancels the orders with history, and runs once', async () => {
    const p = await createProduct(t, sellerA.user.id, { quantity: 2, name: 'Wrapper' });
    const q = await createProduct(t, sellerB.user.id, { quantity: 3, name: 'Cap' });
    const placed = await placeOrder(t, buyer.token, [
      { productID: p.id, quantity: 2 },
      { productID: q.id, quantity: 1 },
    ]);
    expect(await productState(t, p.id)).toEqual({ quantity: 0, status: 'sold_out' });
    const sweeper = t.app.get(CheckoutExpiryService);
    expect(await sweeper.sweep()).toBe(0);
    await t.db.query(`UPDATE checkout_session SET expires_at = now() - interval '1 minute' WHERE id = $1`, [placed.checkoutSessionId]);
    // Paying an overdue checkout is refused even before the sweep runs.
    const init = await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionID: placed.checkoutSessionId })
      .expect(409);
    expect(init.body.message).toMatch(/expired/);
    expect(await sweeper.sweep()).toBe(1);
    expect(await sweeper.sweep()).toBe(0);
    expect(await productState(t, p.id)).toEqual({ quantity: 2, status: 'active' });
    expect(await productState(t, q.id)).toEqual({ quantity: 3, status: 'active' });
    const [s] = await t.db.query(`SELECT status FROM checkout_session WHERE id = $1`, [placed.checkoutSessionId]);
    expect(s.status).toBe('expired');
    const order = (await request(t.http).get(`/api/orders/in/${placed.orders[0].id}`).set(bearer(buyer.token)).expect(200)).body.data;
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', allowedNext: [] });
    expect(order.history.at(-1)).toEqual(
      expect.objectContaining({
        status: 'cancelled',
        fromStatus: 'pending',
        actorKind: 'system',
        reason: expect.stringMatching(/30 minutes/),
      }),
    );
  });
});
