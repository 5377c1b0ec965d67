import { Test, type TestingModule } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadConfig } from '../src/config/app.config';
import { Clock } from '../src/modules/money/clock';
import { OrderClockFlow } from '../src/flows/order-clock.flow';
import { bearer } from './utils/actors';
import { productState } from './utils/catalog-fixtures';
import { paidOrder as payOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

const DAY = 86_400_000;
/** Rounds of each race (CLOCK_RACE_ROUNDS lowers them on a slow machine). */
const ROUNDS = Number(process.env.CLOCK_RACE_ROUNDS ?? 50);

/**
 * Money on a clock: one escrow rule (releaseAt = delivery + RELEASE_AFTER, disputes only before it), the ship-by
 * deadline (cancel + full refund + stock back + missedShipBy), auto-received, reminders once, and each transition
 * once when two workers run the clock at the same moment — including races with the buyer and the seller.
 */
describe('money clock settings', () => {
  it('durations read 30s, 15m, 12h, 3d; AUTO_RELEASE_DAYS is only a deprecated alias; the job runs at least every 15 s', () => {
    expect(loadConfig({}).money).toMatchObject({
      releaseAfterSeconds: 7 * 86_400,
      shipBySeconds: 3 * 86_400,
      releaseReminderSeconds: 86_400,
      jobIntervalSeconds: 15,
    });
    expect(
      loadConfig({ RELEASE_AFTER: '30s', SHIP_BY: '15m', RELEASE_REMINDER_BEFORE: '12h', MONEY_JOB_INTERVAL: '2s' }).money,
    ).toMatchObject({
      releaseAfterSeconds: 30,
      shipBySeconds: 900,
      releaseReminderSeconds: 43_200,
      jobIntervalSeconds: 2,
    });
    expect(loadConfig({ AUTO_RELEASE_DAYS: '3' }).money.releaseAfterSeconds).toBe(3 * 86_400);
    expect(loadConfig({ AUTO_RELEASE_DAYS: '3', RELEASE_AFTER: '5d' }).money.releaseAfterSeconds).toBe(5 * 86_400);
    expect(() => loadConfig({ MONEY_JOB_INTERVAL: '1m' })).toThrow(/MONEY_JOB_INTERVAL/);
    expect(() => loadConfig({ SHIP_BY: 'soon' })).toThrow(/Invalid setting SHIP_BY/);
  });
});

describe('money on a clock', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ paystack, users: [{}, {}], env: { KASUWA_ROLE: 'web' }, afterEach: (t) => expectMoneyInvariants(t.db) });

  const paidOrder = (priceKobo = 500_000) => payOrder(t, paystack, seller, buyer, { priceKobo, quantity: 5 });
  const move = (token: string, id: number, to: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to });
  const deliver = async (id: number) => {
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller.token, id, to).expect(200);
  };
  const order = async (id: number) => (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(buyer.token)).expect(200)).body.data;
  const dispute = (id: number) =>
    request(t.http).post(`/api/orders/${id}/dispute`).set(bearer(buyer.token)).send({ reason: 'damaged', text: 'The screen is cracked.' });
  const clock = () => t.app.get(OrderClockFlow);
  const inFuture = (ms: number) => new Date(Date.now() + ms);
  const notices = async (userId: number, like: string) =>
    Number((await t.db.query(`SELECT count(*)::int AS n FROM notification WHERE user_id = $1 AND title LIKE $2`, [userId, like]))[0].n);
  const refunds = async (id: number) => Number((await t.db.query(`SELECT count(*)::int AS n FROM refund WHERE order_id = $1`, [id]))[0].n);
  const releases = async (id: number) =>
    Number((await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE kind = 'release' AND order_id = $1`, [id]))[0].n);
  const productOf = async (id: number) =>
    (await t.db.query(`SELECT product_id FROM order_item WHERE order_id = $1`, [id]))[0].product_id as number;

  afterEach(() => jest.restoreAllMocks());

  it('publishes the rules, and every order answer carries shipBy, releaseAt (null until delivered) and releasedAt', async () => {
    const rules = await request(t.http).get('/api/money/rules').expect(200);
    expect(rules.body.data).toEqual({ releaseAfterSeconds: 7 * 86_400, shipBySeconds: 3 * 86_400, releaseReminderSeconds: 86_400 });
    const { orderId } = await paidOrder();
    const paid = await order(orderId);
    expect(paid).toMatchObject({ releaseAt: null, releasedAt: null });
    expect(Math.abs(new Date(paid.shipBy).getTime() - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    await deliver(orderId);
    const delivered = await order(orderId);
    const [row] = await t.db.query(`SELECT delivered_at FROM "order" WHERE id = $1`, [orderId]);
    expect(delivered).toMatchObject({ shipBy: null, releasedAt: null });
    expect(new Date(delivered.releaseAt).getTime()).toBe(new Date(row.delivered_at).getTime() + 7 * DAY);
    // The seller's list answers carry it too.
    const list = (await request(t.http).get('/api/orders/seller/all').set(bearer(seller.token)).expect(200)).body.data;
    expect(list.find((o: { id: number }) => o.id === orderId)).toMatchObject({ releaseAt: delivered.releaseAt });
    await move(buyer.token, orderId, 'received_by_buyer').expect(200);
    expect((await order(orderId)).releasedAt).toEqual(expect.any(String));
  });

  it('a dispute may be opened any time before releaseAt and never after (409 DISPUTE_WINDOW_CLOSED)', async () => {
    const early = await paidOrder();
    const late = await paidOrder();
    await deliver(early.orderId);
    await deliver(late.orderId);
    // Six days and 23 hours after delivery: still before the release.
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(inFuture(7 * DAY - 3_600_000));
    await dispute(early.orderId).expect(201);
    // Past releaseAt, even before the job has run: refused, with the date.
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(inFuture(7 * DAY + 60_000));
    const refused = await dispute(late.orderId).expect(409);
    expect(refused.body).toMatchObject({
      code: 'DISPUTE_WINDOW_CLOSED',
      message: expect.stringMatching(/^Kasuwa paid the seller on .+: a dispute can only be opened before the money is released/),
    });
    // The job then completes the undisputed order only.
    const run = await clock().runDue(inFuture(7 * DAY + 60_000));
    expect(run.completed).toContain(late.orderId);
    expect(run.completed).not.toContain(early.orderId);
    await dispute(late.orderId).expect(409);
  });

  it('ship-by: a paid order not shipped in SHIP_BY is cancelled once, refunded in full, its stock returned, both told, and it counts against the seller', async () => {
    const { orderId, reference } = await paidOrder(640_000);
    const productId = await productOf(orderId);
    expect(await productState(t, productId)).toMatchObject({ quantity: 4 });
    await move(seller.token, orderId, 'accepted_by_seller').expect(200);
    const before = (await request(t.http).get(`/api/sellers/${seller.user.id}`).expect(200)).body.data.missedShipBy;
    // Not yet due.
    expect((await clock().runDue(inFuture(3 * DAY - 60_000))).cancelled).not.toContain(orderId);
    const run = await clock().runDue(inFuture(3 * DAY + 60_000));
    expect(run.cancelled).toContain(orderId);
    // Again (a retry, another worker): nothing more.
    expect((await clock().runDue(inFuture(3 * DAY + 120_000))).cancelled).not.toContain(orderId);

    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due', shipBy: null });
    expect(o.history.at(-1)).toMatchObject({
      status: 'cancelled',
      fromStatus: 'accepted_by_seller',
      actorKind: 'system',
      reason: expect.stringMatching(/^Not shipped by .+ \(3 days after payment\): cancelled and refunded to the buyer in full$/),
    });
    const [refund] = await t.db.query(`SELECT * FROM refund WHERE order_id = $1`, [orderId]);
    expect(refund).toMatchObject({ amount_kobo: '640000', payment_reference: reference, status: 'pending' });
    expect(await refunds(orderId)).toBe(1);
    expect([...paystack.refunds.values()].filter((r) => r.transactionReference === reference)).toHaveLength(1);
    expect(await productState(t, productId)).toMatchObject({ quantity: 5 });
    expect(await notices(buyer.user.id, `Order ${o.orderNumber} was cancelled: the seller did not ship it in time`)).toBe(1);
    expect(await notices(seller.user.id, `Order ${o.orderNumber} was cancelled: not shipped in time`)).toBe(1);
    const mails = await t.db.query(`SELECT recipient FROM mail_outbox WHERE subject LIKE $1`, [`Order ${o.orderNumber} was cancelled%`]);
    expect(mails.map((m: { recipient: string }) => m.recipient).sort()).toEqual([buyer.email, seller.email].sort());
    const after = (await request(t.http).get(`/api/sellers/${seller.user.id}`).expect(200)).body.data.missedShipBy;
    expect(after).toBe(before + 1);
  });

  it('a shipped order is never cancelled by the ship-by clock', async () => {
    const { orderId } = await paidOrder();
    await move(seller.token, orderId, 'accepted_by_seller').expect(200);
    await move(seller.token, orderId, 'shipped').expect(200);
    expect((await clock().runDue(inFuture(30 * DAY))).cancelled).not.toContain(orderId);
    expect((await order(orderId)).status).toBe('shipped');
    expect(await refunds(orderId)).toBe(0);
  });

  it('auto-received: a delivered order neither confirmed nor disputed becomes completed at releaseAt, with its history line, and the money is released', async () => {
    const { orderId } = await paidOrder(300_000);
    await deliver(orderId);
    const { releaseAt } = await order(orderId);
    expect((await clock().runDue(new Date(new Date(releaseAt).getTime() - 1000))).completed).not.toContain(orderId);
    expect((await clock().runDue(new Date(new Date(releaseAt).getTime() + 1000))).completed).toContain(orderId);
    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'completed', releasedAt: expect.any(String) });
    expect(o.history.at(-1)).toMatchObject({
      status: 'completed',
      fromStatus: 'delivered',
      actorKind: 'system',
      reason: expect.stringContaining('the buyer neither confirmed receipt nor reported a problem'),
    });
    expect(await releases(orderId)).toBe(1);
    expect(await notices(seller.user.id, `Order ${o.orderNumber} is complete: its money is in your balance`)).toBe(1);
  });

  it('reminders go once: the seller at half the ship-by time, the buyer 24 h before the release', async () => {
    const { orderId } = await paidOrder();
    const { orderNumber } = await order(orderId);
    await clock().runDue(inFuture(DAY));
    expect(await notices(seller.user.id, `Ship order ${orderNumber} by %`)).toBe(0);
    await clock().runDue(inFuture(1.5 * DAY + 60_000));
    await clock().runDue(inFuture(1.5 * DAY + 120_000));
    expect(await notices(seller.user.id, `Ship order ${orderNumber} by %`)).toBe(1);

    await deliver(orderId);
    const like = `Kasuwa pays the seller of ${orderNumber} on %`;
    await clock().runDue(inFuture(5 * DAY));
    expect(await notices(buyer.user.id, like)).toBe(0);
    await Promise.all([clock().runDue(inFuture(6 * DAY + 60_000)), clock().runDue(inFuture(6 * DAY + 60_000))]);
    await clock().runDue(inFuture(6 * DAY + 120_000));
    expect(await notices(buyer.user.id, like)).toBe(1);
    expect(Number((await t.db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE $1`, [like]))[0].n)).toBe(1);
  });

  describe('two workers', () => {
    let second: TestingModule;
    beforeAll(async () => {
      // A second app on the same database (its own pool): the way two worker processes meet.
      second = await Test.createTestingModule({ imports: [AppModule] }).compile();
      await second.init();
    }, 60_000);
    afterAll(() => second?.close());

    it('running the due job at the same moment, each order is completed or cancelled once', async () => {
      const delivered: number[] = [];
      const unshipped: number[] = [];
      for (let i = 0; i < 8; i++) {
        const a = await paidOrder(100_000 + i);
        await deliver(a.orderId);
        delivered.push(a.orderId);
        unshipped.push((await paidOrder(200_000 + i)).orderId);
      }
      const when = inFuture(8 * DAY);
      const [one, two] = await Promise.all([clock().runDue(when), second.get(OrderClockFlow).runDue(when)]);
      const completed = [...one.completed, ...two.completed];
      const cancelled = [...one.cancelled, ...two.cancelled];
      for (const id of delivered) expect([id, completed.filter((c) => c === id).length, await releases(id)]).toEqual([id, 1, 1]);
      for (const id of unshipped) expect([id, cancelled.filter((c) => c === id).length, await refunds(id)]).toEqual([id, 1, 1]);
    });

    it(`races on one order (${ROUNDS} rounds each): auto-release vs a dispute vs the buyer's confirmation; ship-by cancel vs the seller shipping vs a dispute`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { orderId } = await paidOrder(150_000 + round);
        await deliver(orderId);
        // Due a few milliseconds from now, on the real clock the dispute reads: either side may win.
        await t.db.query(`UPDATE "order" SET release_at = now() + interval '15 milliseconds' WHERE id = $1`, [orderId]);
        const when = inFuture(1000);
        const [, , disputed, confirmed] = await Promise.all([
          clock().runDue(when),
          second.get(OrderClockFlow).runDue(when),
          dispute(orderId),
          round % 2 ? move(buyer.token, orderId, 'received_by_buyer') : Promise.resolve({ status: 0 }),
        ]);
        const o = await order(orderId);
        const released = await releases(orderId);
        expect(released).toBeLessThanOrEqual(1);
        if (disputed.status === 201) expect([o.status, released, confirmed.status]).toEqual(['delivered', 0, round % 2 ? 409 : 0]);
        else
          expect([disputed.status, disputed.body?.code, released, o.releasedAt !== null]).toEqual([409, 'DISPUTE_WINDOW_CLOSED', 1, true]);
      }
      for (let round = 0; round < ROUNDS; round++) {
        const { orderId } = await paidOrder(160_000 + round);
        await move(seller.token, orderId, 'accepted_by_seller').expect(200);
        await t.db.query(`UPDATE "order" SET ship_by_at = now() - interval '1 second' WHERE id = $1`, [orderId]);
        const when = inFuture(1000);
        const [, , shipped] = await Promise.all([
          clock().runDue(when),
          second.get(OrderClockFlow).runDue(when),
          move(seller.token, orderId, 'shipped'),
          dispute(orderId),
        ]);
        const o = await order(orderId);
        const n = await refunds(orderId);
        if (shipped.status === 200) expect([o.status, n]).toEqual(['shipped', 0]);
        else expect([shipped.status, o.status, o.paymentStatus, n]).toEqual([409, 'cancelled', 'refund_due', 1]);
      }
      await expectMoneyInvariants(t.db);
    }, 600_000);

    it(`the handover code vs auto-release (two workers) vs a dispute on one delivered order (${ROUNDS} rounds): released once, or held`, async () => {
      const wins = { seller: 0, system: 0, dispute: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const { orderId } = await paidOrder(170_000 + round);
        await deliver(orderId);
        const code = (await request(t.http).get(`/api/orders/${orderId}/handover`).set(bearer(buyer.token)).expect(200)).body.data
          .code as string;
        await t.db.query(`UPDATE "order" SET release_at = now() + interval '15 milliseconds' WHERE id = $1`, [orderId]);
        const when = inFuture(1000);
        const handover = () => request(t.http).post(`/api/orders/${orderId}/handover`).set(bearer(seller.token)).send({ code });
        const [, , handedOver, disputed] = await Promise.all([
          clock().runDue(when),
          second.get(OrderClockFlow).runDue(when),
          round % 2 ? handover() : Promise.resolve().then(handover),
          dispute(orderId),
        ]);
        expect([round, handedOver.status < 500, disputed.status < 500]).toEqual([round, true, true]);
        const o = await order(orderId);
        const released = await releases(orderId);
        if (disputed.status === 201) {
          expect([round, o.status, released, o.releasedAt]).toEqual([round, 'delivered', 0, null]);
          wins.dispute += 1;
        } else {
          expect([round, o.status, released, o.releasedAt !== null]).toEqual([round, 'completed', 1, true]);
          const [done] = await t.db.query(`SELECT actor_kind FROM order_status_history WHERE order_id = $1 AND to_status = 'completed'`, [
            orderId,
          ]);
          wins[done.actor_kind as 'seller' | 'system'] += 1;
        }
      }
      console.info(`handover vs auto-release vs dispute: ${JSON.stringify(wins)} over ${ROUNDS} rounds`);
      await expectMoneyInvariants(t.db);
    }, 600_000);
  });
});
