import request from 'supertest';
import { CheckoutExpiryService } from '../src/modules/orders/checkout-expiry.service';
import { bearer, registerUser } from './utils/actors';
import { createProduct, placeOrder, productState, ProductFixture } from './utils/catalog-fixtures';
import { expectMoneyInvariants, moneyViolations } from './utils/money-invariants';
import { adminSetsStatus } from './utils/money-fixtures';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

type User = Awaited<ReturnType<typeof registerUser>>;

/**
 * Money: every path that cancels an unpaid order takes it out of what the checkout's payment pays for, in
 * the same transaction. Each path is driven through the API, then the money invariants are checked.
 */
describe('money: no charge for an order that no longer exists', () => {
  const paystack = new PaystackStandIn();
  const { t, admin } = appPerFile({ paystack, admin: true });

  interface Checkout {
    buyer: User;
    keep: User;
    gone: User;
    kept: ProductFixture;
    lost: ProductFixture;
    sessionId: number;
    keptOrder: number;
    lostOrder: number;
    /** A payment page opened for the full amount (₦18,000) before anything was cancelled. */
    oldRef: string;
  }

  const initialize = (who: User, sessionId: number) =>
    request(t.http).post('/api/payments/initialize').set(bearer(who.token)).send({ checkoutSessionID: sessionId });

  /** One checkout, two sellers: ₦10,000 from `keep` (5 in stock), 2 × ₦4,000 from `gone` (3 in stock). */
  async function twoSellerCheckout(): Promise<Checkout> {
    const [buyer, keep, gone] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    const kept = await createProduct(t, keep.user.id, { priceKobo: 1_000_000, quantity: 5, name: 'Ankara fabric, 6 yards' });
    const lost = await createProduct(t, gone.user.id, { priceKobo: 400_000, quantity: 3, name: 'Shea butter, 1 kg' });
    const placed = await placeOrder(t, buyer.token, [
      { productID: kept.id, quantity: 1 },
      { productID: lost.id, quantity: 2 },
    ]);
    const orders: { id: number; seller_id: number }[] = await t.db.query(
      `SELECT id, seller_id FROM "order" WHERE checkout_session_id = $1`,
      [placed.checkoutSessionId],
    );
    const init = await initialize(buyer, placed.checkoutSessionId).expect(201);
    expect(init.body.data.transaction.amount).toBe('18000.00');
    return {
      buyer,
      keep,
      gone,
      kept,
      lost,
      sessionId: placed.checkoutSessionId,
      keptOrder: orders.find((o) => o.seller_id === keep.user.id)!.id,
      lostOrder: orders.find((o) => o.seller_id === gone.user.id)!.id,
      oldRef: init.body.data.transaction.reference,
    };
  }

  const order = async (id: number) => (await t.db.query(`SELECT status, payment_status, paid_at FROM "order" WHERE id = $1`, [id]))[0];
  const session = async (id: number) => (await t.db.query(`SELECT status, total_kobo FROM checkout_session WHERE id = $1`, [id]))[0];
  const payment = async (reference: string) => (await t.db.query(`SELECT * FROM payment_transaction WHERE reference = $1`, [reference]))[0];
  /** The amounts of the transactions Kasuwa asked Paystack to start since request number `since` (the app's background
   * jobs may call Paystack meanwhile, e.g. to verify a pending payment: those are not what these tests count). */
  const initializedSince = (since: number) =>
    paystack.requests
      .slice(since)
      .filter((r) => r.method === 'POST' && r.path === '/transaction/initialize')
      .map((r) => r.body?.amount);
  const stockOf = (c: Checkout) => [
    { productId: c.kept.id, initial: 5 },
    { productId: c.lost.id, initial: 3 },
  ];
  const expectInvariants = (c: Checkout) => expectMoneyInvariants(t.db, { sessionIds: [c.sessionId], stock: stockOf(c) });
  /** The buyer pays on the page opened at checkout (for the full ₦18,000) and Paystack tells us. */
  async function payOldPage(c: Checkout) {
    paystack.pay(c.oldRef);
    await paystack.sendWebhook(t.http, c.oldRef).expect(200);
  }
  const adminMove = (orderId: number, status: string, reason: string) => adminSetsStatus(t, admin, orderId, status, reason);
  const blockListing = (c: Checkout) =>
    request(t.http).post(`/api/admin/products/${c.lost.id}/block`).set(bearer(admin)).send({ reason: 'Counterfeit' }).expect(200);
  const buyerCancel = (orderId: number, c: Checkout) =>
    request(t.http).patch(`/api/orders/${orderId}/update/status`).set(bearer(c.buyer.token)).send({ paymentStatus: 'cancelled_by_buyer' });
  const sellerReject = (c: Checkout) =>
    request(t.http)
      .patch(`/api/orders/${c.lostOrder}/update/status`)
      .set(bearer(c.gone.token))
      .send({ paymentStatus: 'rejected_by_seller' });

  /**
   * After `lostOrder` was cancelled by some path: the checkout owes only the live order, Paystack is asked for that
   * only, the old full-amount page paying is recorded and flagged for refund (the cancelled order never paid), and
   * the right payment — with Paystack's fees passed to the customer — pays the live order alone.
   */
  async function proveOneOrderLeft(c: Checkout, lostStatus: string) {
    expect(await order(c.lostOrder)).toMatchObject({ status: lostStatus, payment_status: 'cancelled', paid_at: null });
    expect(await order(c.keptOrder)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(await session(c.sessionId)).toEqual({ status: 'pending', total_kobo: '1000000' });
    await expectInvariants(c);

    const asked = paystack.requests.length;
    const init = await initialize(c.buyer, c.sessionId).expect(201);
    expect(init.body.data.transaction.amount).toBe('10000.00');
    expect(initializedSince(asked)).toEqual([1_000_000]);
    const newRef = init.body.data.transaction.reference;
    expect(newRef).not.toBe(c.oldRef);

    // The buyer pays on the page opened before the cancellation: recorded, not applied, flagged for refund.
    await payOldPage(c);
    expect(await payment(c.oldRef)).toMatchObject({
      status: 'success',
      applied: false,
      needs_refund: true,
      paid_amount_kobo: '1800000',
      review_reason: 'Paid 18000.00 NGN, but the checkout total is 10000.00 NGN: an order in it was cancelled before this payment arrived.',
    });
    expect(await session(c.sessionId)).toMatchObject({ status: 'pending' });
    expect((await order(c.lostOrder)).paid_at).toBeNull();
    await expectInvariants(c);

    // The live total, paid with Paystack's fees on top: applied; only the live order is paid.
    const fees = paystack.passFeesToCustomer(newRef);
    paystack.pay(newRef);
    await paystack.sendWebhook(t.http, newRef).expect(200);
    expect(await payment(newRef)).toMatchObject({
      applied: true,
      needs_refund: false,
      amount_kobo: '1000000',
      paid_amount_kobo: String(1_000_000 + fees),
    });
    expect(await session(c.sessionId)).toEqual({ status: 'paid', total_kobo: '1000000' });
    expect(await order(c.keptOrder)).toMatchObject({ status: 'paid', payment_status: 'paid' });
    expect(await order(c.lostOrder)).toMatchObject({ status: lostStatus, paid_at: null });
    await expectInvariants(c);
  }

  const cancelPaths: [string, string, (c: Checkout) => Promise<unknown>][] = [
    [
      'its seller deletes their account',
      'cancelled',
      (c) => request(t.http).delete('/api/profile/me').set(bearer(c.gone.token)).send({ confirm: 'DELETE ACCOUNT' }).expect(200),
    ],
    ['the buyer cancels it', 'cancelled_by_buyer', (c) => buyerCancel(c.lostOrder, c).expect(200)],
    ['an admin cancels it', 'cancelled', (c) => adminMove(c.lostOrder, 'cancelled', 'Buyer asked by phone').expect(200)],
    [
      'an admin marks it rejected by the seller',
      'rejected_by_seller',
      (c) => adminMove(c.lostOrder, 'rejected_by_seller', 'Seller cannot deliver').expect(200),
    ],
    ['an admin blocks its listing', 'cancelled', (c) => blockListing(c)],
    [
      'an admin sets its listing to blocked in the edit form',
      'cancelled',
      (c) =>
        request(t.http)
          .put(`/api/admin/products/${c.lost.id}`)
          .set(bearer(admin))
          .send({ status: 'blocked', blockReason: 'Prohibited item' })
          .expect(200),
    ],
    [
      'an admin withdraws its listing',
      'cancelled',
      (c) => request(t.http).put(`/api/admin/products/${c.lost.id}`).set(bearer(admin)).send({ status: 'withdrawn' }).expect(200),
    ],
    [
      'its seller deletes the listing',
      'cancelled',
      (c) => request(t.http).delete(`/api/products/${c.lost.id}`).set(bearer(c.gone.token)).expect(200),
    ],
    [
      'its seller withdraws the listing',
      'cancelled',
      (c) =>
        request(t.http).put(`/api/products/edit/${c.lost.id}`).set(bearer(c.gone.token)).field('productStatus', 'withdrawn').expect(200),
    ],
  ];

  it.each(cancelPaths)(
    'one of two orders cancelled because %s: total drops, Paystack asked for the rest, old page refunded',
    async (_path, lostStatus, cancel) => {
      const c = await twoSellerCheckout();
      await cancel(c);
      await proveOneOrderLeft(c, lostStatus);
    },
  );

  it('a blocked or withdrawn listing gets its reserved units back, and stays off sale', async () => {
    const c = await twoSellerCheckout();
    expect(await productState(t, c.lost.id)).toEqual({ quantity: 1, status: 'active' });
    await blockListing(c);
    expect(await productState(t, c.lost.id)).toEqual({ quantity: 3, status: 'blocked' });
    const history = await t.db.query(
      `SELECT actor_kind, reason FROM order_status_history WHERE order_id = $1 AND to_status = 'cancelled'`,
      [c.lostOrder],
    );
    // The buyer reads a neutral reason; the admin's reason is for the seller.
    expect(history).toEqual([{ actor_kind: 'admin', reason: '“Shea butter, 1 kg” was withdrawn from sale by Kasuwa before payment.' }]);
  });

  it('checkout expiry: both orders cancelled, nothing owed, the old page paying is refunded, all stock back', async () => {
    const c = await twoSellerCheckout();
    await t.db.query(`UPDATE checkout_session SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.sessionId]);
    await t.app.get(CheckoutExpiryService).sweep();
    expect(await session(c.sessionId)).toEqual({ status: 'expired', total_kobo: '0' });
    for (const id of [c.keptOrder, c.lostOrder]) expect(await order(id)).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
    await initialize(c.buyer, c.sessionId).expect(409);
    await payOldPage(c);
    expect(await payment(c.oldRef)).toMatchObject({ applied: false, needs_refund: true });
    await expectInvariants(c);
    expect(await productState(t, c.kept.id)).toEqual({ quantity: 5, status: 'active' });
  });

  it('the buyer deletes their account: every unpaid order cancelled, checkout closed, a late payment refunded', async () => {
    const c = await twoSellerCheckout();
    await request(t.http).delete('/api/profile/me').set(bearer(c.buyer.token)).send({ confirm: 'DELETE ACCOUNT' }).expect(200);
    expect(await session(c.sessionId)).toEqual({ status: 'cancelled', total_kobo: '0' });
    await payOldPage(c);
    expect(await payment(c.oldRef)).toMatchObject({ applied: false, needs_refund: true });
    await expectInvariants(c);
  });

  it('nothing live is left: initialize refuses and asks Paystack for nothing', async () => {
    const c = await twoSellerCheckout();
    for (const id of [c.keptOrder, c.lostOrder]) {
      await buyerCancel(id, c).expect(200);
    }
    expect(await session(c.sessionId)).toEqual({ status: 'cancelled', total_kobo: '0' });
    const asked = paystack.requests.length;
    const res = await initialize(c.buyer, c.sessionId).expect(409);
    expect(res.body).toEqual({ message: 'This checkout was cancelled.', code: 'CHECKOUT_CANCELLED' });
    expect(initializedSince(asked)).toEqual([]);
    await expectInvariants(c);
  });

  it('an admin moving an unpaid order out of the flow another way (to processing) also leaves the payable total', async () => {
    const c = await twoSellerCheckout();
    await adminMove(c.lostOrder, 'processing', 'Paid cash at the shop').expect(200);
    expect(await session(c.sessionId)).toEqual({ status: 'pending', total_kobo: '1000000' });
    await expectInvariants(c);
  });

  it('the seller cannot cancel an unpaid order; once paid, the seller rejecting it leaves the money due for refund', async () => {
    const c = await twoSellerCheckout();
    const refused = await sellerReject(c).expect(409);
    expect(refused.body.message).toMatch(/cannot move an order from pending to rejected_by_seller/);
    expect(await session(c.sessionId)).toEqual({ status: 'pending', total_kobo: '1800000' });
    await payOldPage(c);
    expect(await session(c.sessionId)).toMatchObject({ status: 'paid' });
    await sellerReject(c).expect(200);
    expect(await order(c.lostOrder)).toMatchObject({ status: 'rejected_by_seller', payment_status: 'refund_due' });
    expect(await productState(t, c.lost.id)).toEqual({ quantity: 3, status: 'active' });
    await expectInvariants(c);
  });

  describe('an admin moving a cancelled order back into the flow', () => {
    it('unpaid, back to pending: its stock is reserved again and the checkout total includes it again', async () => {
      const c = await twoSellerCheckout();
      await adminMove(c.lostOrder, 'cancelled', 'Mistake').expect(200);
      expect(await productState(t, c.lost.id)).toEqual({ quantity: 3, status: 'active' });
      await adminMove(c.lostOrder, 'pending', 'Undo the mistake').expect(200);
      expect(await productState(t, c.lost.id)).toEqual({ quantity: 1, status: 'active' });
      expect(await order(c.lostOrder)).toMatchObject({ status: 'pending', payment_status: 'pending' });
      expect(await session(c.sessionId)).toEqual({ status: 'pending', total_kobo: '1800000' });
      await expectInvariants(c);
      // The page for the full amount pays both again.
      await payOldPage(c);
      expect(await order(c.lostOrder)).toMatchObject({ status: 'paid' });
      await expectInvariants(c);
    });

    it('refused with 409 naming the product when its stock is gone; nothing changes', async () => {
      const c = await twoSellerCheckout();
      await adminMove(c.lostOrder, 'cancelled', 'Mistake').expect(200);
      // Someone else buys all three meanwhile.
      const other = await registerUser(t);
      await placeOrder(t, other.token, [{ productID: c.lost.id, quantity: 3 }]);
      const res = await adminMove(c.lostOrder, 'pending', 'Undo').expect(409);
      expect(res.body.message).toMatch(/“Shea butter, 1 kg” is no longer available in the quantity this order needs \(2\)/);
      expect(await order(c.lostOrder)).toMatchObject({ status: 'cancelled' });
      expect(await productState(t, c.lost.id)).toEqual({ quantity: 0, status: 'sold_out' });
      expect(await session(c.sessionId)).toEqual({ status: 'pending', total_kobo: '1000000' });
      await expectInvariants(c);
    });

    it('refused with 409 when the listing was deleted or blocked', async () => {
      const c = await twoSellerCheckout();
      await blockListing(c);
      const res = await adminMove(c.lostOrder, 'processing', 'Undo').expect(409);
      expect(res.body.message).toMatch(/Shea butter, 1 kg/);
      const d = await twoSellerCheckout();
      await request(t.http).delete(`/api/products/${d.lost.id}`).set(bearer(d.gone.token)).expect(200);
      const gone = await adminMove(d.lostOrder, 'pending', 'Undo').expect(409);
      expect(gone.body.message).toMatch(/Shea butter, 1 kg/);
      await expectMoneyInvariants(t.db, { sessionIds: [c.sessionId, d.sessionId], stock: stockOf(c) });
    });

    it('unpaid, back to pending after the checkout closed: 409, the buyer checks out again', async () => {
      const c = await twoSellerCheckout();
      await t.db.query(`UPDATE checkout_session SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.sessionId]);
      await t.app.get(CheckoutExpiryService).sweep();
      const res = await adminMove(c.lostOrder, 'pending', 'Undo').expect(409);
      expect(res.body.message).toMatch(/checkout is expired/);
      await expectInvariants(c);
    });

    it('paid, cancelled (refund due, stock back), then back to processing: stock taken again, the payment stands again', async () => {
      const c = await twoSellerCheckout();
      await payOldPage(c);
      await adminMove(c.lostOrder, 'cancelled', 'Seller unreachable').expect(200);
      expect(await order(c.lostOrder)).toMatchObject({ status: 'cancelled', payment_status: 'refund_due' });
      expect(await productState(t, c.lost.id)).toEqual({ quantity: 3, status: 'active' });
      await expectInvariants(c);
      await adminMove(c.lostOrder, 'processing', 'Seller reached').expect(200);
      expect(await order(c.lostOrder)).toMatchObject({ status: 'processing', payment_status: 'paid' });
      expect(await productState(t, c.lost.id)).toEqual({ quantity: 1, status: 'active' });
      await expectInvariants(c);
    });
  });

  describe('the amount check reads requested_amount (Paystack "pass fees to the customer")', () => {
    it('fees on top of the asked amount: applied; the fee-inclusive charge is recorded', async () => {
      const c = await twoSellerCheckout();
      const fees = paystack.passFeesToCustomer(c.oldRef);
      expect(fees).toBe(37_000);
      paystack.pay(c.oldRef);
      expect(paystack.transactionData(c.oldRef)).toMatchObject({ amount: 1_837_000, requested_amount: 1_800_000 });
      await paystack.sendWebhook(t.http, c.oldRef).expect(200);
      expect(await payment(c.oldRef)).toMatchObject({
        applied: true,
        needs_refund: false,
        amount_kobo: '1800000',
        paid_amount_kobo: '1837000',
      });
      await expectInvariants(c);
    });

    it('a requested_amount other than the live total, or a charge below it, is refunded, not applied', async () => {
      const c = await twoSellerCheckout();
      paystack.pay(c.oldRef);
      paystack.tamper(c.oldRef, { requestedAmount: 1_000_000 });
      await paystack.sendWebhook(t.http, c.oldRef).expect(200);
      expect(await payment(c.oldRef)).toMatchObject({
        applied: false,
        needs_refund: true,
        review_reason: 'Paid 10000.00 NGN, but the checkout total is 18000.00 NGN.',
      });

      const d = await twoSellerCheckout();
      paystack.pay(d.oldRef);
      paystack.tamper(d.oldRef, { amount: 1_799_999 });
      await paystack.sendWebhook(t.http, d.oldRef).expect(200);
      expect(await payment(d.oldRef)).toMatchObject({
        applied: false,
        needs_refund: true,
        review_reason: 'Paid 17999.99 NGN, but the checkout total is 18000.00 NGN.',
      });
      await expectMoneyInvariants(t.db, { sessionIds: [c.sessionId, d.sessionId], stock: [...stockOf(c), ...stockOf(d)] });
    });
  });

  it('a payment racing a cancellation: whichever wins, the invariants hold (5 rounds × 3 paths)', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const races: ((c: Checkout) => Promise<unknown>)[] = [
        // When the payment lands first the seller has escrow held: the deletion is refused ("an account with money is not
        // deleted") and the order stands paid.
        async (c) => {
          const res = await request(t.http).delete('/api/profile/me').set(bearer(c.gone.token)).send({ confirm: 'DELETE ACCOUNT' });
          if (res.status === 409) {
            expect(res.body).toMatchObject({ code: 'ACCOUNT_HAS_MONEY', message: expect.stringMatching(/held for your open orders/) });
            expect(await order(c.lostOrder)).toMatchObject({ payment_status: 'paid' });
          } else expect(res.status).toBe(200);
        },
        (c) => blockListing(c),
        // The buyer's cancel and an admin's block of the same listing, together with the payment.
        (c) => Promise.all([buyerCancel(c.lostOrder, c), blockListing(c)]),
      ];
      for (const cancel of races) {
        const c = await twoSellerCheckout();
        paystack.pay(c.oldRef);
        const [, hook] = await Promise.all([cancel(c), paystack.sendWebhook(t.http, c.oldRef)]);
        expect(hook.status).toBe(200);
        outcomes.add((await session(c.sessionId)).status);
        await expectInvariants(c);
      }
    }
    // Both orders of events happen (paid first, or cancelled first and the payment flagged for refund); both are sound.
    expect([...outcomes].every((s) => s === 'paid' || s === 'pending')).toBe(true);
  });

  it('the invariant check itself catches each kind of broken state', async () => {
    const c = await twoSellerCheckout();
    await payOldPage(c);
    await expectInvariants(c);
    // Break it the way the bug did: a cancelled order inside a paid checkout, paid for, no refund due.
    await t.db.query(`UPDATE "order" SET status = 'cancelled', stock_released_at = now() WHERE id = $1`, [c.lostOrder]);
    expect(await moneyViolations(t.db, { sessionIds: [c.sessionId], stock: stockOf(c) })).toEqual([
      expect.stringMatching(/paid, cancelled, and no refund due/),
      expect.stringMatching(new RegExp(`product ${c.lost.id}: quantity 1 \\+ held 0 ≠ 3`)),
    ]);
    const d = await twoSellerCheckout();
    await t.db.query(`UPDATE "order" SET status = 'cancelled', payment_status = 'cancelled' WHERE id = $1`, [d.lostOrder]);
    await t.db.query(`UPDATE payment_transaction SET status = 'success' WHERE reference = $1`, [d.oldRef]);
    expect(await moneyViolations(t.db, { sessionIds: [d.sessionId] })).toEqual([
      expect.stringMatching(/payable total 1800000 ≠ live orders 1000000/),
      expect.stringMatching(/took money, paid nothing, and is not flagged for refund/),
    ]);
  });
});
