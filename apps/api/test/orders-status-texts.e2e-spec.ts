import request from 'supertest';
import { bearer } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { paidOrder } from './utils/money-fixtures';
import { expectMoneyInvariants } from './utils/money-invariants';
import { PaystackStandIn } from './utils/paystack-stand-in';
import { appPerFile } from './utils/test-app';

/** What the order answers let the pages say: a refund that reached the buyer, a failed attempt on a checkout paid since. */
describe('order and payment answers the status texts are built from', () => {
  const paystack = new PaystackStandIn();
  const {
    t,
    users: [seller, buyer],
  } = appPerFile({ paystack, users: [{}, {}], env: { KASUWA_ROLE: 'web' }, afterEach: (t) => expectMoneyInvariants(t.db) });
  const orderOf = async (id: number) => (await request(t.http).get(`/api/orders/in/${id}`).set(bearer(buyer.token)).expect(200)).body.data;

  it('a refund due says where the refund is: none, on its way, then refunded', async () => {
    const { orderId } = await paidOrder(t, paystack, seller, buyer, { priceKobo: 800_000 });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: 'paid', refundState: null });
    await request(t.http)
      .patch(`/api/orders/${orderId}/update/status`)
      .set(bearer(buyer.token))
      .send({ status: 'cancelled_by_buyer' })
      .expect(200);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: 'refund_due', refundState: 'on_its_way' });
    const [refund] = await t.db.query(`SELECT paystack_id FROM refund WHERE order_id = $1`, [orderId]);
    await paystack.refundSettled(t.http, Number(refund.paystack_id), 'processed');
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: 'refund_due', refundState: 'refunded' });
  });

  it('a failed attempt verified after another payment paid its checkout offers nothing to retry', async () => {
    const p = await createProduct(t, seller.user.id, { priceKobo: 300_000, quantity: 3 });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    const start = async () =>
      (
        await request(t.http)
          .post('/api/payments/initialize')
          .set(bearer(buyer.token))
          .send({ checkoutSessionID: placed.checkoutSessionId })
          .expect(201)
      ).body.data.transaction.reference as string;
    const failed = await start();
    paystack.fail(failed);
    const before = (await request(t.http).get('/api/payments/verify').query({ reference: failed }).expect(200)).body;
    expect(before).toMatchObject({ status: 'failed', data: { expiresAt: expect.any(String) } });
    expect(before.data.checkoutPaid).toBeUndefined();

    const paid = await start();
    expect(paid).not.toBe(failed);
    paystack.pay(paid);
    await paystack.sendWebhook(t.http, paid).expect(200);
    const after = (await request(t.http).get('/api/payments/verify').query({ reference: failed }).expect(200)).body;
    expect(after).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('paid since'),
      data: { checkoutPaid: true, orders: [{ id: placed.orders[0].id }] },
    });
    expect(after.data.expiresAt).toBeUndefined();
  });
});
