import request from 'supertest';
import { bearer, type TestUser } from './actors';
import { createProduct, placeOrder } from './catalog-fixtures';
import type { PaystackStandIn } from './paystack-stand-in';
import type { TestApp } from './test-app';

/** A new listing of the seller's (in `categoryId`), one unit of it ordered by the buyer and paid (by `channel`) through the stand-in's webhook. */
export async function paidOrder(
  t: TestApp,
  paystack: PaystackStandIn,
  seller: TestUser,
  buyer: TestUser,
  {
    priceKobo,
    quantity = 2,
    categoryId = null,
    channel = 'card',
  }: { priceKobo: number; quantity?: number; categoryId?: number | null; channel?: string },
): Promise<{ orderId: number; reference: string }> {
  const p = await createProduct(t, seller.user.id, { priceKobo, quantity });
  if (categoryId) await t.db.query(`UPDATE product SET category_id = $2 WHERE id = $1`, [p.id, categoryId]);
  const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
  const init = await request(t.http)
    .post('/api/payments/initialize')
    .set(bearer(buyer.token))
    .send({ checkoutSessionID: placed.checkoutSessionId })
    .expect(201);
  const reference = init.body.data.transaction.reference as string;
  paystack.pay(reference, channel);
  await paystack.sendWebhook(t.http, reference).expect(200);
  return { orderId: placed.orders[0].id, reference };
}
