import { Logger } from '@nestjs/common';
import request from 'supertest';
import { bearer } from './utils/actors';
import { openDispute, paidOrder as payOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * The handover code: issued when a paid order ships, read only by its buyer, entered by its seller. The right code
 * completes the order and releases its money once; five wrong codes lock it; the buyer's "I received it" is the same path.
 */
describe('handover code and "I received it"', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer, stranger],
  } = appPerFile({ paystack, users: [{}, {}, {}], env: { KASUWA_ROLE: 'web' }, afterEach: (t) => expectMoneyInvariants(t.db) });

  const paidOrder = () => payOrder(t, paystack, seller, buyer, { priceKobo: 1_000_000 });
  const move = (token: string, id: number, to: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to });
  const enter = (token: string, id: number, code: string) =>
    request(t.http).post(`/api/orders/${id}/handover`).set(bearer(token)).send({ code });
  const handoverOf = (token: string, id: number) => request(t.http).get(`/api/orders/${id}/handover`).set(bearer(token));
  const releases = async (id: number) =>
    Number((await t.db.query(`SELECT count(*)::int AS n FROM journal_entry WHERE kind = 'release' AND order_id = $1`, [id]))[0].n);
  const available = async () =>
    (await request(t.http).get('/api/wallet').set(bearer(seller.token)).expect(200)).body.data.available as string;
  async function shipped(): Promise<{ orderId: number; code: string }> {
    const { orderId } = await paidOrder();
    await move(seller.token, orderId, 'accepted_by_seller').expect(200);
    await move(seller.token, orderId, 'shipped').expect(200);
    const code = (await handoverOf(buyer.token, orderId).expect(200)).body.data.code as string;
    expect(code).toMatch(/^\d{6}$/);
    return { orderId, code };
  }
  /** A six-digit code that is not `code`. */
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('the right code completes the order and pays the seller once; replays change nothing; the code reaches no log and no seller answer', async () => {
    const logged: string[] = [];
    const spies = [
      ...(['log', 'error', 'warn', 'debug', 'verbose', 'fatal'] as const).map((m) =>
        jest.spyOn(Logger.prototype, m).mockImplementation((...a: unknown[]) => void logged.push(a.map(String).join(' '))),
      ),
      ...(['log', 'error', 'warn', 'debug', 'verbose', 'fatal'] as const).map((m) =>
        jest.spyOn(Logger, m).mockImplementation((...a: unknown[]) => void logged.push(a.map(String).join(' '))),
      ),
      jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (logged.push(String(chunk)), true)),
      jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (logged.push(String(chunk)), true)),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
        jest.spyOn(console, m).mockImplementation((...a: unknown[]) => void logged.push(a.map(String).join(' '))),
      ),
    ];
    const sellerAnswers: string[] = [];
    let orderId = 0;
    let code = '';
    try {
      ({ orderId, code } = await shipped());
      const before = Number(await available());
      // The seller sees the code's state, never the code.
      const seen = await handoverOf(seller.token, orderId).expect(200);
      expect(seen.body.data).toMatchObject({ code: null, attemptsLeft: 5, locked: false, usedAt: null });
      sellerAnswers.push(JSON.stringify(seen.body));
      // Only the code's order counts, and a strange user learns nothing about the order.
      await handoverOf(stranger.token, orderId).expect(404);
      await enter(stranger.token, orderId, code).expect(404);
      expect((await enter(buyer.token, orderId, code).expect(403)).body.code).toBe('SELLER_ONLY');
      const wrong = await enter(seller.token, orderId, wrongOf(code)).expect(409);
      expect(wrong.body).toMatchObject({ code: 'HANDOVER_CODE_WRONG', message: expect.stringContaining('4 tries left') });
      sellerAnswers.push(JSON.stringify(wrong.body));
      expect(await releases(orderId)).toBe(0);

      const right = await enter(seller.token, orderId, ` ${code.slice(0, 3)} ${code.slice(3)} `).expect(200);
      sellerAnswers.push(JSON.stringify(right.body));
      expect(right.body.data).toMatchObject({ id: orderId, status: 'completed', paymentStatus: 'paid' });
      expect(right.body.data.history.at(-1)).toMatchObject({ status: 'completed', actorKind: 'seller' });
      expect(await releases(orderId)).toBe(1);
      expect(Number(await available()) - before).toBe(950_000);
      // Replays (the same code again, the buyer's button) answer the completed order and release nothing more.
      const replay = await enter(seller.token, orderId, code).expect(200);
      sellerAnswers.push(JSON.stringify(replay.body));
      expect(replay.body).toMatchObject({ message: 'This order was already received.', data: { status: 'completed' } });
      await request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(buyer.token)).expect(200);
      expect(await releases(orderId)).toBe(1);
      expect(Number(await available()) - before).toBe(950_000);
      sellerAnswers.push(
        JSON.stringify((await request(t.http).get(`/api/orders/in/${orderId}`).set(bearer(seller.token)).expect(200)).body),
      );
      sellerAnswers.push(JSON.stringify((await handoverOf(seller.token, orderId).expect(200)).body));
      expect((await handoverOf(buyer.token, orderId).expect(200)).body.data).toMatchObject({ code, usedAt: expect.any(String) });
    } finally {
      for (const s of spies) s.mockRestore();
    }
    // The code was sent to the buyer (e-mail and SMS) and is stored only sealed and hashed.
    const [mail] = await t.db.query(
      `SELECT body FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Your handover code%' ORDER BY id DESC LIMIT 1`,
      [buyer.user.email],
    );
    expect(mail.body).toContain(code);
    const [sms] = await t.db.query(`SELECT body FROM sms_outbox ORDER BY id DESC LIMIT 1`);
    expect(sms.body).toContain(code);
    const [row] = await t.db.query(`SELECT * FROM order_handover WHERE order_id = $1`, [orderId]);
    expect(JSON.stringify(row)).not.toContain(code);
    // "KSW-000123" is an order number, not the code: the order numbers are taken out before looking.
    const bare = (s: string) => s.replace(/KSW-\d+/g, '');
    const inText = new RegExp(`(?<!\\d)${code}(?!\\d)`);
    expect(sellerAnswers.filter((s) => inText.test(bare(s)))).toEqual([]);
    expect(logged.filter((s) => inText.test(bare(s)))).toEqual([]);
  });

  it('five wrong codes lock the code (even the right one then); the buyer can still confirm receipt, which pays the seller', async () => {
    const { orderId, code } = await shipped();
    for (let left = 4; left >= 1; left--) {
      expect((await enter(seller.token, orderId, wrongOf(code)).expect(409)).body.message).toContain(
        `${left} ${left === 1 ? 'try' : 'tries'} left`,
      );
    }
    expect((await enter(seller.token, orderId, wrongOf(code)).expect(423)).body.code).toBe('HANDOVER_LOCKED');
    expect((await enter(seller.token, orderId, code).expect(423)).body.code).toBe('HANDOVER_LOCKED');
    expect((await handoverOf(seller.token, orderId).expect(200)).body.data).toMatchObject({ attemptsLeft: 0, locked: true });
    expect(await releases(orderId)).toBe(0);
    expect((await request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(seller.token)).expect(403)).body.code).toBe(
      'BUYER_ONLY',
    );
    const done = await request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(buyer.token)).expect(200);
    expect(done.body.data).toMatchObject({ status: 'completed' });
    expect(done.body.data.history.at(-1)).toMatchObject({ status: 'completed', actorKind: 'buyer' });
    expect(await releases(orderId)).toBe(1);
    // Completed: the buyer may rate the seller now.
    await request(t.http)
      .post('/api/reviews')
      .set(bearer(buyer.token))
      .send({ orderId, rating: 5, text: 'Handed over in person.' })
      .expect(201);
  });

  it('no code before shipping: the seller cannot release money early, and the buyer cannot receive an unshipped order', async () => {
    const { orderId } = await paidOrder();
    expect((await handoverOf(buyer.token, orderId).expect(200)).body.data).toBeNull();
    for (const code of ['000000', '123456'])
      expect((await enter(seller.token, orderId, code).expect(409)).body.code).toBe('HANDOVER_NOT_READY');
    expect((await request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(buyer.token)).expect(409)).body.code).toBe(
      'INVALID_STATUS_TRANSITION',
    );
    await request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(stranger.token)).expect(404);
    // Not a code at all: a 422, and no attempt spent.
    for (const code of ['12345', '1234567', 'abcdef', 123456, null]) await enter(seller.token, orderId, code as string).expect(422);
    // Nor can the seller mark it received or completed, before or after shipping: only the code or the buyer releases.
    for (const to of ['received_by_buyer', 'completed']) await move(seller.token, orderId, to).expect(409);
    await move(seller.token, orderId, 'accepted_by_seller').expect(200);
    await move(seller.token, orderId, 'shipped').expect(200);
    for (const to of ['received_by_buyer', 'completed']) await move(seller.token, orderId, to).expect(409);
    await request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(seller.token)).expect(403);
    expect(await releases(orderId)).toBe(0);
  });

  it('an open dispute holds the money: the right code and the button are refused and spend nothing', async () => {
    const { orderId, code } = await shipped();
    await openDispute(t, buyer, orderId, 'damaged', 'The screen is cracked.').expect(201);
    expect((await enter(seller.token, orderId, code).expect(409)).body.code).toBe('DISPUTE_OPEN');
    expect((await request(t.http).post(`/api/orders/${orderId}/received`).set(bearer(buyer.token)).expect(409)).body.code).toBe(
      'DISPUTE_OPEN',
    );
    const [o] = await t.db.query(`SELECT o.status, h.attempts FROM "order" o JOIN order_handover h ON h.order_id = o.id WHERE o.id = $1`, [
      orderId,
    ]);
    expect(o).toEqual({ status: 'shipped', attempts: 0 });
    expect(await releases(orderId)).toBe(0);
  });

  it('a second shipping step keeps the first code', async () => {
    const { orderId, code } = await shipped();
    await move(seller.token, orderId, 'on_the_way').expect(200);
    await move(seller.token, orderId, 'delivered').expect(200);
    expect((await handoverOf(buyer.token, orderId).expect(200)).body.data.code).toBe(code);
    // A seal the current key cannot open (the key was rotated): no code shown, no failed page; the button still works.
    await t.db.query(`UPDATE order_handover SET code_sealed = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' WHERE order_id = $1`, [
      orderId,
    ]);
    expect((await handoverOf(buyer.token, orderId).expect(200)).body.data).toMatchObject({ code: null, locked: false });
    await enter(seller.token, orderId, code).expect(200);
  });
});
