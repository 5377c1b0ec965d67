// Journey (money to sellers, second) (built-in test mode; the buyer and the seller at phone size): buyer pays → seller delivers →
// the buyer opens a dispute with a photo on the order page → the seller answers there → an admin decides "refund" in the
// back office → the test-mode refund settles through the webhook's code path: the buyer's refund is processed, the
// seller's held money is gone, and Kasuwa earned no commission on the order.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { ADMIN, adminSignIn, api, demoToken as login, launch, newPage, signIn, snap } from './helpers.mjs';
import { advance, paidOrder } from './orders.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

async function until(check, what) {
  for (let i = 0; i < 60; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('dispute → admin refunds → the buyer is refunded, the seller’s held money is gone, no commission', async () => {
  const buyer = await login('ada@kasuwa.test');
  const sellerEmail = 'musa@kasuwa.test';
  const seller = await login(sellerEmail);
  const admin = (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken;
  // Paying and delivering are the buying journey's; the API does them here so the dispute screens get the time.
  const { order, id } = await paidOrder(buyer, seller, {
    shippingAddress: '4 Bode Thomas Street, Surulere',
    receiverPhoneNumber: '08021234567',
    deliveryRegion: 'Lagos, Surulere',
  });
  const { orderNumber } = order.body.data.orders[0];
  await advance(id, seller, ['accepted_by_seller', 'shipped', 'delivered']);
  const heldBefore = Number((await api('/wallet', { token: seller })).body.data.held);
  const total = Number(
    (
      await api(`/admin/ledger?filter=${encodeURIComponent(JSON.stringify({ orderId: id, kind: 'payment' }))}`, { token: admin })
    ).body[0].postings.find((p) => p.account === `escrow:${id}`).amount,
  );

  // The buyer opens the dispute on the order page, at phone size, with a photo.
  const phone = await newPage(browser, 'phone');
  await signIn(phone, 'ada@kasuwa.test');
  await phone.goto(`/orders/${id}/buyer`);
  await phone.getByRole('button', { name: 'Open a dispute' }).click();
  await phone.getByRole('radio', { name: 'Damaged' }).check();
  await phone.getByLabel(/Describe the problem/).fill('The screen arrived cracked across the top corner.');
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 60, b: 50 } } })
    .jpeg()
    .toBuffer();
  await phone.locator('input[type=file]').setInputFiles({ name: 'cracked-screen.jpg', mimeType: 'image/jpeg', buffer: photo });
  await phone.getByRole('img', { name: /Photo 1: cracked-screen\.jpg/ }).waitFor();
  await snap(phone, 'phone-dispute-form');
  await phone.getByRole('button', { name: 'Send dispute' }).click();
  await phone.getByText('Kasuwa is holding the payment while an admin looks at your dispute.').waitFor();
  await phone.getByRole('img', { name: /Photo 1 of 1 from the buyer/ }).waitFor();
  await snap(phone, 'phone-dispute-open-buyer');

  // The seller sees it (with the photo) and answers, also on a phone.
  const sellerPage = await newPage(browser, 'phone');
  await signIn(sellerPage, sellerEmail);
  await sellerPage.goto(`/orders/${id}/seller`);
  await sellerPage.getByRole('img', { name: /Photo 1 of 1 from the buyer/ }).waitFor();
  await sellerPage.getByLabel('Your answer').fill('It was packed in bubble wrap; the courier must have dropped it.');
  await sellerPage.getByRole('button', { name: 'Send answer' }).click();
  await sellerPage.getByText('It was packed in bubble wrap; the courier must have dropped it.').waitFor();
  await snap(sellerPage, 'phone-dispute-seller-answered');

  // An admin decides "refund" in the back office's dispute queue.
  const office = await newPage(browser);
  await adminSignIn(office);
  await office.goto('/app.admin/disputes');
  const row = office.getByRole('row').filter({ hasText: orderNumber });
  await row.getByRole('img', { name: /Evidence photo 1 of 1/ }).waitFor();
  // At 1280 px the Decide button shows without scrolling the queue sideways (a click would scroll to it: look first).
  const decide = await row.getByRole('button', { name: 'Decide' }).boundingBox();
  assert.ok(decide && decide.x + decide.width <= 1280, `Decide cut off at 1280 px: right edge at ${decide && decide.x + decide.width}`);
  await row.getByRole('button', { name: 'Decide' }).click();
  const dialog = office.getByRole('dialog');
  // No decision is chosen for the admin: money moves either way.
  assert.equal(await dialog.getByText('Release to the seller').count(), 0);
  await dialog.getByRole('combobox', { name: /Decision/ }).click();
  await office.getByRole('option', { name: 'Refund the buyer in full' }).click();
  await dialog.getByLabel(/Reason/).fill('Arrived damaged; the seller did not insure the delivery.');
  await snap(office, 'admin-dispute-decide');
  await dialog.getByRole('button', { name: 'Decide' }).click();
  await office.getByText('Dispute decided').waitFor();

  // Test mode: the refund settles TEST_SETTLE_DELAY_MS later through the webhook's code path.
  const refund = await until(async () => {
    const list = (
      await api(`/admin/refunds?filter=${encodeURIComponent(JSON.stringify({ status: 'processed' }))}&range=[0,99]`, { token: admin })
    ).body;
    return list.find((r) => r.orderId === id);
  }, 'the refund to be processed');
  assert.equal(Number(refund.amount), total);
  const wallet = (await api('/wallet', { token: seller })).body.data;
  assert.equal(Number(wallet.held), heldBefore - total, 'the seller’s held money for the order is gone');
  const entries = (await api(`/admin/ledger?filter=${encodeURIComponent(JSON.stringify({ orderId: id }))}&range=[0,99]`, { token: admin }))
    .body;
  assert.deepEqual(entries.map((e) => e.kind).sort(), ['payment', 'refund', 'refund_paid']);
  assert.ok(
    entries.every((e) => e.postings.every((p) => p.account !== 'kasuwa_commission')),
    'no commission on refunded money',
  );
  // The order page in the back office shows the same journal entries.
  await office.goto(`/app.admin/orders/${id}/seller`);
  await office.getByText(/^refund_paid · /).waitFor();
  await snap(office, 'admin-order-ledger');
  await office.setViewportSize({ width: 360, height: 740 });
  await snap(office, 'phone-admin-order-ledger');
  await office.goto('/app.admin/refunds');
  await office.getByRole('heading', { name: 'Refund requests' }).waitFor();
  await office.getByRole('row').filter({ hasText: orderNumber }).first().waitFor();
  // The refunds table scrolls inside its card: the page itself never scrolls sideways on a phone (it was 815 px wide).
  assert.equal(await office.evaluate(() => document.documentElement.scrollWidth), 360);
  await snap(office, 'phone-admin-refunds');

  await phone.reload();
  await phone.getByText(/Kasuwa refunds the buyer in full/).waitFor();
  await snap(phone, 'phone-dispute-refunded-buyer');
});

// A rejection of a delivered order is a refund request: the buyer and the seller follow it on the order page while an
// admin decides (the back office's Refunds screen is walked in the admin journey; here the admin answers by the API).
test('reject → refund requested on both order pages → admin approves → the buyer reads where the refund stands', async () => {
  const buyer = await login('ada@kasuwa.test');
  const seller = await login('musa@kasuwa.test');
  const admin = (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken;
  const { id } = await paidOrder(buyer, seller, {
    shippingAddress: '9 Allen Avenue, Ikeja',
    receiverPhoneNumber: '08021234567',
    deliveryRegion: 'Lagos, Ikeja',
  });
  await advance(id, seller, ['accepted_by_seller', 'shipped', 'delivered']);
  const rejected = await api(`/orders/${id}/update/status`, {
    method: 'PATCH',
    token: buyer,
    body: { status: 'rejected_by_buyer', reason: 'The wrong size was sent' },
  });
  assert.equal(rejected.status, 200, JSON.stringify(rejected.body));

  const phone = await newPage(browser, 'phone');
  await signIn(phone, 'ada@kasuwa.test');
  await phone.goto(`/orders/${id}/buyer`);
  const panel = phone.getByRole('region', { name: 'Refund request' });
  await panel.getByText('Refund requested').waitFor();
  await panel.getByText(/You asked for a refund on .*“The wrong size was sent”/).waitFor();
  await snap(phone, 'phone-refund-requested-buyer');
  const sellerPage = await newPage(browser, 'phone');
  await signIn(sellerPage, 'musa@kasuwa.test');
  await sellerPage.goto(`/orders/${id}/seller`);
  await sellerPage
    .getByRole('region', { name: 'Refund request' })
    .getByText(/The buyer asked for a refund on /)
    .waitFor();

  const open = (await api(`/admin/refund-requests?filter=${encodeURIComponent(JSON.stringify({ orderId: id }))}`, { token: admin }))
    .body[0];
  assert.equal(
    (
      await api(`/admin/refund-requests/${open.id}`, {
        method: 'PUT',
        token: admin,
        body: { decision: 'approve', reason: 'Seller agreed' },
      })
    ).status,
    200,
  );
  // Test mode settles the refund TEST_SETTLE_DELAY_MS later through the webhook's code path.
  await until(
    async () => (await api(`/orders/${id}/refund-request`, { token: buyer })).body.data?.refundStatus === 'processed',
    'the refund to be processed',
  );
  await phone.reload();
  await panel.getByText(/^Refund approved on /).waitFor();
  await panel.getByText('The refund has been paid back to you.').waitFor();
  await snap(phone, 'phone-refund-approved-buyer');
});
