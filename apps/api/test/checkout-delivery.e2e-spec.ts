import request from 'supertest';
import { adminList, bearer, registerUser, type TestUser } from './utils/actors';
import { addToCart, createProduct, SHIPPING } from './utils/catalog-fixtures';
import { moneyAppPerFile } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { LGA, STATE } from './utils/places';

/** docs/delivery.md (Delivery): the checkout quote per seller and zone, the fee on the order, in escrow and in the charge. */
describe('checkout delivery: quote and fees on orders', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer, seller2],
    admin,
  } = moneyAppPerFile(paystack, {
    users: [
      { firstName: 'Sola', lastName: 'Seller' },
      { firstName: 'Bisi', lastName: 'Buyer' },
      { firstName: 'Tunde', lastName: 'Two' },
    ],
    admin: true,
  });
  const { LAGOS, FCT } = STATE;
  const { ETI_OSA, IKEJA } = LGA;
  let fctLga = 0;

  interface Terms {
    stateId?: number | null;
    lgaId?: number | null;
    pickup?: boolean;
    lga?: number | null;
    state?: number | null;
    other?: number | null;
    days?: [number, number, number];
  }
  /** A listing of `who` at `priceKobo` in Eti-Osa, Lagos, with these delivery terms (fees in kobo; null = not served). */
  async function listing(who: TestUser, priceKobo: number, terms: Terms = {}) {
    const p = await createProduct(t, who.user.id, { priceKobo, quantity: 5 });
    const [dl, ds, dother] = terms.days ?? [1, 2, 5];
    await t.db.query(
      `UPDATE product SET state_id = $2, lga_id = $3, pickup = $4, delivery_lga_kobo = $5, delivery_state_kobo = $6, delivery_other_kobo = $7,
              delivery_lga_days = $8, delivery_state_days = $9, delivery_other_days = $10 WHERE id = $1`,
      [
        p.id,
        terms.stateId === undefined ? LAGOS : terms.stateId,
        terms.lgaId === undefined ? ETI_OSA : terms.lgaId,
        terms.pickup ?? false,
        terms.lga === undefined ? 100_000 : terms.lga,
        terms.state === undefined ? 200_000 : terms.state,
        terms.other === undefined ? 500_000 : terms.other,
        dl,
        ds,
        dother,
      ],
    );
    return p;
  }
  const clearCart = () => t.db.query(`DELETE FROM cart_item WHERE user_id = $1`, [buyer.user.id]);
  const quote = (stateId: number | string, lgaId: number | string, who = buyer) =>
    request(t.http).get('/api/checkout/quote').query({ stateId, lgaId }).set(bearer(who.token));
  const order = (body: Record<string, unknown>) =>
    request(t.http)
      .post('/api/orders')
      .set(bearer(buyer.token))
      .send({ ...SHIPPING, ...body });
  /** The order as its buyer reads it. */
  const buyersOrder = async (id: number) =>
    (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(buyer.token)).expect(200)).body.data;
  const wallet = async (u: TestUser) => (await request(t.http).get('/api/wallet').set(bearer(u.token)).expect(200)).body.data;
  const move = (token: string, id: number, to: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to });
  async function pay(checkoutSessionId: number) {
    const init = await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionID: checkoutSessionId })
      .expect(201);
    const reference = init.body.data.transaction.reference as string;
    const charged = paystack.get(reference).amount;
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    return { reference, charged };
  }

  beforeAll(async () => {
    fctLga = (await t.db.query(`SELECT min(id) AS id FROM location_lga WHERE state_id = $1`, [FCT]))[0].id;
  });
  beforeEach(clearCart);

  it('quotes each zone: same LGA, same state, unknown LGA → state, other state; an unserved zone has no option', async () => {
    const a = await listing(seller, 1_000_000, { pickup: true });
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 2 }]).expect(200);
    const at = async (stateId: number, lgaId: number) => (await quote(stateId, lgaId).expect(200)).body.data;
    const same = await at(LAGOS, ETI_OSA);
    expect(same).toEqual({
      currency: 'NGN',
      sellers: [
        {
          sellerId: seller.user.id,
          sellerName: 'Sola Seller',
          goodsKobo: 2_000_000,
          pickupArea: 'Lagos',
          payOnDeliveryRefusal: null,
          options: [
            { method: 'pickup', zone: null, feeKobo: 0, days: null },
            { method: 'seller_delivery', zone: 'lga', feeKobo: 100_000, days: 1 },
          ],
        },
      ],
    });
    expect((await at(LAGOS, IKEJA)).sellers[0].options[1]).toEqual({ method: 'seller_delivery', zone: 'state', feeKobo: 200_000, days: 2 });
    expect((await at(FCT, fctLga)).sellers[0].options[1]).toEqual({ method: 'seller_delivery', zone: 'other', feeKobo: 500_000, days: 5 });
    // A listing whose LGA is unknown is in the buyer's state zone even at the buyer's own LGA.
    await t.db.query(`UPDATE product SET lga_id = NULL WHERE id = $1`, [a.id]);
    expect((await at(LAGOS, ETI_OSA)).sellers[0].options[1]).toMatchObject({ zone: 'state', feeKobo: 200_000 });
    // Other states not served: only pickup reaches Abuja.
    await t.db.query(`UPDATE product SET delivery_other_kobo = NULL WHERE id = $1`, [a.id]);
    expect((await at(FCT, fctLga)).sellers[0].options).toEqual([{ method: 'pickup', zone: null, feeKobo: 0, days: null }]);
  });

  it('one trip per seller: the highest fee and days of its lines; pickup only when every line allows it; accepted offers in the goods', async () => {
    const a = await listing(seller, 1_000_000, { pickup: true, lga: 100_000, days: [1, 2, 5] });
    const b = await listing(seller, 300_000, { pickup: false, lga: 150_000, days: [3, 3, 6] });
    await t.db.query(
      `WITH c AS (INSERT INTO conversation (product_id, buyer_id, seller_id) VALUES ($2, $1, $3) RETURNING id),
            m AS (INSERT INTO message (conversation_id, sender_id, kind, offer_kobo, offer_status) SELECT id, $1, 'offer', 800000, 'accepted' FROM c RETURNING id)
       INSERT INTO offer_price (buyer_id, product_id, price_kobo, message_id) SELECT $1, $2, 800000, id FROM m`,
      [buyer.user.id, a.id, seller.user.id],
    );
    await addToCart(t, buyer.token, [
      { productID: a.id, quantity: 1 },
      { productID: b.id, quantity: 2 },
    ]).expect(200);
    const s = (await quote(LAGOS, ETI_OSA).expect(200)).body.data.sellers[0];
    expect(s.goodsKobo).toBe(800_000 + 600_000);
    expect(s.options).toEqual([{ method: 'seller_delivery', zone: 'lga', feeKobo: 150_000, days: 3 }]);
    await t.db.query(`DELETE FROM offer_price WHERE buyer_id = $1`, [buyer.user.id]);
  });

  it('the place is checked (422) and the caller must be signed in', async () => {
    for (const [s, l] of [
      [LAGOS, 999],
      [99, ETI_OSA],
      [LAGOS, fctLga],
      ['x', ETI_OSA],
      [LAGOS, '1e3'],
    ]) {
      expect((await quote(s, l)).status).toBe(422);
    }
    await request(t.http).get('/api/checkout/quote').query({ stateId: LAGOS, lgaId: ETI_OSA }).expect(401);
  });

  it('a cart of 5 sellers is quoted in at most 2 SQL statements (the token check and the quote)', async () => {
    const pg = (t.db.driver as unknown as { postgres: { Client: { prototype: { query: (...a: unknown[]) => unknown } } } }).postgres;
    const sellers = [seller, seller2, ...(await Promise.all([0, 1, 2].map(() => registerUser(t))))];
    for (const s of sellers) await addToCart(t, buyer.token, [{ productID: (await listing(s, 100_000)).id, quantity: 1 }]).expect(200);
    const query = pg.Client.prototype.query;
    let best = Infinity;
    try {
      for (let i = 0; i < 3; i++) {
        let sent = 0;
        pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
          // The job queue polls through the same driver: its statements are not the quote's.
          if (!/pgboss\./.test(String((args[0] as { text?: string })?.text ?? args[0]))) sent += 1;
          return query.apply(this, args);
        };
        const res = await quote(LAGOS, IKEJA).expect(200);
        pg.Client.prototype.query = query;
        expect(res.body.data.sellers).toHaveLength(5);
        best = Math.min(best, sent);
      }
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(best).toBeLessThanOrEqual(2);
  });

  it('an order takes the chosen method, else the cheapest; the fee comes from the listings (a tampered fee is ignored)', async () => {
    const a = await listing(seller, 1_000_000, { pickup: true });
    const b = await listing(seller2, 400_000, { other: 700_000, days: [1, 2, 4] });
    await addToCart(t, buyer.token, [
      { productID: a.id, quantity: 1 },
      { productID: b.id, quantity: 1 },
    ]).expect(200);
    const res = await order({
      stateId: FCT,
      lgaId: fctLga,
      landmark: 'Opposite the mosque',
      delivery: { [seller2.user.id]: 'seller_delivery' },
      deliveryFee: 1,
      deliveryFeeKobo: 1,
      totalAmount: '1.00',
    }).expect(201);
    // Seller 1: pickup (cheapest, free); seller 2: other states, ₦7,000.
    expect(res.body.data.totalAmount).toBe('21000.00');
    const rows = await t.db.query(
      `SELECT seller_id, total_kobo, delivery_method, delivery_zone, delivery_fee_kobo, delivery_days, state_id, lga_id, landmark FROM "order" WHERE checkout_session_id = $1 ORDER BY seller_id`,
      [res.body.data.checkoutSessionId],
    );
    expect(rows).toEqual(
      [
        {
          seller_id: seller.user.id,
          total_kobo: '1000000',
          delivery_method: 'pickup',
          delivery_zone: null,
          delivery_fee_kobo: '0',
          delivery_days: null,
          state_id: FCT,
          lga_id: fctLga,
          landmark: 'Opposite the mosque',
        },
        {
          seller_id: seller2.user.id,
          total_kobo: '1100000',
          delivery_method: 'seller_delivery',
          delivery_zone: 'other',
          delivery_fee_kobo: '700000',
          delivery_days: 4,
          state_id: FCT,
          lga_id: fctLga,
          landmark: 'Opposite the mosque',
        },
      ].sort((x, y) => x.seller_id - y.seller_id),
    );
    const { charged } = await pay(res.body.data.checkoutSessionId);
    expect(charged).toBe(2_100_000);
    const byTotal = (total: string) => res.body.data.orders.find((o: { totalAmount: string }) => o.totalAmount === total).id;
    const mine = await buyersOrder(byTotal('11000.00'));
    expect(mine).toMatchObject({
      deliveryMethod: 'seller_delivery',
      deliveryZone: 'other',
      deliveryFee: '7000.00',
      deliveryDays: 4,
      totalAmount: '11000.00',
    });
    expect(new Date(mine.expectedDeliveryDate).getTime() - new Date(mine.paidAt).getTime()).toBe(4 * 86_400_000);
    const pickup = await buyersOrder(byTotal('10000.00'));
    expect(pickup).toMatchObject({ deliveryMethod: 'pickup', deliveryZone: null, deliveryFee: '0.00', expectedDeliveryDate: null });
  });

  it('an old client (no stateId) gets no fee, as before; a choice outside the quote is a 422 naming the seller; an unreachable listing a 409', async () => {
    const a = await listing(seller, 1_000_000, { pickup: false, other: null });
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    const bad = await order({ stateId: LAGOS, lgaId: ETI_OSA, delivery: { [seller.user.id]: 'pickup' } }).expect(422);
    expect(bad.body.error).toEqual([{ field: `delivery.${seller.user.id}`, message: expect.stringContaining('Sola Seller') }]);
    expect(
      (await order({ stateId: LAGOS, lgaId: ETI_OSA, delivery: { [seller.user.id]: 'teleport' } }).expect(422)).body.error[0].field,
    ).toBe('delivery');
    expect((await order({ stateId: LAGOS, lgaId: fctLga }).expect(422)).body.error[0].field).toBe('lgaId');
    expect((await order({ stateId: LAGOS }).expect(422)).body.error[0].field).toBe('lgaId');
    expect((await order({ delivery: { [seller.user.id]: 'pickup' } }).expect(422)).body.error[0].field).toBe('stateId');
    const far = await order({ stateId: FCT, lgaId: fctLga }).expect(409);
    expect(far.body).toMatchObject({ code: 'DELIVERY_UNAVAILABLE', message: expect.stringContaining(a.name) });
    // Nothing was taken by the refused checkouts.
    expect((await t.db.query(`SELECT quantity FROM product WHERE id = $1`, [a.id]))[0].quantity).toBe(5);
    const old = await order({}).expect(201);
    const [o] = await t.db.query(
      `SELECT total_kobo, delivery_method, delivery_fee_kobo, state_id FROM "order" WHERE checkout_session_id = $1`,
      [old.body.data.checkoutSessionId],
    );
    expect(o).toEqual({ total_kobo: '1000000', delivery_method: null, delivery_fee_kobo: '0', state_id: null });
    const shown = await buyersOrder(old.body.data.orders[0].id);
    expect(shown).toMatchObject({ deliveryMethod: null, deliveryFee: '0.00', expectedDeliveryDate: null });
  });

  it('the fee is held in escrow with the goods; release credits goods − commission (on goods only) + fee', async () => {
    const a = await listing(seller2, 1_000_000);
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    const before = await wallet(seller2);
    const res = await order({ stateId: LAGOS, lgaId: IKEJA }).expect(201);
    const id = res.body.data.orders[0].id;
    expect(res.body.data.totalAmount).toBe('12000.00');
    expect((await pay(res.body.data.checkoutSessionId)).charged).toBe(1_200_000);
    const [o] = await t.db.query(`SELECT commission_kobo, delivery_fee_kobo FROM "order" WHERE id = $1`, [id]);
    expect(o).toEqual({ commission_kobo: '50000', delivery_fee_kobo: '200000' }); // 5% of the ₦10,000 goods, not of ₦12,000
    expect(Number((await wallet(seller2)).held) - Number(before.held)).toBe(1_200_000);
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller2.token, id, to).expect(200);
    await move(buyer.token, id, 'received_by_buyer').expect(200);
    expect(Number((await wallet(seller2)).available) - Number(before.available)).toBe(1_000_000 - 50_000 + 200_000);
  });

  it('a full refund returns the goods and the fee', async () => {
    const a = await listing(seller, 600_000);
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    const res = await order({ stateId: FCT, lgaId: fctLga }).expect(201);
    const id = res.body.data.orders[0].id;
    await pay(res.body.data.checkoutSessionId);
    await request(t.http)
      .put(`/api/admin/orders/${id}`)
      .set(bearer(admin))
      .send({ status: 'rejected_by_seller', reason: 'Seller cannot deliver' })
      .expect(200);
    const [refund] = await t.db.query(`SELECT amount_kobo FROM refund WHERE order_id = $1`, [id]);
    expect(refund.amount_kobo).toBe(String(600_000 + 500_000));
  });

  it('the back-office list filters by delivery method', async () => {
    const a = await listing(seller, 100_000, { pickup: true });
    await addToCart(t, buyer.token, [{ productID: a.id, quantity: 1 }]).expect(200);
    const res = await order({ stateId: LAGOS, lgaId: ETI_OSA, delivery: { [seller.user.id]: 'pickup' } }).expect(201);
    const list = async (deliveryMethod: string) =>
      (await adminList(t, admin, '/api/admin/orders', { deliveryMethod })) as { id: number; deliveryMethod: string | null }[];
    const pickups = await list('pickup');
    expect(pickups.map((o) => o.id)).toContain(res.body.data.orders[0].id);
    expect(pickups.every((o) => o.deliveryMethod === 'pickup')).toBe(true);
    expect((await list('none')).every((o) => o.deliveryMethod === null)).toBe(true);
  });
});
