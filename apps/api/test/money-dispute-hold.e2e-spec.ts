import request from 'supertest';
import { formatLongDate } from '@kasuwa/contracts';
import { EscrowService } from '../src/modules/money/escrow.service';
import { bearer } from './utils/actors';
import { moneyAppPerFile, openDispute, paidOrder } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';

/**
 * Money goes out exactly once: while a dispute is open Kasuwa holds the money (no confirmation, admin move or direct
 * release pays the seller), and a refund comes out of escrow or is refused with the reason — never a 200 that marks
 * the order refund due and refunds nothing.
 */
describe('no release during a dispute; no refund of money escrow no longer holds', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
    admin,
  } = moneyAppPerFile(paystack, { users: [{}, {}], admin: true });

  async function deliveredOrder(priceKobo = 1_000_000): Promise<number> {
    const { orderId } = await paidOrder(t, paystack, seller, buyer, { priceKobo });
    for (const to of ['accepted_by_seller', 'shipped', 'delivered']) await move(seller.token, orderId, to).expect(200);
    return orderId;
  }
  const move = (token: string, id: number, to: string, reason?: string) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send({ status: to, reason });
  /** The buyer disputes the order (it arrived damaged): the dispute's id. */
  const disputed = async (orderId: number): Promise<number> =>
    (await openDispute(t, buyer, orderId, 'damaged', 'The screen is cracked.').expect(201)).body.data.id;
  const decide = (disputeId: number, body: object) => request(t.http).put(`/api/admin/disputes/${disputeId}`).set(bearer(admin)).send(body);

  /** The dispute as decided: its status, decision, reason and deciding admin (none when no admin decided). */
  const disputeRow = async (id: number) =>
    (await t.db.query(`SELECT status, decision, decision_reason, decided_by FROM dispute WHERE id = $1`, [id]))[0];
  /** Everything a release, a refund or a status change would write for the order. */
  async function snapshot(orderId: number) {
    const [row] = await t.db.query(
      `SELECT o.status, o.payment_status, o.released_at,
              coalesce((SELECT balance_kobo FROM ledger_account WHERE code = 'escrow:' || o.id), 0)::text AS held,
              (SELECT array_agg(kind ORDER BY id) FROM journal_entry WHERE order_id = o.id) AS entries,
              (SELECT count(*)::int FROM order_status_history WHERE order_id = o.id) AS history,
              (SELECT count(*)::int FROM refund WHERE order_id = o.id) AS refunds,
              (SELECT status FROM dispute WHERE order_id = o.id) AS dispute
         FROM "order" o WHERE o.id = $1`,
      [orderId],
    );
    return row;
  }
  const expectRefused = (res: request.Response, code: string) => {
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code });
    return res.body.message as string;
  };
  const DISPUTE_OPEN_MESSAGE = 'A dispute is open on this order: Kasuwa keeps the money until an admin decides it.';

  it('the buyer cannot mark a disputed order received or completed: 409 DISPUTE_OPEN, the money stays held', async () => {
    const orderId = await deliveredOrder();
    await disputed(orderId);
    const before = await snapshot(orderId);
    expect(expectRefused(await move(buyer.token, orderId, 'received_by_buyer'), 'DISPUTE_OPEN')).toBe(DISPUTE_OPEN_MESSAGE);
    // An order already marked received but not released (left so before this rule) cannot be completed either.
    await t.db.query(`UPDATE "order" SET status = 'received_by_buyer' WHERE id = $1`, [orderId]);
    expectRefused(await move(buyer.token, orderId, 'completed'), 'DISPUTE_OPEN');
    expect(await snapshot(orderId)).toEqual({ ...before, status: 'received_by_buyer' });
    expect(before).toMatchObject({ held: '1000000', released_at: null, entries: ['payment'], dispute: 'open' });
  });

  it('an admin move that would release a disputed order is refused too; released only by deciding the dispute', async () => {
    const orderId = await deliveredOrder();
    const disputeId = await disputed(orderId);
    const before = await snapshot(orderId);
    for (const to of ['received_by_buyer', 'completed'])
      expectRefused(await move(admin.token, orderId, to, 'Buyer phoned to confirm'), 'DISPUTE_OPEN');
    expect(await snapshot(orderId)).toEqual(before);
    await decide(disputeId, { decision: 'release', reason: 'Damage not shown' }).expect(200);
    expect(await snapshot(orderId)).toMatchObject({ status: 'completed', held: '0', entries: ['payment', 'release'], dispute: 'resolved' });
  });

  it('EscrowService.release itself refuses while the dispute is open (no path can release)', async () => {
    const orderId = await deliveredOrder();
    await disputed(orderId);
    const before = await snapshot(orderId);
    const escrow = t.app.get(EscrowService);
    await expect(t.db.transaction((em) => escrow.release(em, orderId, 'A path that forgot the rule'))).rejects.toMatchObject({
      code: 'DISPUTE_OPEN',
    });
    expect(await snapshot(orderId)).toEqual(before);
  });

  it('a refund decision on money already paid to the seller: 409 ALREADY_RELEASED saying when and what to do; nothing written', async () => {
    const orderId = await deliveredOrder(800_000);
    await move(buyer.token, orderId, 'received_by_buyer').expect(200);
    // A dispute left open on a released order (one opened before this rule, when confirming did not wait for it).
    const [d] = await t.db.query(
      `INSERT INTO dispute (order_id, buyer_id, reason, text, photos) VALUES ($1, $2, 'damaged', 'Cracked.', '[]') RETURNING id`,
      [orderId, buyer.user.id],
    );
    const before = await snapshot(orderId);
    const [{ released_at }] = await t.db.query(`SELECT released_at FROM "order" WHERE id = $1`, [orderId]);
    for (const body of [{ decision: 'refund' }, { decision: 'partial_refund', amount: '300000' }]) {
      const message = expectRefused(await decide(d.id, { ...body, reason: 'Cracked on arrival' }), 'ALREADY_RELEASED');
      expect(message).toContain(`paid to the seller on ${formatLongDate(new Date(released_at).toISOString())}`);
      expect(message).toContain('Decide "release" to close the dispute.');
      expect(message).toContain("refund them from Kasuwa's own account");
    }
    expect(await snapshot(orderId)).toEqual(before);
    expect(before).toMatchObject({ held: '0', entries: ['payment', 'release'], refunds: 0, dispute: 'open' });
    // What the message advises works: release closes the dispute and moves no money again.
    await decide(d.id, { decision: 'release', reason: 'Paid out already; handled outside escrow' }).expect(200);
    expect(await snapshot(orderId)).toMatchObject({ status: 'completed', entries: ['payment', 'release'], dispute: 'resolved' });
  });

  it('an admin moving a released order to a refund-due status: 409 ALREADY_RELEASED, nothing written', async () => {
    const orderId = await deliveredOrder(600_000);
    await move(buyer.token, orderId, 'received_by_buyer').expect(200);
    const before = await snapshot(orderId);
    for (const to of ['need_refund', 'cancelled', 'rejected_by_seller', 'cancelled_by_buyer']) {
      expect(expectRefused(await move(admin.token, orderId, to, 'Buyer says it broke'), 'ALREADY_RELEASED')).toContain(
        'Leave the order received by buyer.',
      );
    }
    expect(await snapshot(orderId)).toEqual(before);
    expect(before).toMatchObject({ status: 'received_by_buyer', payment_status: 'paid', held: '0', refunds: 0 });
  });

  it('a refund decision when escrow holds nothing for another reason (already refunded): 409 NOTHING_HELD', async () => {
    const orderId = await deliveredOrder(500_000);
    const disputeId = await disputed(orderId);
    await move(admin.token, orderId, 'need_refund', 'Refunded by the admin before deciding').expect(200);
    // The full refund is the dispute's outcome: it is closed with it, saying who refunded and why.
    const closed = await disputeRow(disputeId);
    expect(closed).toMatchObject({
      status: 'resolved',
      decision: 'refund',
      decision_reason: 'Refunded in full: the admin moved the order to need refund (Refunded by the admin before deciding).',
    });
    expect(closed.decided_by).toEqual(expect.any(Number));
    // A dispute left open by an older rule, on an order whose escrow is already empty:
    await t.db.query(`UPDATE dispute SET status = 'open' WHERE id = $1`, [disputeId]);
    const before = await snapshot(orderId);
    expect(before).toMatchObject({ held: '0', refunds: 1, dispute: 'open' });
    for (const body of [{ decision: 'refund' }, { decision: 'partial_refund', amount: '100000' }]) {
      expect(expectRefused(await decide(disputeId, { ...body, reason: 'Broken' }), 'NOTHING_HELD')).toContain('nothing to refund');
    }
    expect(await snapshot(orderId)).toEqual(before);
  });

  it('the seller rejecting a disputed order refunds the buyer and closes the dispute with it', async () => {
    const { orderId } = await paidOrder(t, paystack, seller, buyer, { priceKobo: 300_000 });
    await move(seller.token, orderId, 'accepted_by_seller').expect(200);
    const disputeId = await disputed(orderId);
    await move(seller.token, orderId, 'rejected_by_seller', 'Out of stock after all').expect(200);
    const d = await disputeRow(disputeId);
    expect(d).toEqual({
      status: 'resolved',
      decision: 'refund',
      decision_reason: 'Refunded in full: the seller moved the order to rejected by seller (Out of stock after all).',
      decided_by: null,
    });
    expect(await snapshot(orderId)).toMatchObject({ held: '0', refunds: 1, payment_status: 'refund_due' });
  });
});
