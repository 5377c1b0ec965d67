import request from 'supertest';
import { Clock } from '../src/modules/money/clock';
import { EscrowService } from '../src/modules/money/escrow.service';
import { bearer } from './utils/actors';
import { openDispute, paidOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/**
 * "an order the buyer rejects and an admin approves" is refunded. The rejection opens a refund request and the
 * money stays in escrow; an admin approves it (refunded once through /refund) or declines it with a reason (the order
 * goes back to where it was, the money is released by the usual rules). Also the admin's view of a seller's balances.
 */
describe('refund requests: the buyer rejects, an admin approves or declines', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer, stranger],
    admin,
  } = appPerFile({ paystack, users: [{}, {}, {}], admin: true, afterEach: (t) => expectMoneyInvariants(t.db) });

  /** A paid, delivered order of one product, rejected by its buyer; returns the order and its open request. */
  async function rejectedOrder(priceKobo: number, why = 'It is the wrong colour') {
    const { orderId, reference } = await paidOrder(t, paystack, seller, buyer, { priceKobo });
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller.token, orderId, to).expect(200);
    await move(buyer.token, orderId, 'rejected_by_buyer', why).expect(200);
    const list = await request(t.http)
      .get('/api/admin/refund-requests')
      .query({ filter: JSON.stringify({ orderId }) })
      .set(bearer(admin))
      .expect(200);
    expect(list.body).toHaveLength(1);
    return {
      orderId,
      reference,
      request: list.body[0] as { id: number; status: string; held: string; reason: string; orderNumber: string },
    };
  }
  const move = (token: string, id: number, to: string, reason?: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to, reason });
  const decide = (id: number, body: object) => request(t.http).put(`/api/admin/refund-requests/${id}`).set(bearer(admin)).send(body);
  const refunds = (orderId: number) => t.db.query(`SELECT * FROM refund WHERE order_id = $1`, [orderId]);
  const held = async (orderId: number) =>
    (await t.db.query(`SELECT coalesce(sum(balance_kobo), 0)::text AS b FROM ledger_account WHERE code = $1`, [`escrow:${orderId}`]))[0].b;
  const lastHistory = async (orderId: number) =>
    (
      await t.db.query(
        `SELECT from_status, to_status, actor_kind, reason FROM order_status_history WHERE order_id = $1 ORDER BY id DESC LIMIT 1`,
        [orderId],
      )
    )[0];

  it('the rejection waits for an admin (the buyer asking again sends nothing); two approvals at once refund once', async () => {
    const { orderId, reference, request: req } = await rejectedOrder(900_000);
    expect(req).toMatchObject({ status: 'requested', held: '900000', reason: 'It is the wrong colour', refundId: null });
    const waiting = await request(t.http)
      .get('/api/admin/refund-requests')
      .query({ filter: JSON.stringify({ status: 'requested' }) })
      .set(bearer(admin))
      .expect(200);
    expect(waiting.headers['content-range']).toMatch(/^refund-requests 0-\d+\/\d+$/);
    expect(waiting.body.map((r: { id: number }) => r.id)).toContain(req.id);
    // The docs/order-lifecycle.md table lets the buyer move rejected → need_refund; that is asking, not refunding.
    await move(buyer.token, orderId, 'need_refund').expect(200);
    expect(await refunds(orderId)).toHaveLength(0);
    expect(await held(orderId)).toBe('900000');
    await move(buyer.token, orderId, 'rejected_by_buyer').expect(409);

    const sentBefore = paystack.requests.filter((r) => r.path === '/refund').length;
    const answers = await Promise.all([
      decide(req.id, { decision: 'approve', reason: 'Buyer sent photos' }),
      decide(req.id, { decision: 'approve', reason: 'Seller agreed' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('REFUND_REQUEST_CLOSED');
    const approved = answers.find((a) => a.status === 200)!.body;
    expect(approved).toMatchObject({ status: 'approved', refundStatus: 'pending', held: '0', orderStatus: 'need_refund' });
    const [refund, ...more] = await refunds(orderId);
    expect(more).toHaveLength(0);
    expect(refund).toMatchObject({ amount_kobo: '900000', payment_reference: reference, status: 'pending' });
    expect(approved.refundId).toBe(refund.id);
    expect(paystack.requests.filter((r) => r.path === '/refund').length - sentBefore).toBe(1);
    expect(await lastHistory(orderId)).toMatchObject({
      to_status: 'need_refund',
      actor_kind: 'admin',
      reason: expect.stringMatching(new RegExp(`^Refund request ${req.id} approved`)),
    });

    await paystack
      .sendEvent(t.http, 'refund.processed', { ...paystack.refundData(Number(refund.paystack_id)), status: 'processed' })
      .expect(200);
    const shown = await request(t.http).get(`/api/admin/refund-requests/${req.id}`).set(bearer(admin)).expect(200);
    expect(shown.body).toMatchObject({ status: 'approved', refundStatus: 'processed' });
    await decide(req.id, { decision: 'decline', reason: 'Too late' }).expect(409);
  });

  it('declining needs a reason, puts the order back where it was with the money held, tells the buyer; release then follows the rules', async () => {
    const { orderId, request: req } = await rejectedOrder(600_000, 'Does not switch on');
    const noReason = await decide(req.id, { decision: 'decline' }).expect(422);
    expect(noReason.body.error[0].field).toBe('reason');
    // An approval is a refund: its reason is required too (kept in the audit log).
    expect((await decide(req.id, { decision: 'approve' }).expect(422)).body.error[0].field).toBe('reason');
    await decide(req.id, { decision: 'maybe', reason: 'Hmm' }).expect(422);
    await request(t.http)
      .put(`/api/admin/refund-requests/99999999`)
      .set(bearer(admin))
      .send({ decision: 'approve', reason: 'Buyer is right' })
      .expect(404);
    await request(t.http)
      .put(`/api/admin/refund-requests/${req.id}`)
      .set(bearer(buyer.token))
      .send({ decision: 'approve', reason: 'Buyer is right' })
      .expect(401);

    const declined = (await decide(req.id, { decision: 'decline', reason: 'The seller’s video shows it working' }).expect(200)).body;
    expect(declined).toMatchObject({
      status: 'declined',
      decisionReason: 'The seller’s video shows it working',
      orderStatus: 'delivered',
      held: '600000',
    });
    const [o] = await t.db.query(`SELECT status, payment_status, released_at FROM "order" WHERE id = $1`, [orderId]);
    expect(o).toEqual({ status: 'delivered', payment_status: 'paid', released_at: null });
    expect(await lastHistory(orderId)).toEqual({
      from_status: 'rejected_by_buyer',
      to_status: 'delivered',
      actor_kind: 'admin',
      reason: `Refund request ${req.id} declined: The seller’s video shows it working`,
    });
    expect(await refunds(orderId)).toHaveLength(0);
    const title = `Your refund request for order ${req.orderNumber} was declined`;
    const told = (await request(t.http).get('/api/notifications').set(bearer(buyer.token)).expect(200)).body.data.filter(
      (n: { title: string }) => n.title === title,
    );
    expect(told).toEqual([
      expect.objectContaining({ type: 'money', body: 'The seller’s video shows it working', link: `/orders/${orderId}/buyer` }),
    ]);
    const sellerTold = (await request(t.http).get('/api/notifications').set(bearer(seller.token)).expect(200)).body.data.map(
      (n: { title: string }) => n.title,
    );
    expect(sellerTold).toContain(`Order ${req.orderNumber}: the buyer's refund request was declined`);

    // Back in `delivered`: RELEASE_AFTER (7 days) after delivery the seller is paid, as for any delivered order.
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 7 * 86_400_000 + 60_000));
    await t.app.get(EscrowService).releaseDue();
    jest.restoreAllMocks();
    expect(await held(orderId)).toBe('0');
    expect((await t.db.query(`SELECT released_at FROM "order" WHERE id = $1`, [orderId]))[0].released_at).not.toBeNull();
  });

  it('an admin’s own status change or a dispute decision settles the open request', async () => {
    const a = await rejectedOrder(300_000);
    await move(admin.token, a.orderId, 'cancelled', 'Seller took it back').expect(200);
    const [ra] = await refunds(a.orderId);
    expect(ra).toMatchObject({ amount_kobo: '300000' });
    expect((await request(t.http).get(`/api/admin/refund-requests/${a.request.id}`).set(bearer(admin)).expect(200)).body).toMatchObject({
      status: 'approved',
      refundId: ra.id,
      decisionReason: 'Seller took it back',
    });

    const b = await rejectedOrder(400_000);
    const d = await openDispute(t, buyer, b.orderId, 'not_as_described', 'Different model.').expect(201);
    await request(t.http)
      .put(`/api/admin/disputes/${d.body.data.id}`)
      .set(bearer(admin))
      .send({ decision: 'release', reason: 'Same model as listed' })
      .expect(200);
    expect((await request(t.http).get(`/api/admin/refund-requests/${b.request.id}`).set(bearer(admin)).expect(200)).body).toMatchObject({
      status: 'declined',
      held: '0',
    });
    await decide(b.request.id, { decision: 'approve', reason: 'Buyer is right' }).expect(409);
  });

  it('GET /api/orders/{id}/refund-request: the order’s buyer and seller see where the request stands, nobody else', async () => {
    const { orderId, request: req } = await rejectedOrder(200_000, 'Cracked screen');
    const get = (token: string, id: number | string = orderId) =>
      request(t.http).get(`/api/orders/${id}/refund-request`).set(bearer(token));
    expect((await get(buyer.token).expect(200)).body.data).toMatchObject({
      id: req.id,
      orderId,
      status: 'requested',
      reason: 'Cracked screen',
      held: '200000',
      decisionReason: null,
    });
    expect((await get(seller.token).expect(200)).body.data).toMatchObject({ id: req.id, status: 'requested' });
    expect((await get(stranger.token).expect(404)).body).toMatchObject({
      code: 'REFUND_REQUEST_NOT_FOUND',
      message: 'This order has no refund request.',
    });
    await get(admin.token).expect(401);
    await get(buyer.token, 'abc').expect(404);
    await get(buyer.token, 99999999).expect(404);

    await decide(req.id, { decision: 'decline', reason: 'The photos show no crack' }).expect(200);
    expect((await get(buyer.token).expect(200)).body.data).toMatchObject({
      status: 'declined',
      decisionReason: 'The photos show no crack',
      decidedAt: expect.any(String),
    });
  });

  it('GET /api/admin/users/{id}/wallet: the seller’s own GET /api/wallet figures, for admins only', async () => {
    const own = (await request(t.http).get('/api/wallet').set(bearer(seller.token)).expect(200)).body.data;
    const seen = (await request(t.http).get(`/api/admin/users/${seller.user.id}/wallet`).set(bearer(admin)).expect(200)).body.data;
    expect(seen).toEqual(own);
    expect(Number(seen.available)).toBeGreaterThan(0);
    expect((await request(t.http).get('/api/admin/users/99999999/wallet').set(bearer(admin)).expect(404)).body.code).toBe('USER_NOT_FOUND');
    await request(t.http).get(`/api/admin/users/${seller.user.id}/wallet`).set(bearer(seller.token)).expect(401);
  });

  it('approving a request whose money was already paid to the seller: 409 ALREADY_RELEASED, nothing written', async () => {
    const { orderId, request: req } = await rejectedOrder(400_000);
    // Released before this rule (an older build released rejected orders on the clock).
    await t.db.transaction((em) => t.app.get(EscrowService).release(em, orderId, 'Released by an older rule'));
    const res = await decide(req.id, { decision: 'approve', reason: 'Buyer is right' }).expect(409);
    expect(res.body).toMatchObject({ code: 'ALREADY_RELEASED', message: expect.stringContaining('Decline the request instead.') });
    expect(await refunds(orderId)).toHaveLength(0);
    const shown = await request(t.http).get(`/api/admin/refund-requests/${req.id}`).set(bearer(admin)).expect(200);
    expect(shown.body).toMatchObject({ status: 'requested', orderStatus: 'rejected_by_buyer' });
  });
});
