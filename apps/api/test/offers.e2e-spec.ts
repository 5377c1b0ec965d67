import request from 'supertest';
import { bearer } from './utils/actors';
import { addToCart, createProduct, SHIPPING } from './utils/catalog-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';
import { OneOpenOffer1764230000001 } from '../src/database/migrations/1764230000001-one-open-offer';

/**
 * Offers a buyer can follow: one open offer per buyer and listing (a new one replaces it, also when two arrive at once),
 * and the accepted price is the one the cart shows, the order totals and Paystack charges.
 */
describe('offers: one open per buyer and listing, the accepted price from cart to Paystack', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({
    paystack,
    users: [
      { firstName: 'Sade', lastName: 'Seller' },
      { firstName: 'Bayo', lastName: 'Buyer' },
    ],
    env: { CHAT_RATE_LIMIT: '100' },
  });

  const conversation = async (productId: number) =>
    (await request(t.http).post('/api/conversations').set(bearer(buyer)).send({ productId }).expect(201)).body.data.id as number;
  const offer = (id: number, kobo: number) =>
    request(t.http).post(`/api/conversations/${id}/messages`).set(bearer(buyer)).send({ offer: kobo });
  const decide = (id: number, messageId: number, accept: boolean) =>
    request(t.http).post(`/api/conversations/${id}/offers/${messageId}`).set(bearer(seller)).send({ accept });
  const offers = async (id: number) =>
    (
      (await request(t.http).get(`/api/conversations/${id}/messages`).set(bearer(buyer)).expect(200)).body.data as {
        id: number;
        kind: string;
        offerKobo: string;
        offerStatus: string;
      }[]
    ).filter((m) => m.kind === 'offer');

  it('a second offer replaces the open one: the seller can no longer accept the first', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Standing fan', priceKobo: 4_500_000, quantity: 3 });
    const id = await conversation(p.id);
    const first = (await offer(id, 4_000_000).expect(201)).body.data;
    const second = (await offer(id, 4_200_000).expect(201)).body.data;
    expect(second).toMatchObject({ offerStatus: 'pending', offerKobo: '4200000' });
    expect((await offers(id)).map((m) => [m.offerKobo, m.offerStatus])).toEqual([
      ['4000000', 'replaced'],
      ['4200000', 'pending'],
    ]);
    const late = await decide(id, first.id, true).expect(409);
    expect(late.body).toMatchObject({ code: 'OFFER_CLOSED', message: 'This offer was already replaced.' });
    await decide(id, second.id, true).expect(200);
    // An offer at or above the listed price is refused with the reason.
    const high = await offer(id, 4_500_000).expect(422);
    expect(JSON.stringify(high.body)).toContain('Offer less than the listed price of ₦45,000');
  });

  it('two offers sent at once: both answered, exactly one left open (the partial unique index holds)', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Gas cooker', priceKobo: 9_000_000, quantity: 2 });
    const id = await conversation(p.id);
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all([offer(id, 7_000_000 + round), offer(id, 8_000_000 + round)]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      const open = (await offers(id)).filter((m) => m.offerStatus === 'pending');
      expect(open).toHaveLength(1);
      // The one left open is whichever was stored last.
      expect(open[0].id).toBe(Math.max(...answers.map((a) => a.body.data.id)));
    }
    // The database itself refuses a second open offer in a conversation.
    await expect(
      t.db.query(
        `INSERT INTO message (conversation_id, sender_id, kind, offer_kobo, offer_status) VALUES ($1, $2, 'offer', 100, 'pending')`,
        [id, buyer.user.id],
      ),
    ).rejects.toThrow(/message_one_open_offer/);
  });

  it('the accepted price is the cart line, the cart total, the order total and the amount Paystack is asked for', async () => {
    const fridge = await createProduct(t, seller.user.id, { name: 'Thermocool fridge', priceKobo: 19_900_000, quantity: 4 });
    const kettle = await createProduct(t, seller.user.id, { name: 'Electric kettle', priceKobo: 1_250_000, quantity: 4 });
    const id = await conversation(fridge.id);
    const made = (await offer(id, 19_500_000).expect(201)).body.data;

    // Before the seller answers, the cart is at the listed price.
    let cart = (
      await addToCart(t, buyer.token, [
        { productID: fridge.id, quantity: 2 },
        { productID: kettle.id, quantity: 1 },
      ]).expect(200)
    ).body.data;
    expect(cart.items.map((i: { unitPrice: string; priceSource: string }) => [i.unitPrice, i.priceSource])).toEqual([
      ['199000.00', 'listing'],
      ['12500.00', 'listing'],
    ]);
    expect(cart.total).toBe('410500.00');

    await decide(id, made.id, true).expect(200);
    cart = (await request(t.http).get('/api/products/cart/items').set(bearer(buyer)).expect(200)).body.data;
    const line = cart.items.find((i: { productID: number }) => i.productID === fridge.id);
    expect(line).toMatchObject({
      unitPrice: '195000.00',
      priceSource: 'offer',
      lineTotal: '390000.00',
      quantity: 2,
      product: { productPrice: '199000.00' },
    });
    expect(cart.total).toBe('402500.00');

    const placed = (await request(t.http).post('/api/orders').set(bearer(buyer)).send(SHIPPING).expect(201)).body.data;
    expect(placed.totalAmount).toBe(cart.total);
    const [item] = await t.db.query(
      `SELECT i.price_kobo FROM order_item i JOIN "order" o ON o.id = i.order_id WHERE o.checkout_session_id = $1 AND i.product_id = $2`,
      [placed.checkoutSessionId, fridge.id],
    );
    expect(item.price_kobo).toBe('19500000');

    await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer))
      .send({ checkoutSessionID: placed.checkoutSessionId })
      .expect(201);
    const sent = paystack.requests.filter((r) => r.path === '/transaction/initialize').at(-1)!;
    expect((sent.body as { amount: number }).amount).toBe(40_250_000);

    // Used once: the next cart of the listing is at the listed price again.
    cart = (await addToCart(t, buyer.token, [{ productID: fridge.id, quantity: 1 }]).expect(200)).body.data;
    expect(cart.items[0]).toMatchObject({ unitPrice: '199000.00', priceSource: 'listing' });
  });

  it('a price cut below the accepted offer is the price: the buyer never pays more than the listing', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Blender', priceKobo: 3_000_000, quantity: 2 });
    const id = await conversation(p.id);
    const made = (await offer(id, 2_500_000).expect(201)).body.data;
    await decide(id, made.id, true).expect(200);
    await t.db.query(`UPDATE product SET price_kobo = 2000000 WHERE id = $1`, [p.id]);
    await request(t.http).put('/api/products/cart/empty').set(bearer(buyer)).expect(200);
    const cart = (await addToCart(t, buyer.token, [{ productID: p.id, quantity: 1 }]).expect(200)).body.data;
    expect(cart.items[0]).toMatchObject({ unitPrice: '20000.00', priceSource: 'listing' });
    expect((await request(t.http).post('/api/orders').set(bearer(buyer)).send(SHIPPING).expect(201)).body.data.totalAmount).toBe(
      '20000.00',
    );
  });

  it('the migration keeps only the newest open offer of those already piled up (run last: it rewinds the rule)', async () => {
    const p = await createProduct(t, seller.user.id, { name: 'Inverter battery', priceKobo: 25_000_000, quantity: 1 });
    const id = await conversation(p.id);
    const runner = t.db.createQueryRunner();
    const migration = new OneOpenOffer1764230000001();
    try {
      await migration.down(runner);
      for (const kobo of [20_000_000, 21_000_000, 22_000_000]) {
        await t.db.query(
          `INSERT INTO message (conversation_id, sender_id, kind, offer_kobo, offer_status) VALUES ($1, $2, 'offer', $3, 'pending')`,
          [id, buyer.user.id, kobo],
        );
      }
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect((await offers(id)).map((m) => [m.offerKobo, m.offerStatus])).toEqual([
      ['20000000', 'replaced'],
      ['21000000', 'replaced'],
      ['22000000', 'pending'],
    ]);
  });
});
