import request from 'supertest';
import { adminList, bearer, registerUser, type TestUser } from './utils/actors';
import { addToCart, createProduct, SHIPPING } from './utils/catalog-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { LGA, STATE } from './utils/places';
import { appPerFile } from './utils/test-app';

/**
 * Rule "pay on delivery" (docs/delivery.md: Delivery): seller opt-in per listing, riding on seller delivery, up to
 * POD_MAX, at most 2 open per buyer, closed after 2 refused deliveries; placed without Paystack; the seller confirms the
 * cash and the commission is taken from the seller's balance (owed when it is not enough); the ledger holds after each.
 */
describe('pay on delivery', () => {
  const paystack = new PaystackStandIn();
  const { t, admin } = appPerFile({
    paystack,
    admin: true,
    env: { KASUWA_ROLE: 'web', POD_MAX: '30000' },
    afterEach: (t) => expectMoneyInvariants(t.db),
  });
  const { LAGOS } = STATE;
  const { ETI_OSA, IKEJA } = LGA;

  /** A listing in Eti-Osa with seller delivery ₦1,000 / ₦2,000 / ₦5,000 (days 1/2/5), pay on delivery as asked. */
  async function listing(who: TestUser, priceKobo: number, pod = true, quantity = 5) {
    const p = await createProduct(t, who.user.id, { priceKobo, quantity });
    await t.db.query(
      `UPDATE product SET state_id = $2, lga_id = $3, pickup = false, pay_on_delivery = $4, delivery_lga_kobo = 100000, delivery_state_kobo = 200000,
              delivery_other_kobo = 500000, delivery_lga_days = 1, delivery_state_days = 2, delivery_other_days = 5 WHERE id = $1`,
      [p.id, LAGOS, ETI_OSA, pod],
    );
    return p;
  }
  const people = async () => ({
    seller: await registerUser(t, { firstName: 'Sade', lastName: 'Seller' }),
    buyer: await registerUser(t, { firstName: 'Bola', lastName: 'Buyer' }),
  });
  const quote = (buyer: TestUser) =>
    request(t.http).get('/api/checkout/quote').query({ stateId: LAGOS, lgaId: IKEJA }).set(bearer(buyer.token));
  const order = (buyer: TestUser, delivery: Record<number, string>) =>
    request(t.http)
      .post('/api/orders')
      .set(bearer(buyer.token))
      .send({ ...SHIPPING, stateId: LAGOS, lgaId: IKEJA, delivery });
  const move = (who: TestUser, id: number, to: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(who.token)).send({ status: to });
  const cash = (who: TestUser, id: number) => request(t.http).post(`/api/orders/${id}/cash-received`).set(bearer(who.token));
  const refused = (who: TestUser, id: number, reason?: string) =>
    request(t.http)
      .post(`/api/orders/${id}/delivery-refused`)
      .set(bearer(who.token))
      .send(reason ? { reason } : {});
  const wallet = async (u: TestUser) => (await request(t.http).get('/api/wallet').set(bearer(u.token)).expect(200)).body.data;
  const stock = async (id: number) => (await t.db.query(`SELECT quantity FROM product WHERE id = $1`, [id]))[0].quantity as number;

  /** The buyer's cart checked out with `delivery`, paid through the stand-in, shipped, delivered and received. */
  async function paidAndReceived(seller: TestUser, buyer: TestUser, delivery: Record<number, string>): Promise<void> {
    const placed = await order(buyer, delivery).expect(201);
    const init = await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionID: placed.body.data.checkoutSessionId })
      .expect(201);
    paystack.pay(init.body.data.transaction.reference);
    await paystack.sendWebhook(t.http, init.body.data.transaction.reference).expect(200);
    const id = placed.body.data.orders[0].id;
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller, id, to).expect(200);
    await move(buyer, id, 'received_by_buyer').expect(200);
  }

  /** One pay-on-delivery order of `qty` × the listing, placed by the buyer; its id. */
  async function cashOrder(seller: TestUser, buyer: TestUser, productID: number, qty = 1): Promise<number> {
    await addToCart(t, buyer.token, [{ productID, quantity: qty }]).expect(200);
    const res = await order(buyer, { [seller.user.id]: 'pay_on_delivery' }).expect(201);
    return res.body.data.orders[0].id;
  }

  it('the quote offers pay on delivery at seller delivery’s fee when every line allows it, and says why not otherwise', async () => {
    const { seller, buyer } = await people();
    const a = await listing(seller, 1_000_000);
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    const s = (await quote(buyer).expect(200)).body.data.sellers[0];
    expect(s.options).toEqual([
      { method: 'seller_delivery', zone: 'state', feeKobo: 200_000, days: 2 },
      { method: 'pay_on_delivery', zone: 'state', feeKobo: 200_000, days: 2 },
    ]);
    expect(s.payOnDeliveryRefusal).toBeNull();
    // A second line that does not allow it: not offered, with the reason.
    const b = await listing(seller, 100_000, false);
    await addToCart(t, buyer.token, [{ productID: b.id, quantity: 1 }]).expect(200);
    const mixed = (await quote(buyer).expect(200)).body.data.sellers[0];
    expect(mixed.options.map((o: { method: string }) => o.method)).toEqual(['seller_delivery']);
    expect(mixed.payOnDeliveryRefusal).toBe('Not every item from this seller allows pay on delivery.');
    // Over POD_MAX (₦30,000 here) with delivery: ₦29,000 + ₦2,000.
    await t.db.query(`DELETE FROM cart_item WHERE user_id = $1`, [buyer.user.id]);
    await addToCart(t, buyer.token, [{ productID: (await listing(seller, 2_900_000)).id, quantity: 1 }]).expect(200);
    const big = (await quote(buyer).expect(200)).body.data.sellers[0];
    expect(big.payOnDeliveryRefusal).toBe(
      'Pay on delivery is for orders up to ₦30,000.00 with delivery; this one is ₦31,000.00. Pay online: Kasuwa holds the money until you have the goods.',
    );
    // Chosen anyway: 422 on that seller, nothing reserved.
    const stockBefore = (await t.db.query(`SELECT sum(quantity)::int AS n FROM product WHERE user_id = $1`, [seller.user.id]))[0].n;
    const res = await order(buyer, { [seller.user.id]: 'pay_on_delivery' }).expect(422);
    expect(res.body.error).toEqual([{ field: `delivery.${seller.user.id}`, message: big.payOnDeliveryRefusal }]);
    expect((await t.db.query(`SELECT sum(quantity)::int AS n FROM product WHERE user_id = $1`, [seller.user.id]))[0].n).toBe(stockBefore);
  });

  it('a pay-on-delivery order is placed without Paystack, holds its stock, and is never chosen for the buyer', async () => {
    const { seller, buyer } = await people();
    const a = await listing(seller, 1_000_000);
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 2 }]).expect(200);
    // Without a choice the cheapest option is taken: seller delivery, paid online.
    const online = await order(buyer, {}).expect(201);
    expect(online.body.data.orders[0]).toMatchObject({ payOnDelivery: false, totalAmount: '22000.00' });
    await request(t.http)
      .patch(`/api/orders/${online.body.data.orders[0].id}/update/status`)
      .set(bearer(buyer.token))
      .send({ status: 'cancelled_by_buyer' })
      .expect(200);

    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 2 }]).expect(200);
    const res = await order(buyer, { [seller.user.id]: 'pay_on_delivery' }).expect(201);
    expect(res.body.data).toMatchObject({ totalAmount: '0.00', orders: [{ totalAmount: '22000.00', payOnDelivery: true }] });
    const id = res.body.data.orders[0].id;
    expect(await stock(a.id)).toBe(3);
    const init = await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionID: res.body.data.checkoutSessionId })
      .expect(409);
    expect(init.body.code).toBe('NOTHING_TO_PAY');
    const seen = (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(seller.token)).expect(200)).body.data;
    expect(seen).toMatchObject({
      status: 'processing',
      paymentStatus: 'pending',
      paidAt: null,
      deliveryMethod: 'pay_on_delivery',
      deliveryFee: '2000.00',
      cashReceivedAt: null,
    });
    expect(seen.expectedDeliveryDate).not.toBeNull();
    expect(seen.allowedNext).toEqual(
      ['processing', 'accepted_by_seller', 'rejected_by_seller', 'shipped'].filter((s) => s !== 'processing'),
    );
    // The seller was told, in the bell.
    const [bell] = await t.db.query(`SELECT title FROM notification WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [seller.user.id]);
    expect(bell.title).toContain('pay-on-delivery');
  });

  it('cash received completes the order; the commission comes from the available balance, the rest is owed and shown on Earnings', async () => {
    const { seller, buyer } = await people();
    // An earlier online sale leaves ₦95 available (₦100 goods, no fee for pickup, 5% commission).
    const small = await createProduct(t, seller.user.id, { priceKobo: 10_000, quantity: 1 });
    await t.db.query(`UPDATE product SET pickup = true WHERE id = $1`, [small.id]);
    await addToCart(t, buyer.token, [{ productID: small.id, quantity: 1 }]).expect(200);
    await paidAndReceived(seller, buyer, { [seller.user.id]: 'pickup' });
    expect((await wallet(seller)).available).toBe('9500');

    const a = await listing(seller, 1_000_000);
    const id = await cashOrder(seller, buyer, a.id);
    await move(seller, id, 'shipped').expect(200);
    // Neither side can settle it by status: the buyer cannot mark it received, the seller not delivered.
    expect((await move(buyer, id, 'received_by_buyer').expect(409)).body.code).toBe('INVALID_STATUS_TRANSITION');
    expect((await move(seller, id, 'delivered').expect(409)).body.code).toBe('INVALID_STATUS_TRANSITION');
    expect((await cash(buyer, id).expect(404)).body.code).toBe('ORDER_NOT_FOUND');

    const done = (await cash(seller, id).expect(201)).body.data;
    expect(done).toMatchObject({ status: 'completed', paymentStatus: 'paid', cashReceivedAt: expect.any(String), deliveryRefusedAt: null });
    // 5% of ₦10,000 goods (the ₦2,000 delivery is not commissioned): ₦95 from available, ₦405 owed.
    expect(await wallet(seller)).toMatchObject({ available: '0', owed: '40500' });
    const entries = (await request(t.http).get('/api/wallet/entries').set(bearer(seller.token)).expect(200)).body.data;
    expect(
      entries
        .filter((e: { kind: string }) => e.kind === 'cod_commission')
        .map((e: { amount: string; account: string }) => [e.amount, e.account])
        .sort(),
    ).toEqual([
      ['-40500', 'owed'],
      ['-9500', 'available'],
    ]);
    // Once only.
    expect((await cash(seller, id).expect(409)).body.code).toBe('POD_SETTLED');
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE kind = 'cod_commission' AND order_id = $1`, [id]);
    expect(n).toBe(1);

    // Its own method in the transactions list and on the dashboard; not a reconciliation difference.
    const list = await adminList(t, admin, '/api/admin/transactions', { type: 'cash' });
    expect(list.find((r: { id: string }) => r.id === `cash-${id}`)).toMatchObject({
      type: 'cash',
      provider: 'cash',
      paymentMethod: 'cash_on_delivery',
      amount: '12000.00',
      status: 'successful',
    });
    const stats = (await request(t.http).get('/api/inner/admin/dashboard/stats').set(bearer(admin)).expect(200)).body.stats;
    expect(stats.money.cashOnDelivery.orders).toBeGreaterThanOrEqual(1);
    const diffs = (await request(t.http).get('/api/admin/reconciliation').query({ range: '[0,499]' }).set(bearer(admin)).expect(200))
      .body as { id: string }[];
    expect(diffs.map((d) => d.id)).not.toContain(`order:${id}`);

    // A later online sale is released in full; what is owed waits for the next withdrawal or payout (PayoutsService).
    const online = await listing(seller, 1_000_000, false);
    await addToCart(t, buyer.token, [{ productID: online.id, quantity: 1 }]).expect(200);
    await paidAndReceived(seller, buyer, {});
    expect(await wallet(seller)).toMatchObject({ available: String(1_000_000 - 50_000 + 200_000), owed: '40500' });
  });

  it('at most 2 open pay-on-delivery orders per buyer, counted across sellers and within one checkout', async () => {
    const { seller, buyer } = await people();
    const s2 = await registerUser(t);
    const s3 = await registerUser(t);
    const [a, b, c] = [await listing(seller, 100_000), await listing(s2, 100_000), await listing(s3, 100_000)];
    await addToCart(t, buyer.token, [
      { productID: a.id, quantity: 1 },
      { productID: b.id, quantity: 1 },
      { productID: c.id, quantity: 1 },
    ]).expect(200);
    const third = await order(buyer, {
      [seller.user.id]: 'pay_on_delivery',
      [s2.user.id]: 'pay_on_delivery',
      [s3.user.id]: 'pay_on_delivery',
    }).expect(422);
    expect(third.body.error[0]).toEqual({
      field: `delivery.${Math.max(seller.user.id, s2.user.id, s3.user.id)}`,
      message: expect.stringContaining('2 pay-on-delivery orders open'),
    });
    const two = await order(buyer, {
      [seller.user.id]: 'pay_on_delivery',
      [s2.user.id]: 'pay_on_delivery',
      [s3.user.id]: 'seller_delivery',
    }).expect(201);
    expect(two.body.data.totalAmount).toBe('3000.00'); // only s3's order is charged online
    await addToCart(t, buyer.token, [{ productID: c.id, quantity: 1 }]).expect(200);
    const q = (await quote(buyer).expect(200)).body.data.sellers[0];
    expect(q.payOnDeliveryRefusal).toBe('You already have 2 pay-on-delivery orders open. Pay online, or wait until one is delivered.');
    // One ends (the buyer cancels before shipping): a slot opens.
    const first = two.body.data.orders.find((o: { payOnDelivery: boolean }) => o.payOnDelivery).id;
    await move(buyer, first, 'cancelled_by_buyer').expect(200);
    expect((await quote(buyer).expect(200)).body.data.sellers[0].payOnDeliveryRefusal).toBeNull();
  });

  it('a refused delivery ends the order with the goods back on sale; two refusals close pay on delivery to the buyer', async () => {
    const { seller, buyer } = await people();
    const a = await listing(seller, 100_000);
    const first = await cashOrder(seller, buyer, a.id);
    expect(await stock(a.id)).toBe(4);
    // Only at the door: not before it is shipped.
    expect((await refused(seller, first).expect(409)).body.code).toBe('INVALID_STATUS_TRANSITION');
    await move(seller, first, 'shipped').expect(200);
    const out = (await refused(seller, first, 'Said the colour was wrong').expect(201)).body.data;
    expect(out).toMatchObject({ status: 'rejected_by_buyer', paymentStatus: 'cancelled', deliveryRefusedAt: expect.any(String) });
    expect(out.history.at(-1).reason).toBe('Refused at the door (pay on delivery): Said the colour was wrong');
    expect(await stock(a.id)).toBe(5);
    expect((await cash(seller, first).expect(409)).body.code).toBe('POD_SETTLED');
    // Not a pay-on-delivery order: refused.
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    const paid = (await order(buyer, {}).expect(201)).body.data.orders[0].id;
    expect((await cash(seller, paid).expect(409)).body.code).toBe('NOT_PAY_ON_DELIVERY');
    await move(buyer, paid, 'cancelled_by_buyer').expect(200);

    const second = await cashOrder(seller, buyer, a.id);
    await move(seller, second, 'shipped').expect(200);
    await refused(seller, second).expect(201);
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    const rule =
      'Pay on delivery is closed for your account: you refused 2 pay-on-delivery orders at the door. You can still pay online; Kasuwa holds the money until you have the goods.';
    expect((await quote(buyer).expect(200)).body.data.sellers[0].payOnDeliveryRefusal).toBe(rule);
    expect((await order(buyer, { [seller.user.id]: 'pay_on_delivery' }).expect(422)).body.error[0].message).toBe(rule);
    // Nothing moved in the ledger for refused cash orders.
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE order_id = ANY($1)`, [[first, second]]);
    expect(n).toBe(0);
  });

  it('the back-office lists pay-on-delivery orders with their outcome and counts per buyer and seller', async () => {
    const { seller, buyer } = await people();
    const a = await listing(seller, 100_000);
    const id = await cashOrder(seller, buyer, a.id);
    await move(seller, id, 'shipped').expect(200);
    await cash(seller, id).expect(201);
    const rows = await adminList(t, admin, '/api/admin/orders', { deliveryMethod: 'pay_on_delivery' });
    expect(rows.find((o: { id: number }) => o.id === id)).toMatchObject({
      deliveryMethod: 'pay_on_delivery',
      cashReceivedAt: expect.any(String),
    });
    const asBuyer = (await request(t.http).get(`/api/admin/users/${buyer.user.id}/pay-on-delivery`).set(bearer(admin)).expect(200)).body
      .data;
    expect(asBuyer).toMatchObject({
      asBuyer: { open: 0, cashReceived: 1, refused: 0, closed: false },
      asSeller: { open: 0, cashReceived: 0, refused: 0 },
    });
    const asSeller = (await request(t.http).get(`/api/admin/users/${seller.user.id}/pay-on-delivery`).set(bearer(admin)).expect(200)).body
      .data;
    expect(asSeller.asSeller).toMatchObject({ cashReceived: 1, owedKobo: '5000' });
    await request(t.http).get(`/api/admin/users/${seller.user.id}/pay-on-delivery`).set(bearer(buyer.token)).expect(401);
  });
});
