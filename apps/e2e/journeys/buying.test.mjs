// Journey (buying) (phone size): guest cart → sign in (cart merged) → checkout → pay on the test page → verified →
// the seller accepts, ships, marks on the way and delivered → the buyer receives and completes → the admin sees
// the revenue on the dashboard and exports the transactions CSV.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { adminSignIn, api, DEMO_PASSWORD, launch, newPage, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

async function signInForm(page, email) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function setStatus(page, value) {
  const select = page.getByLabel('Order status');
  await select.selectOption(value);
  // Every status change asks first, naming the new status.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Mark as / })
    .click();
  await page.waitForFunction((v) => document.querySelector('select[name=orderStatus]')?.value === v, value);
}

test('a guest buys, pays, and both sides take the order to completed; the admin sees it', async () => {
  const sellerToken = (await api('/auth/login', { method: 'POST', body: { email: 'chinedu@kasuwa.test', password: DEMO_PASSWORD } })).body
    .accessToken;
  const product = (await api('/products/user/in', { token: sellerToken })).body.data.find(
    (p) => p.productStatus === 'active' && p.productQuantity >= 2,
  );
  assert.ok(product, 'the demo seller has an active listing');

  // A guest fills the cart.
  const buyer = await newPage(browser, 'phone');
  await buyer.goto(`/product/${product.id}`);
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await buyer.getByRole('button', { name: /^Cart, 1 item/ }).click();
  await snap(buyer, 'phone-guest-cart');
  await buyer
    .getByRole('link', { name: 'Login to checkout' })
    .or(buyer.getByRole('button', { name: 'Login to checkout' }))
    .first()
    .click();
  await buyer.waitForURL((u) => u.pathname === '/auth');
  await signInForm(buyer, 'bisi@kasuwa.test');
  await buyer.waitForURL((u) => u.pathname !== '/auth');

  // The guest cart is now the server cart.
  // The profile phone the dialog pre-fills arrives only once the buyer is in the number field: it must not land in
  // front of what they type ("0706…0806…", refused as no phone number).
  let release;
  const held = new Promise((ok) => (release = ok));
  await buyer.route('**/api/profile/me', async (route) => {
    await held;
    await route.continue();
  });
  await buyer.getByRole('button', { name: /^Cart, 1 item/ }).click();
  await buyer.getByRole('button', { name: 'Checkout' }).click();
  const dialog = buyer.getByRole('dialog', { name: /Delivery details|Shipping/i });
  await dialog.getByLabel(/^Street address/).fill('14 Adeola Odeku Street, Victoria Island');
  await dialog.getByLabel(/^Receiver number/).click();
  const answered = buyer.waitForResponse((r) => r.url().endsWith('/api/profile/me'));
  release();
  await answered;
  await buyer.evaluate(() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 50))));
  await dialog.getByLabel(/^Receiver number/).pressSequentially('08061234567');
  assert.equal(await dialog.getByLabel(/^Receiver number/).inputValue(), '08061234567');
  await buyer.unroute('**/api/profile/me');
  await dialog.getByLabel(/^Delivery state/).selectOption('Lagos');
  // The state's LGAs load once it is picked.
  await dialog.getByLabel(/^Local government area/).selectOption('Eti Osa');
  await dialog.getByLabel(/^Landmark/).fill('Opposite the bank');
  assert.equal(await dialog.getByRole('checkbox', { name: 'Save this address' }).isChecked(), true);
  await dialog.getByTestId('delivery-choice').waitFor();
  await snap(buyer, 'phone-shipping-dialog');
  await dialog.getByRole('button', { name: 'Proceed to payment' }).click();

  // The test checkout page stands in for Paystack.
  await buyer.waitForURL((u) => u.pathname.includes('/payments/test-checkout/'));
  await snap(buyer, 'phone-test-checkout');
  await buyer.getByRole('button', { name: /^Pay / }).click();
  await buyer.waitForURL((u) => u.pathname === '/payments/verify');
  await buyer.getByText('Payment Verified!').waitFor();
  await snap(buyer, 'phone-payment-verified');
  const buyerToken = await buyer.evaluate(() => localStorage.getItem('access_token'));
  const order = (await api('/orders/all', { token: buyerToken })).body.data.find((o) =>
    o.orderItems.some((i) => i.product?.id === product.id),
  );
  assert.equal(order.status, 'paid');
  // The product's fields from the structured address; "Save this address" (ticked) kept it on the account, as the default.
  assert.equal(order.shippingAddress, '14 Adeola Odeku Street, Victoria Island (landmark: Opposite the bank)');
  assert.equal(order.deliveryRegion, 'Eti Osa, Lagos');
  const kept = (await api('/addresses', { token: buyerToken })).body.data;
  assert.deepEqual(
    kept.map((a) => [a.street, a.landmark, a.lgaName, a.stateName, a.phone, a.isDefault]),
    [['14 Adeola Odeku Street, Victoria Island', 'Opposite the bank', 'Eti Osa', 'Lagos', '+2348061234567', true]],
  );
  // One seller, one order: the buyer lands on that order's page.
  await buyer.waitForURL((u) => u.pathname === `/orders/${order.id}/buyer`, { timeout: 10_000 });

  // The seller moves it along.
  const seller = await newPage(browser, 'desktop');
  await seller.goto('/auth');
  await signInForm(seller, 'chinedu@kasuwa.test');
  await seller.waitForURL((u) => u.pathname !== '/auth');
  await seller.goto(`/orders/${order.id}/seller`);
  for (const s of ['accepted_by_seller', 'shipped', 'on_the_way', 'delivered']) await setStatus(seller, s);
  await snap(seller, 'desktop-seller-order');

  // The buyer receives and completes it; the timeline shows each step.
  await buyer.goto(`/orders/${order.id}/buyer`);
  await setStatus(buyer, 'received_by_buyer');
  await setStatus(buyer, 'completed');
  await buyer.getByText(/Order placed on/).waitFor();
  await snap(buyer, 'phone-buyer-order-completed');
  const done = (await api(`/orders/in/${order.id}`, { token: buyerToken })).body.data;
  assert.equal(done.status, 'completed');
  assert.deepEqual(
    done.history.map((h) => h.status),
    ['pending', 'paid', 'accepted_by_seller', 'shipped', 'on_the_way', 'delivered', 'received_by_buyer', 'completed'],
  );

  // The admin sees the revenue and exports the transactions.
  const admin = await newPage(browser, 'desktop');
  await adminSignIn(admin);
  await admin.getByText('Revenue').first().waitFor();
  await admin.getByText(order.orderNumber).first().waitFor();
  await snap(admin, 'admin-dashboard-revenue');
  await admin.goto('/app.admin/transactions');
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export to CSV' }).click()]);
  const csv = await readFile(await download.path(), 'utf8');
  assert.match(csv, new RegExp(order.orderNumber.replace('-', '\\-') + '|bisi@kasuwa\\.test'));
  await snap(admin, 'admin-transactions');
  await Promise.all([buyer.context().close(), seller.context().close(), admin.context().close()]);
});
