import request from 'supertest';
import { allowedNext, type OrderStatus } from '@kasuwa/contracts';
import { bearer } from './utils/actors';
import { createProduct, placeOrder, plantainMarketPerFile, productState } from './utils/catalog-fixtures';

/** Every allowed row of the docs/order-lifecycle.md table that a person performs, expanded to (role, from, to). */
const ALLOWED: ['buyer' | 'seller', OrderStatus, OrderStatus, boolean][] = [];
const add = (role: 'buyer' | 'seller', froms: OrderStatus[], tos: OrderStatus[], paid = true) => {
  for (const from of froms) for (const to of tos) if (from !== to) ALLOWED.push([role, from, to, paid]);
};
add('buyer', ['pending'], ['cancelled_by_buyer'], false);
add('seller', ['paid', 'processing', 'accepted_by_seller'], ['accepted_by_seller', 'processing', 'rejected_by_seller', 'shipped']);
add('buyer', ['paid', 'processing', 'accepted_by_seller'], ['cancelled_by_buyer']);
add('seller', ['shipped'], ['on_the_way', 'delivered']);
add('seller', ['on_the_way'], ['delivered']);
add('buyer', ['shipped', 'on_the_way', 'delivered'], ['received_by_buyer', 'rejected_by_buyer']);
add('buyer', ['received_by_buyer'], ['completed']);
add('buyer', ['rejected_by_seller', 'rejected_by_buyer', 'cancelled_by_buyer'], ['need_refund']);

describe('order lifecycle and order reads', () => {
  const { t, seller, buyer, stranger, admin, stock } = plantainMarketPerFile(10_000);

  /** A fresh order, then put straight into `status` (paid or not) as if it had got there. */
  async function orderAt(status: OrderStatus, paid = status !== 'pending', product = stock, quantity = 1): Promise<number> {
    const placed = await placeOrder(t, buyer.token, [{ productID: product.id, quantity }]);
    const id = placed.orders[0].id;
    await t.db.query(
      `UPDATE "order" SET status = $2, paid_at = CASE WHEN $3 THEN now() END, payment_status = CASE WHEN $3 THEN 'paid' ELSE 'pending' END WHERE id = $1`,
      [id, status, paid],
    );
    return id;
  }
  const patch = (id: number, token: string | { token: string }, body: Record<string, unknown>) =>
    request(t.http).patch(`/api/orders/${id}/update/status`).set(bearer(token)).send(body);
  const tokenOf = (role: 'buyer' | 'seller') => (role === 'buyer' ? buyer.token : seller.token);

  it(`every allowed row of the transition table works for its role (${ALLOWED.length} moves) and is kept in the history`, async () => {
    for (const [role, from, to, paid] of ALLOWED) {
      const id = await orderAt(from, paid);
      const res = await patch(id, tokenOf(role), { paymentStatus: to });
      expect([role, from, to, res.status]).toEqual([role, from, to, 200]);
      expect(res.body.data).toMatchObject({ status: to, viewerRole: role, allowedNext: allowedNext(role, to, { paid }) });
      expect(res.body.data.history.at(-1)).toMatchObject({
        status: to,
        fromStatus: from,
        actorKind: role,
        actorId: role === 'buyer' ? buyer.user.id : seller.user.id,
      });
    }
  });

  it('refused moves are 409 and name the allowed next statuses', async () => {
    const samples: ['buyer' | 'seller', OrderStatus, OrderStatus, boolean][] = [
      ['seller', 'pending', 'shipped', false],
      ['seller', 'paid', 'on_the_way', true],
      ['seller', 'delivered', 'on_the_way', true],
      ['seller', 'shipped', 'received_by_buyer', true],
      ['seller', 'rejected_by_seller', 'need_refund', true],
      ['buyer', 'pending', 'paid', false],
      ['buyer', 'paid', 'completed', true],
      ['buyer', 'shipped', 'completed', true],
      ['buyer', 'cancelled_by_buyer', 'need_refund', false],
      ['buyer', 'completed', 'need_refund', true],
      ['buyer', 'paid', 'shipped', true],
    ];
    for (const [role, from, to, paid] of samples) {
      const id = await orderAt(from, paid);
      const res = await patch(id, tokenOf(role), { status: to });
      const allowed = allowedNext(role, from, { paid });
      expect([role, from, to, res.status]).toEqual([role, from, to, 409]);
      expect(res.body.message).toBe(
        `As the ${role}, you cannot move an order from ${from} to ${to}. Allowed next: ${allowed.join(', ') || 'none'}.`,
      );
      const [row] = await t.db.query(`SELECT status FROM "order" WHERE id = $1`, [id]);
      expect(row.status).toBe(from);
    }
    const id = await orderAt('paid');
    const paidMsg = (await patch(id, seller.token, { paymentStatus: 'on_the_way' }).expect(409)).body.message;
    expect(paidMsg).toBe(
      'As the seller, you cannot move an order from paid to on_the_way. Allowed next: processing, accepted_by_seller, rejected_by_seller, shipped.',
    );
    expect((await patch(id, seller.token, { paymentStatus: 'paid' }).expect(409)).body.message).toBe('The order is already paid.');
  });

  it('the role comes from the caller, not the body; strangers get 404; bad input is 422', async () => {
    const id = await orderAt('paid');
    await patch(id, buyer.token, { paymentStatus: 'shipped', role: 'seller' }).expect(409);
    await patch(id, stranger.token, { paymentStatus: 'cancelled_by_buyer' }).expect(404);
    await patch(999999, buyer.token, { paymentStatus: 'cancelled_by_buyer' }).expect(404);
    const bad = await patch(id, seller.token, { paymentStatus: 'teleported' }).expect(422);
    expect(bad.body.error[0].field).toBe('paymentStatus');
    const none = await patch(id, seller.token, {}).expect(422);
    expect(none.body.error).toEqual([{ field: 'paymentStatus', message: 'Choose the new status' }]);
    await request(t.http).patch(`/api/orders/${id}/update/status`).send({ paymentStatus: 'shipped' }).expect(401);
  });

  it('cancelling or rejecting before shipment gives the stock back once; after shipment it does not', async () => {
    const p = await createProduct(t, seller.user.id, { quantity: 2, name: 'Last two lamps' });
    const a = await orderAt('paid', true, p, 2);
    expect(await productState(t, p.id)).toEqual({ quantity: 0, status: 'sold_out' });
    await patch(a, buyer.token, { paymentStatus: 'cancelled_by_buyer' }).expect(200);
    expect(await productState(t, p.id)).toEqual({ quantity: 2, status: 'active' });
    // Admin moving it to another cancelled state does not release twice.
    await patch(a, admin, { paymentStatus: 'cancelled', reason: 'Duplicate' }).expect(200);
    expect(await productState(t, p.id)).toEqual({ quantity: 2, status: 'active' });
    const [row] = await t.db.query(`SELECT payment_status FROM "order" WHERE id = $1`, [a]);
    expect(row.payment_status).toBe('refund_due');

    const b = await orderAt('accepted_by_seller', true, p, 1);
    await patch(b, seller.token, { paymentStatus: 'rejected_by_seller' }).expect(200);
    expect(await productState(t, p.id)).toEqual({ quantity: 2, status: 'active' });

    const c = await orderAt('shipped', true, p, 1);
    await patch(c, admin, { paymentStatus: 'cancelled', reason: 'Lost in transit' }).expect(200);
    expect(await productState(t, p.id)).toEqual({ quantity: 1, status: 'active' });

    // An unpaid order cancelled by its buyer: stock back, payment status cancelled, checkout closed.
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    await patch(placed.orders[0].id, buyer.token, { paymentStatus: 'cancelled_by_buyer' }).expect(200);
    expect(await productState(t, p.id)).toEqual({ quantity: 1, status: 'active' });
    const [s] = await t.db.query(
      `SELECT s.status, s.total_kobo, o.payment_status FROM checkout_session s JOIN "order" o ON o.checkout_session_id = s.id WHERE o.id = $1`,
      [placed.orders[0].id],
    );
    expect(s).toEqual({ status: 'cancelled', total_kobo: '0', payment_status: 'cancelled' });
  });

  it('admins change any status with a reason, recorded with who and why (PATCH and the back-office PUT)', async () => {
    const id = await orderAt('delivered');
    const noReason = await patch(id, admin, { paymentStatus: 'processing' }).expect(422);
    expect(noReason.body.error).toEqual([{ field: 'reason', message: expect.stringMatching(/reason/) }]);
    const res = await patch(id, admin, { paymentStatus: 'processing', reason: 'Buyer called: wrong size, resending' }).expect(200);
    expect(res.body.data.viewerRole).toBe('admin');
    const [adminRow] = await t.db.query(`SELECT id FROM admin WHERE email = 'admin@kasuwa.test'`);
    expect(res.body.data.history.at(-1)).toMatchObject({
      status: 'processing',
      fromStatus: 'delivered',
      actorKind: 'admin',
      actorId: adminRow.id,
      reason: 'Buyer called: wrong size, resending',
    });

    const put = await request(t.http)
      .put(`/api/admin/orders/${id}`)
      .set(bearer(admin))
      .send({ id, status: 'completed', reason: 'Closed by support', orderItems: [] })
      .expect(200);
    expect(put.body).toMatchObject({ id, status: 'completed' });
    await request(t.http).put(`/api/admin/orders/${id}`).set(bearer(admin)).send({ status: 'pending' }).expect(422);
    await request(t.http).put(`/api/admin/orders/${id}`).set(bearer(buyer.token)).send({ status: 'pending', reason: 'x' }).expect(401);
  });

  it('GET /orders/in/{id}: its buyer, its seller or an admin; anyone else 404', async () => {
    const id = await orderAt('paid');
    const forBuyer = (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(buyer.token)).expect(200)).body.data;
    expect(forBuyer).toMatchObject({ viewerRole: 'buyer', allowedNext: ['cancelled_by_buyer'] });
    const forSeller = (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(seller.token)).expect(200)).body.data;
    expect(forSeller).toMatchObject({
      viewerRole: 'seller',
      allowedNext: ['processing', 'accepted_by_seller', 'rejected_by_seller', 'shipped'],
    });
    expect((await request(t.http).get(`/api/orders/in/${id}`).set(bearer(admin)).expect(200)).body.data.viewerRole).toBe('admin');
    expect((await request(t.http).get(`/api/orders/in/${forBuyer.orderNumber}`).set(bearer(buyer.token)).expect(200)).body.data.id).toBe(
      id,
    );
    expect((await request(t.http).get(`/api/orders/in/${id}`).set(bearer(stranger.token)).expect(404)).body).toEqual({
      message: 'Order not found',
      code: 'ORDER_NOT_FOUND',
    });
    await request(t.http).get('/api/orders/in/abc').set(bearer(buyer.token)).expect(404);
    await request(t.http).get('/api/orders/in/99999').set(bearer(buyer.token)).expect(404);
    await request(t.http).get(`/api/orders/in/${id}`).expect(401);
  });

  it('the order shape of the product data model, with seller, items and history', async () => {
    const placed = await placeOrder(t, buyer.token, [{ productID: stock.id, quantity: 3 }]);
    const order = (await request(t.http).get(`/api/orders/in/${placed.orders[0].id}`).set(bearer(buyer.token)).expect(200)).body.data;
    expect(order).toEqual({
      id: placed.orders[0].id,
      orderNumber: placed.orders[0].orderNumber,
      checkoutSessionId: placed.checkoutSessionId,
      status: 'pending',
      paymentStatus: 'pending',
      totalAmount: '7500.00',
      currency: 'NGN',
      deliveryDays: null,
      // An order placed with the product's three fields only (no stateId): no delivery method or fee, as before delivery options.
      deliveryMethod: null,
      deliveryZone: null,
      deliveryFee: '0.00',
      expectedDeliveryDate: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      paidAt: null,
      refundState: null,
      shipBy: null,
      releaseAt: null,
      releasedAt: null,
      shippingAddress: '12 Admiralty Way, Lekki Phase 1',
      receiverPhoneNumber: '08031234567',
      deliveryRegion: 'Lagos, Lekki',
      carrier: null,
      carrierName: null,
      cashReceivedAt: null,
      deliveryRefusedAt: null,
      trackingNumber: null,
      trackingUrl: null,
      user: { id: buyer.user.id, firstName: 'Bisi', lastName: 'Buyer', fullName: 'Bisi Buyer', email: buyer.email },
      seller: { id: seller.user.id, fullName: 'Sola Seller', email: seller.email },
      orderItems: [
        {
          id: expect.any(Number),
          quantity: 3,
          priceAtTime: '2500.00',
          currency: 'NGN',
          product: {
            id: stock.id,
            productName: 'Plantain chips',
            productDescription: 'Description of Plantain chips',
            productImages: [{ imageUrl: expect.any(String), thumbnailUrl: expect.any(String) }],
            user: { id: seller.user.id, fullName: 'Sola Seller', email: seller.email },
          },
        },
      ],
      history: [
        {
          id: expect.any(Number),
          status: 'pending',
          fromStatus: null,
          actorKind: 'buyer',
          actorId: buyer.user.id,
          reason: null,
          createdAt: expect.any(String),
        },
      ],
      viewerRole: 'buyer',
      allowedNext: ['cancelled_by_buyer'],
    });
  });

  it('buyer and seller lists: their own orders, newest first; the seller’s profile says it has seller orders', async () => {
    const mine = (await request(t.http).get('/api/orders/all').set(bearer(buyer.token)).expect(200)).body.data;
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every((o: { user: { id: number } }) => o.user.id === buyer.user.id)).toBe(true);
    const ids = mine.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const sold = (await request(t.http).get('/api/orders/seller/all').set(bearer(seller.token)).expect(200)).body.data;
    expect(
      sold.every((o: { seller: { id: number }; viewerRole: string }) => o.seller.id === seller.user.id && o.viewerRole === 'seller'),
    ).toBe(true);
    expect((await request(t.http).get('/api/orders/all').set(bearer(stranger.token)).expect(200)).body.data).toEqual([]);
    expect((await request(t.http).get('/api/orders/seller/all').set(bearer(buyer.token)).expect(200)).body.data).toEqual([]);
    expect(
      (await request(t.http).get('/api/orders/all').query({ limit: 2, page: 2 }).set(bearer(buyer.token)).expect(200)).body.data.map(
        (o: { id: number }) => o.id,
      ),
    ).toEqual(ids.slice(2, 4));
    expect((await request(t.http).get('/api/profile/me').set(bearer(seller.token)).expect(200)).body.data.hasSellerOrders).toBe(true);
    // The product page's seller facts count the seller's completed orders.
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM "order" WHERE seller_id = $1 AND status = 'completed'`, [
      seller.user.id,
    ]);
    expect(n).toBeGreaterThan(0);
    const [listing] = await t.db.query(`SELECT id FROM product WHERE user_id = $1 LIMIT 1`, [seller.user.id]);
    await t.db.query(`UPDATE product SET status = 'active', quantity = greatest(quantity, 1) WHERE id = $1`, [listing.id]);
    expect((await request(t.http).get(`/api/products/${listing.id}`).expect(200)).body.data.seller.completedOrders).toBe(n);
    await request(t.http).get('/api/orders/all').set(bearer(admin)).expect(401);
  });

  it('delivery days: N/A (null) until delivered, then the whole days from payment to delivery', async () => {
    const id = await orderAt('on_the_way');
    const read = async () =>
      (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(buyer.token)).expect(200)).body.data.deliveryDays;
    expect(await read()).toBeNull();
    await t.db.query(`UPDATE "order" SET paid_at = now() - interval '3 days 5 hours' WHERE id = $1`, [id]);
    await patch(id, seller.token, { paymentStatus: 'delivered' }).expect(200);
    expect(await read()).toBe(3);
    // Later moves keep the figure (the delivery date is set once).
    await patch(id, buyer.token, { paymentStatus: 'received_by_buyer' }).expect(200);
    expect(await read()).toBe(3);
  });

  it('status changes tell the other party by e-mail', async () => {
    const id = await orderAt('paid');
    await patch(id, seller.token, { paymentStatus: 'shipped' }).expect(200);
    const [mail] = await t.db.query(`SELECT recipient, subject, body FROM mail_outbox ORDER BY id DESC LIMIT 1`);
    expect(mail.recipient).toBe(buyer.email);
    expect(mail.subject).toMatch(/: Shipped$/);
    expect(mail.body).toContain(`http://localhost:3999/orders/${id}/buyer`);
  });
});
