// Refunds for every channel (phone size, built-in test mode): a buyer pays by bank transfer, the order is cancelled
// before shipping, Paystack (the test mode) cannot send the refund back alone → the order page asks for a bank account,
// shows the name the bank holds, and the refund goes out; the Refund policy says how each channel is refunded.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, api, launch, newPage, signIn, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const login = async (email, password = DEMO_PASSWORD) =>
  (await api('/auth/login', { method: 'POST', body: { email, password } })).body.accessToken;

test('a bank-transfer payment’s refund: the buyer gives a bank account on the order page and the refund is sent', async () => {
  const buyer = await login('bisi@kasuwa.test');
  const sellerToken = await login('chinedu@kasuwa.test');
  const product = (await api('/products/user/in', { token: sellerToken })).body.data.find(
    (p) => p.productStatus === 'active' && p.productQuantity >= 1,
  );
  assert.ok(product, 'the demo seller has an active listing');
  assert.equal(
    (await api('/products/cart', { method: 'POST', token: buyer, body: { products: [{ productID: product.id, quantity: 1 }] } })).status,
    200,
  );
  const order = await api('/orders', {
    method: 'POST',
    token: buyer,
    body: { shippingAddress: '3 Awolowo Road, Ikoyi', receiverPhoneNumber: '08031234567', deliveryRegion: 'Lagos, Ikoyi' },
  });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  const init = await api('/payments/initialize', {
    method: 'POST',
    token: buyer,
    body: { checkoutSessionID: order.body.data.checkoutSessionId },
  });
  const reference = init.body.data.transaction.reference;
  // The test checkout page's "Pay by: Bank transfer".
  await fetch(`${process.env.E2E_BASE_URL}/api/payments/test-checkout/${reference}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success&channel=bank_transfer',
    redirect: 'manual',
  });
  const id = order.body.data.orders[0].id;
  assert.equal(
    (await api(`/orders/${id}/update/status`, { method: 'PATCH', token: buyer, body: { status: 'cancelled_by_buyer' } })).status,
    200,
  );
  const [waiting] = (await api(`/orders/${id}/refunds`, { token: buyer })).body.data;
  assert.equal(waiting.status, 'needs_attention');

  const page = await newPage(browser, 'phone');
  await signIn(page, 'bisi@kasuwa.test');
  await page.goto(`/orders/${id}/buyer`);
  await page.getByText('Where should we send your refund?').waitFor();
  await snap(page, 'phone-refund-needs-account');
  await page.getByRole('combobox', { name: /^Bank/ }).selectOption('058');
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByRole('button', { name: 'Check account' }).click();
  await page.getByText(/Account name:/).waitFor();
  await page.getByRole('button', { name: 'Yes, send my refund here' }).click();
  await page.getByText(/is on its way to .*Guaranty Trust Bank \*{6}6789/).waitFor();
  await snap(page, 'phone-refund-account-given');
  let refund;
  for (let i = 0; i < 40; i++) {
    [refund] = (await api(`/orders/${id}/refunds`, { token: buyer })).body.data;
    if (refund.status === 'processed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.equal(refund.status, 'processed');
  const desktop = await newPage(browser);
  await signIn(desktop, 'bisi@kasuwa.test');
  await desktop.goto(`/orders/${id}/buyer`);
  await desktop.getByText(/Your refund of .* was sent to .*Guaranty Trust Bank/).waitFor();
  await snap(desktop, 'desktop-refund-sent');

  await page.goto('/refund-policy');
  await page.getByText(/a card payment goes back to the same card; a bank transfer or USSD payment goes/).waitFor();
});
