// Refunds for every channel (phone size, built-in test mode): a buyer pays by bank transfer, the order is cancelled
// before shipping, Paystack (the test mode) cannot send the refund back alone → the order page asks for a bank account,
// shows the name the bank holds, and the refund goes out; the Refund policy says how each channel is refunded.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, demoToken as login, launch, newPage, signIn, snap } from './helpers.mjs';
import { paidOrder } from './orders.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('a bank-transfer payment’s refund: the buyer gives a bank account on the order page and the refund is sent', async () => {
  const buyer = await login('bisi@kasuwa.test');
  const sellerToken = await login('chinedu@kasuwa.test');
  // The test checkout page's "Pay by: Bank transfer".
  const { id } = await paidOrder(
    buyer,
    sellerToken,
    { shippingAddress: '3 Awolowo Road, Ikoyi', receiverPhoneNumber: '08031234567', deliveryRegion: 'Lagos, Ikoyi' },
    { channel: 'bank_transfer' },
  );
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
