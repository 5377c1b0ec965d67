import request from 'supertest';
import { EscrowService } from '../src/modules/money/escrow.service';
import { OrderClockFlow } from '../src/flows/order-clock.flow';
import { bearer, type TestUser } from './utils/actors';
import { addToCart, createProduct, SHIPPING } from './utils/catalog-fixtures';
import { moneyAppPerFile, openDispute, paidOrder as payOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { LGA, STATE } from './utils/places';

const DAY = 86_400_000;
/** RELEASE_AFTER, the default. */
const RELEASE_AFTER = 7 * DAY;

/**
 * The release clock on the delivery option's days (docs/delivery.md: Escrow, one rule; Delivery): a seller-delivery order is
 * paid at shipped + its days + RELEASE_AFTER unless the buyer disputes, even when the seller never marks it delivered;
 * marked delivered, the real date wins. Orders without days (pickup, orders from before delivery options) keep
 * the rule of delivery + RELEASE_AFTER. Ship-by stays SHIP_BY after payment for every option.
 */
describe('money clock: the delivery option sets the release date', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
    admin,
  } = moneyAppPerFile(paystack, {
    users: [
      { firstName: 'Sola', lastName: 'Seller' },
      { firstName: 'Bisi', lastName: 'Buyer' },
    ],
    admin: true,
  });
  const { LAGOS } = STATE;
  const { ETI_OSA } = LGA;

  /** A paid order of one listing in Eti-Osa, Lagos, delivered by its seller in `days` days (or picked up), bought from Eti-Osa. */
  async function optionOrder(method: 'seller_delivery' | 'pickup', days = 2, priceKobo = 400_000, who: TestUser = seller): Promise<number> {
    const p = await createProduct(t, who.user.id, { priceKobo, quantity: 5 });
    await t.db.query(
      `UPDATE product SET state_id = $2, lga_id = $3, pickup = true, delivery_lga_kobo = 150000, delivery_state_kobo = NULL, delivery_other_kobo = NULL,
              delivery_lga_days = $4 WHERE id = $1`,
      [p.id, LAGOS, ETI_OSA, days],
    );
    await t.db.query(`DELETE FROM cart_item WHERE user_id = $1`, [buyer.user.id]);
    await addToCart(t, buyer.token, [{ productID: p.id, quantity: 1 }]).expect(200);
    const placed = await request(t.http)
      .post('/api/orders')
      .set(bearer(buyer.token))
      .send({ ...SHIPPING, stateId: LAGOS, lgaId: ETI_OSA, delivery: { [who.user.id]: method } })
      .expect(201);
    const init = await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionID: placed.body.data.checkoutSessionId })
      .expect(201);
    const reference = init.body.data.transaction.reference as string;
    paystack.pay(reference);
    await paystack.sendWebhook(t.http, reference).expect(200);
    return placed.body.data.orders[0].id as number;
  }
  const move = (token: string, id: number, to: string, reason?: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to, reason });
  const ship = async (id: number) => {
    for (const to of ['accepted_by_seller', 'shipped']) await move(seller.token, id, to).expect(200);
  };
  const order = async (id: number) => (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(buyer.token)).expect(200)).body.data;
  const row = async (id: number) =>
    (
      await t.db.query(
        `SELECT status, delivery_method, delivery_days, paid_at, shipped_at, delivered_at, release_at, released_at, release_reminded_at FROM "order" WHERE id = $1`,
        [id],
      )
    )[0];
  const at = (d: Date | string) => new Date(d).getTime();
  const clock = () => t.app.get(OrderClockFlow);
  const releases = async (id: number) =>
    Number((await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE kind = 'release' AND order_id = $1`, [id]))[0].n);
  const held = async (id: number) =>
    Number((await t.db.query(`SELECT balance_kobo FROM ledger_account WHERE code = $1`, [`escrow:${id}`]))[0]?.balance_kobo ?? 0);
  const reminders = async (orderNumber: string) =>
    Number(
      (
        await t.db.query(`SELECT count(*)::int AS n FROM notification WHERE user_id = $1 AND title LIKE $2`, [
          buyer.user.id,
          `Kasuwa pays the seller of ${orderNumber} on %`,
        ])
      )[0].n,
    );

  it('a shipped 2-day order is completed and its money released at shipped + 2 days + RELEASE_AFTER, not a second before, once; the buyer is reminded first', async () => {
    const id = await optionOrder('seller_delivery', 2, 400_000);
    const paid = await row(id);
    expect(paid).toMatchObject({
      status: 'paid',
      delivery_method: 'seller_delivery',
      delivery_days: 2,
      shipped_at: null,
      release_at: null,
    });
    const before = await order(id);
    // Before shipment: expected at payment + the option's days; the ship-by deadline is SHIP_BY after payment as for any option.
    expect(at(before.expectedDeliveryDate)).toBe(at(paid.paid_at) + 2 * DAY);
    expect(Math.abs(at(before.shipBy) - (at(paid.paid_at) + 3 * DAY))).toBeLessThan(60_000);

    await ship(id);
    const shipped = await row(id);
    const releaseAt = at(shipped.shipped_at) + 2 * DAY + RELEASE_AFTER;
    expect(at(shipped.release_at)).toBe(releaseAt);
    const shown = await order(id);
    expect(at(shown.releaseAt)).toBe(releaseAt);
    expect(at(shown.expectedDeliveryDate)).toBe(at(shipped.shipped_at) + 2 * DAY);

    // RELEASE_REMINDER_BEFORE (a day) before: the buyer is reminded, once.
    await clock().runDue(new Date(releaseAt - DAY - 60_000));
    expect(await reminders(shown.orderNumber)).toBe(0);
    const early = await clock().runDue(new Date(releaseAt - 1000));
    expect(early.completed).not.toContain(id);
    expect(await reminders(shown.orderNumber)).toBe(1);
    expect([(await row(id)).status, await releases(id), await held(id)]).toEqual(['shipped', 0, 550_000]);

    // Due (the database keeps microseconds: the first millisecond not before releaseAt): two runs at once complete it once.
    const due = new Date(releaseAt + 1);
    const [one, two] = await Promise.all([clock().runDue(due), clock().runDue(due)]);
    expect([...one.completed, ...two.completed].filter((c) => c === id)).toHaveLength(1);
    expect((await clock().runDue(new Date(releaseAt + DAY))).completed).not.toContain(id);
    const done = await order(id);
    expect(done).toMatchObject({ status: 'completed', releasedAt: expect.any(String) });
    expect(done.history.at(-1)).toMatchObject({
      status: 'completed',
      fromStatus: 'shipped',
      actorKind: 'system',
      reason: expect.stringMatching(
        /^Not disputed by .+, 7 days after the expected delivery date: completed automatically, so Kasuwa paid the seller$/,
      ),
    });
    expect([await releases(id), await held(id), await reminders(shown.orderNumber)]).toEqual([1, 0, 1]);
    await expectMoneyInvariants(t.db);
  });

  it('on the way past its releaseAt, it is completed the same way', async () => {
    const id = await optionOrder('seller_delivery', 3);
    await ship(id);
    await move(seller.token, id, 'on_the_way').expect(200);
    const { shipped_at, release_at } = await row(id);
    expect(at(release_at)).toBe(at(shipped_at) + 3 * DAY + RELEASE_AFTER);
    expect((await clock().runDue(new Date(at(release_at) - 1000))).completed).not.toContain(id);
    expect((await clock().runDue(new Date(at(release_at) + 1))).completed).toContain(id);
    expect((await order(id)).history.at(-1)).toMatchObject({ status: 'completed', fromStatus: 'on_the_way', actorKind: 'system' });
    expect(await releases(id)).toBe(1);
  });

  it('marked delivered, releaseAt becomes delivered + RELEASE_AFTER (earlier or later than expected), the same if marked again', async () => {
    const soon = await optionOrder('seller_delivery', 2);
    await ship(soon);
    await move(seller.token, soon, 'delivered').expect(200);
    const delivered = await row(soon);
    expect(at(delivered.release_at)).toBe(at(delivered.delivered_at) + RELEASE_AFTER);
    expect(at(delivered.release_at)).toBeLessThan(at(delivered.shipped_at) + 2 * DAY + RELEASE_AFTER);
    expect(at((await order(soon)).releaseAt)).toBe(at(delivered.release_at));
    // Back on the way (an admin) and delivered again: the first delivery's date stands.
    await move(admin.token, soon, 'on_the_way', 'Courier says it was the neighbour').expect(200);
    expect(at((await row(soon)).release_at)).toBe(at(delivered.release_at));
    await move(seller.token, soon, 'delivered').expect(200);
    expect(await row(soon)).toMatchObject({ delivered_at: delivered.delivered_at, release_at: delivered.release_at });
    // Not released at the expected date's releaseAt any more, but at the real one.
    const expectedRelease = at(delivered.shipped_at) + 2 * DAY + RELEASE_AFTER;
    expect((await clock().runDue(new Date(at(delivered.release_at) - 1000))).completed).not.toContain(soon);
    expect((await clock().runDue(new Date(Math.max(expectedRelease, at(delivered.release_at)) + 1))).completed).toContain(soon);
    expect((await order(soon)).history.at(-1)).toMatchObject({
      fromStatus: 'delivered',
      reason: expect.stringContaining('the buyer neither confirmed receipt nor reported a problem'),
    });

    // Delivered late: shipped 8 days ago on a 2-day option, the buyer already reminded of the expected date's release.
    const late = await optionOrder('seller_delivery', 2);
    await ship(late);
    await t.db.query(
      `UPDATE "order" SET shipped_at = shipped_at - interval '8 days', release_at = release_at - interval '8 days', release_reminded_at = now() WHERE id = $1`,
      [late],
    );
    await move(seller.token, late, 'delivered').expect(200);
    const lateRow = await row(late);
    expect(at(lateRow.release_at)).toBe(at(lateRow.delivered_at) + RELEASE_AFTER);
    expect(at(lateRow.release_at)).toBeGreaterThan(at(lateRow.shipped_at) + 2 * DAY + RELEASE_AFTER);
    // The reminder named the old date: the buyer is reminded of the new one.
    expect(lateRow.release_reminded_at).toBeNull();
  });

  it("an order without the option's days (from before delivery options, or pickup) keeps the rule of delivery + RELEASE_AFTER", async () => {
    const old = (await payOrder(t, paystack, seller, buyer, { priceKobo: 300_000 })).orderId;
    const pickup = await optionOrder('pickup');
    expect((await row(old)).delivery_method).toBeNull();
    expect(await row(pickup)).toMatchObject({ delivery_method: 'pickup', delivery_days: null });
    for (const id of [old, pickup]) {
      await ship(id);
      const shipped = await row(id);
      expect(shipped).toMatchObject({ status: 'shipped', release_at: null, shipped_at: expect.any(Date) });
      expect(await order(id)).toMatchObject({ releaseAt: null, expectedDeliveryDate: null });
    }
    // Shipped for two months and never marked delivered: the clock does not complete them.
    const run = await clock().runDue(new Date(Date.now() + 60 * DAY));
    expect(run.completed).not.toContain(old);
    expect(run.completed).not.toContain(pickup);
    for (const id of [old, pickup]) {
      expect([(await row(id)).status, await releases(id)]).toEqual(['shipped', 0]);
      await move(seller.token, id, 'delivered').expect(200);
      const delivered = await row(id);
      expect(at(delivered.release_at)).toBe(at(delivered.delivered_at) + RELEASE_AFTER);
      // Set once, as before.
      await move(admin.token, id, 'shipped', 'Back with the courier').expect(200);
      await move(seller.token, id, 'delivered').expect(200);
      expect((await row(id)).release_at).toEqual(delivered.release_at);
    }
  });

  it('marked delivered while the clock waits to complete it: releaseAt is read again under the lock, and the order waits for its new date', async () => {
    const id = await optionOrder('seller_delivery', 2);
    await ship(id);
    // Shipped 9 days ago on a 2-day option: due now; delivered now, it is due in RELEASE_AFTER.
    await t.db.query(
      `UPDATE "order" SET shipped_at = shipped_at - interval '9 days', release_at = release_at - interval '9 days' WHERE id = $1`,
      [id],
    );
    const [{ release_at, checkout_session_id }] = await t.db.query(`SELECT release_at, checkout_session_id FROM "order" WHERE id = $1`, [
      id,
    ]);
    // The seller's change holds the checkout's lock (every order change takes it first) while the clock reads the order as due.
    const change = t.db.createQueryRunner();
    await change.connect();
    await change.startTransaction();
    try {
      await change.query(`SELECT id FROM checkout_session WHERE id = $1 FOR UPDATE`, [checkout_session_id]);
      const sweep = t.app.get(EscrowService).releaseDue(new Date(at(release_at) + 1));
      const waiting = async () =>
        Number(
          (
            await t.db.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM checkout_session%FOR UPDATE%'`,
            )
          )[0].n,
        );
      while ((await waiting()) === 0) await new Promise((ok) => setImmediate(ok));
      await change.query(`UPDATE "order" SET status = 'delivered' WHERE id = $1`, [id]);
      await t.app.get(EscrowService).markDelivered(change.manager, id);
      await change.commitTransaction();
      expect(await sweep).not.toContain(id);
    } finally {
      if (change.isTransactionActive) await change.rollbackTransaction();
      await change.release();
    }
    const now = await row(id);
    expect(now).toMatchObject({ status: 'delivered', released_at: null });
    expect(at(now.release_at)).toBe(at(now.delivered_at) + RELEASE_AFTER);
    expect(await releases(id)).toBe(0);
  });

  it('a disputed shipped order is not released at its releaseAt, and its buyer gets no release reminder', async () => {
    const id = await optionOrder('seller_delivery', 1);
    await ship(id);
    await openDispute(t, buyer, id, 'not_received', 'Nothing has arrived.').expect(201);
    const { release_at } = await row(id);
    const { orderNumber } = await order(id);
    await clock().runDue(new Date(at(release_at) - DAY + 60_000));
    const run = await clock().runDue(new Date(at(release_at) + DAY));
    expect(run.completed).not.toContain(id);
    expect([(await row(id)).status, await releases(id), await held(id), await reminders(orderNumber)]).toEqual(['shipped', 0, 550_000, 0]);
    await expectMoneyInvariants(t.db);
  });
});
