import request from 'supertest';
import { bearer, registerUser, type TestUser } from './actors';
import { createProduct, placeOrder } from './catalog-fixtures';
import { expectMoneyInvariants } from './money-invariants';
import type { PaystackStandIn } from './paystack-stand-in';
import { appPerFile, type Registration, type TestApp } from './test-app';

/**
 * The app of a money test file: the Paystack stand-in, the web role (no background job runs: the tests play the sweeps
 * and clocks), `env` on top, and the ledger's invariants checked after every test.
 */
export function moneyAppPerFile(
  paystack: PaystackStandIn,
  opts: { users?: Registration[]; admin?: boolean; env?: Record<string, string> } = {},
): ReturnType<typeof appPerFile> {
  return appPerFile({
    paystack,
    users: opts.users,
    admin: opts.admin,
    env: { KASUWA_ROLE: 'web', ...opts.env },
    afterEach: (t) => expectMoneyInvariants(t.db),
  });
}

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
  const reference = await initializePayment(t, buyer.token, placed.checkoutSessionId);
  paystack.pay(reference, channel);
  await paystack.sendWebhook(t.http, reference).expect(200);
  return { orderId: placed.orders[0].id, reference };
}

/** Starts paying the checkout session as its buyer (POST /api/payments/initialize, 201): the payment's reference. */
export async function initializePayment(t: TestApp, buyerToken: string, checkoutSessionId: number): Promise<string> {
  const init = await request(t.http)
    .post('/api/payments/initialize')
    .set(bearer(buyerToken))
    .send({ checkoutSessionID: checkoutSessionId })
    .expect(201);
  return init.body.data.transaction.reference as string;
}

/**
 * A ₦15,000 listing from each seller, one of each ordered by the buyer, and the payment initialized: the page it sends
 * the buyer to (`url`, the test checkout page when no Paystack key is set) and the payment's reference.
 */
export async function openCheckout(t: TestApp, buyer: TestUser, sellers: TestUser[]) {
  const products = await Promise.all(sellers.map((s) => createProduct(t, s.user.id, { priceKobo: 1_500_000 })));
  const placed = await placeOrder(
    t,
    buyer.token,
    products.map((p) => ({ productID: p.id, quantity: 1 })),
  );
  const init = await request(t.http)
    .post('/api/payments/initialize')
    .set(bearer(buyer.token))
    .send({ checkoutSessionID: placed.checkoutSessionId })
    .expect(201);
  const url = new URL(init.body.data.transaction.metadata.data.authorization_url);
  return { placed, url, reference: init.body.data.transaction.reference as string };
}

/** The back office moves the order to `status`, giving `reason` (PUT /api/admin/orders/{id}): the request, for the caller's expect. */
export const adminSetsStatus = (t: TestApp, admin: { token: string }, orderId: number, status: string, reason: string) =>
  request(t.http).put(`/api/admin/orders/${orderId}`).set(bearer(admin)).send({ status, reason });

/** A dispute opened on the order by `who` (its buyer may; anyone else is refused): the request, for the caller's expect. */
export const openDispute = (t: TestApp, who: TestUser, orderId: number, reason: string, text: string) =>
  request(t.http).post(`/api/orders/${orderId}/dispute`).set(bearer(who.token)).send({ reason, text });

/** The seller accepts, ships and delivers the paid order, then the buyer marks it received: its escrow is released. */
export async function deliverAndRelease(t: TestApp, orderId: number, seller: TestUser, buyer: TestUser): Promise<void> {
  for (const to of ['accepted_by_seller', 'shipped', 'delivered'])
    await request(t.http).patch(`/api/orders/${orderId}/update/status`).set(bearer(seller.token)).send({ status: to }).expect(200);
  await request(t.http)
    .patch(`/api/orders/${orderId}/update/status`)
    .set(bearer(buyer.token))
    .send({ status: 'received_by_buyer' })
    .expect(200);
}

/**
 * A new seller with a first payout account (bank 058, "ADAEZE OKAFOR" at the stand-in) and one released order of
 * `priceKobo` bought by a new buyer: 95% of it available to withdraw.
 */
export async function sellerWithReleasedOrder(t: TestApp, paystack: PaystackStandIn, priceKobo: number): Promise<TestUser> {
  const seller = await registerUser(t);
  const buyer = await registerUser(t);
  await savePayoutAccount(t, paystack, seller, 'ADAEZE OKAFOR', { numberBase: 1_000_000_000 });
  const { orderId } = await paidOrder(t, paystack, seller, buyer, { priceKobo, quantity: 1 });
  await deliverAndRelease(t, orderId, seller, buyer);
  return seller;
}

/**
 * Saves `user`'s payout account at `bankCode` (GTBank unless given), numbered `numberBase` + their id (its first ten
 * digits: one of their own), which the stand-in resolves to `accountName`.
 */
export async function savePayoutAccount(
  t: TestApp,
  paystack: PaystackStandIn,
  user: TestUser,
  accountName: string,
  { numberBase, bankCode = '058' }: { numberBase: number; bankCode?: string },
): Promise<void> {
  const number = String(numberBase + user.user.id).slice(0, 10);
  paystack.accounts.set(`${bankCode}:${number}`, accountName);
  await request(t.http).put('/api/profile/payout-account').set(bearer(user.token)).send({ bankCode, accountNumber: number }).expect(200);
}
