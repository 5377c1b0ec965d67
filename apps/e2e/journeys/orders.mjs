// Set-up through the API for journeys whose subject comes after it: a listing posted, an order placed and paid in the
// built-in test mode. The screens for these steps are other journeys' subject; here they only have to be done.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { BASE, api, apiOf } from './helpers.mjs';

/** The delivery address of the handover and tracking journeys' orders. */
export const IKOYI = { shippingAddress: '7 Awolowo Road, Ikoyi', receiverPhoneNumber: '0803 555 0101', deliveryRegion: 'Lagos, Ikoyi' };

/**
 * Posts a listing of `seller`'s with `fields` as the form sends them (the commission agreed), with one 800×600 photo
 * of `photo` colour unless none; its id.
 */
export async function postListing(seller, fields, { photo } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, platformCommissionAgreement: 'agreed' })) form.append(k, v);
  if (photo) {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: photo } })
      .jpeg()
      .toBuffer();
    form.append('productImages', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  }
  const res = await fetch(`${BASE}/api/products`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}` }, body: form });
  const posted = await res.json();
  assert.equal(res.status, 201, JSON.stringify(posted));
  return posted.data.id;
}

/** The buyer's cart holds one of `productId` and the order to `address` is placed; the API's answer to the order. */
export async function placeOrder(buyerToken, productId, address, { base = BASE } = {}) {
  const api = apiOf(base);
  assert.equal(
    (await api('/products/cart', { method: 'POST', token: buyerToken, body: { products: [{ productID: productId, quantity: 1 }] } }))
      .status,
    200,
  );
  const order = await api('/orders', { method: 'POST', token: buyerToken, body: address });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  return order;
}

/**
 * The buyer buys one of the seller's active listings (tokens) and pays on the test checkout page (`channel`, e.g.
 * 'bank_transfer', as its "Pay by"; a card unless given): { product, order (the order's answer), id, reference }.
 */
export async function paidOrder(buyerToken, sellerToken, address, { channel, base = BASE } = {}) {
  const api = apiOf(base);
  const product = (await api('/products/user/in', { token: sellerToken })).body.data.find(
    (p) => p.productStatus === 'active' && p.productQuantity >= 1,
  );
  assert.ok(product, 'the demo seller has an active listing');
  const order = await placeOrder(buyerToken, product.id, address, { base });
  const reference = await payInTestMode(buyerToken, order.body.data.checkoutSessionId, { channel, base });
  return { product, order, id: order.body.data.orders[0].id, reference };
}

/** Starts the checkout session's payment and pays it on the built-in test checkout page; the payment's reference. */
export async function payInTestMode(buyerToken, checkoutSessionID, { channel, base = BASE } = {}) {
  const init = await apiOf(base)('/payments/initialize', { method: 'POST', token: buyerToken, body: { checkoutSessionID } });
  const reference = init.body.data.transaction.reference;
  await fetch(`${base}/api/payments/test-checkout/${reference}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: channel ? `outcome=success&channel=${channel}` : 'outcome=success',
    redirect: 'manual',
  });
  return reference;
}

/** Moves the order through `statuses` as `token` (the seller or the buyer), each answered 200. */
export async function advance(orderId, token, statuses) {
  for (const status of statuses)
    assert.equal((await api(`/orders/${orderId}/update/status`, { method: 'PATCH', token, body: { status } })).status, 200, status);
}
