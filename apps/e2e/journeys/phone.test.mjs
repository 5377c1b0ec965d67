// "what a phone user hits", at 360 px: home → search → product (heart as a guest) → Saved items → sign in
// (hearts merged) → checkout with the profile phone pre-filled → a failed payment ("Try payment again", nothing
// charged, items held until …) → paid → that order's page; the next checkout remembers the delivery details; the
// seller's status change asks first; editing a listing does not ask for the commission again; a 6+ MB phone photo
// is resized in the browser before upload. Then a payment that comes back to another host than the one signed in on.
// Screenshots of each screen land in test-results/e2e/ (look at them).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { api, BASE, launch, newPage, registerUser, snap } from './helpers.mjs';

const PASSWORD = 'Phone-journey-2026';
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const register = (prefix, firstName) => registerUser(`phone-${prefix}`, { firstName, lastName: 'Okafor', password: PASSWORD });

async function setPhone(user, phone) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ firstName: 'Amaka', lastName: 'Okafor', gender: 'Female', phone })) form.append(k, v);
  const res = await fetch(`${BASE}/api/profile/update`, { method: 'PUT', headers: { Authorization: `Bearer ${user.token}` }, body: form });
  assert.equal(res.status, 200, 'profile phone saved');
}

async function postListing(seller, name, price = '85000.00') {
  const form = new FormData();
  const fields = {
    productName: name,
    productPrice: price,
    productDescription: 'Barely used, all parts working.',
    productLocation: 'Ikeja, Lagos',
    productQuantity: '20',
    productType: 'used',
    platformCommissionAgreement: 'agreed',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a90d9' } })
    .jpeg()
    .toBuffer();
  form.append('productImages', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${BASE}/api/products`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}` }, body: form });
  assert.equal(res.status, 201, 'the seller posts a listing');
  return (await res.json()).data;
}

async function signIn(page, user) {
  await page.getByLabel(/^Email/).fill(user.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname !== '/auth');
}

async function openCheckout(page) {
  await page.getByRole('button', { name: /^Cart, \d+ item/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  return page.getByRole('dialog', { name: /Delivery details/ });
}

test('a phone buyer: search, save, sign in, check out, a failed then a good payment, the order; the seller side', async () => {
  const seller = await register('seller', 'Musa');
  const buyer = await register('buyer', 'Amaka');
  await setPhone(buyer, '08031112222');
  const listing = await postListing(seller, 'Hisense chest freezer 200 litres');

  // Home and search at 360 px.
  const page = await newPage(browser, 'phone');
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await snap(page, 'phone9-home');
  await page.goto(`/?search=${encodeURIComponent('chest freezer')}`);
  await page
    .getByRole('link', { name: /Hisense Chest Freezer/i })
    .first()
    .waitFor();
  await snap(page, 'phone9-search-results');

  // The product; a guest's heart is kept on the phone and listed on Saved items.
  await page.goto(`/product/${listing.id}`);
  await page.getByRole('heading', { name: /Hisense Chest Freezer/i }).waitFor();
  await page.getByRole('button', { name: 'Favourite' }).click();
  await snap(page, 'phone9-product');
  await page.goto('/saved');
  await page
    .getByRole('list', { name: 'Saved items' })
    .getByRole('link', { name: /Hisense Chest Freezer/i })
    .waitFor();
  await snap(page, 'phone9-saved-guest');

  // Signing in merges the phone's hearts into the account (when the hearts are next shown: here, Saved items).
  // A slow merge: Saved items must list the account's hearts only once the phone's are merged into them.
  await page.route('**/api/favourites/merge', async (route) => {
    await new Promise((ok) => setTimeout(ok, 500));
    await route.continue();
  });
  await page.goto('/auth');
  await signIn(page, buyer);
  await page.goto('/saved');
  await page.getByText('Kept on your account, on every phone you sign in on.').waitFor();
  await page
    .getByRole('list', { name: 'Saved items' })
    .getByRole('link', { name: /Hisense Chest Freezer/i })
    .waitFor();
  await assertEventually(
    async () => (await api('/favourites', { token: buyer.token })).body.data.productIds.includes(listing.id),
    'the heart is on the account',
  );

  // Checkout: the profile phone is pre-filled.
  await page.goto(`/product/${listing.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  let dialog = await openCheckout(page);
  await assertEventually(
    async () => (await dialog.getByLabel(/^Receiver number/).inputValue()) === '08031112222',
    'the profile phone is pre-filled',
  );
  await dialog.getByLabel(/^Street address/).fill('7 Opebi Road, Ikeja');
  await dialog.getByLabel(/^Delivery state/).selectOption('Lagos');
  // The states and the chosen state's LGAs are the server's lists, not ones of the dialog's own.
  const places = (await api('/locations')).body.data;
  const stateOptions = await dialog
    .getByLabel(/^Delivery state/)
    .locator('option')
    .evaluateAll((os) => os.map((o) => o.textContent).slice(1));
  assert.deepEqual(
    stateOptions,
    places.map((s) => s.name),
  );
  const lagos = places.find((s) => s.name === 'Lagos');
  const lgas = (await api(`/locations/${lagos.id}/lgas`)).body.data;
  await dialog
    .getByLabel(/^Local government area/)
    .locator('option', { hasText: 'Ikeja' })
    .waitFor({ state: 'attached' });
  const lgaOptions = await dialog
    .getByLabel(/^Local government area/)
    .locator('option')
    .evaluateAll((os) => os.map((o) => o.textContent).slice(1));
  assert.deepEqual(
    lgaOptions,
    lgas.map((l) => l.name),
  );
  await dialog.getByLabel(/^Local government area/).selectOption('Ikeja');
  await dialog.getByTestId('delivery-choice').waitFor();
  await snap(page, 'phone9-checkout');
  await dialog.getByRole('button', { name: 'Proceed to payment' }).click();

  // The payment fails: nothing charged, items held, paying again is the main action.
  await page.waitForURL((u) => u.pathname.includes('/payments/test-checkout/'));
  await page.getByRole('button', { name: 'Fail payment' }).click();
  await page.waitForURL((u) => u.pathname === '/payments/verify');
  await page.getByRole('heading', { name: 'Payment Verification Failed' }).waitFor();
  const held = await page.getByTestId('payment-held').textContent();
  assert.match(held, /^Nothing was charged\. Your items are held for you until \d{1,2}:\d{2}\s?[AP]M\.$/);
  const retry = page.getByRole('button', { name: 'Try payment again' });
  assert.match(await retry.getAttribute('class'), /MuiButton-contained/, 'paying again is the main action');
  await snap(page, 'phone9-payment-failed');

  // Paying again: back on the verify page, then on that order's page.
  await retry.click();
  await page.waitForURL((u) => u.pathname.includes('/payments/test-checkout/'));
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByText('Payment Verified!').waitFor();
  await snap(page, 'phone9-payment-verified');
  const order = (await api('/orders/all', { token: buyer.token })).body.data[0];
  assert.equal(order.status, 'paid');
  await page.waitForURL((u) => u.pathname === `/orders/${order.id}/buyer`, { timeout: 10_000 });
  await page.getByRole('heading', { name: order.orderNumber }).waitFor();
  await page.getByText('₦85,000.00').first().waitFor(); // the one money format on the order too
  await snap(page, 'phone9-order');

  // The address was saved to the account ("Save this address" is ticked by default): the next checkout offers it,
  // preselected as the default. A new address starts from the last one (this phone), else the last order's (the server).
  const [kept] = (await api('/addresses', { token: buyer.token })).body.data;
  assert.deepEqual(
    [kept.street, kept.lgaName, kept.stateName, kept.phone, kept.isDefault],
    ['7 Opebi Road, Ikeja', 'Ikeja', 'Lagos', '+2348031112222', true],
  );
  const ikeja = lgas.find((l) => l.name === 'Ikeja');
  await page.goto(`/product/${listing.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  dialog = await openCheckout(page);
  assert.equal(await dialog.getByRole('radio', { name: /7 Opebi Road, Ikeja/ }).isChecked(), true);
  await snap(page, 'phone9-checkout-saved-address');
  await dialog.getByRole('radio', { name: 'Use a new address' }).check();
  await assertEventually(
    async () => (await dialog.getByLabel(/^Street address/).inputValue()) === '7 Opebi Road, Ikeja',
    'the address is remembered',
  );
  assert.equal(await dialog.getByLabel(/^Delivery state/).inputValue(), String(lagos.id));
  await assertEventually(
    async () => (await dialog.getByLabel(/^Local government area/).inputValue()) === String(ikeja.id),
    'the LGA is remembered',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('kasuwa:lastDelivery'))
      .forEach((k) => localStorage.removeItem(k)),
  );
  await page.reload();
  dialog = await openCheckout(page);
  await dialog.getByRole('radio', { name: 'Use a new address' }).check();
  await assertEventually(
    async () => (await dialog.getByLabel(/^Street address/).inputValue()) === '7 Opebi Road, Ikeja',
    'the last order’s address on a new phone',
  );
  await assertEventually(
    async () => (await dialog.getByLabel(/^Local government area/).inputValue()) === String(ikeja.id),
    'the last order’s LGA on a new phone',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The seller: a status change asks first, naming the new status; "Keep" changes nothing.
  const sellerPage = await newPage(browser, 'phone');
  await sellerPage.goto('/auth');
  await signIn(sellerPage, seller);
  await sellerPage.goto(`/orders/${order.id}/seller`);
  await sellerPage.getByLabel('Order status').selectOption('shipped');
  const ask = sellerPage.getByRole('dialog', { name: 'Mark this order as Shipped?' });
  await ask.waitFor();
  await snap(sellerPage, 'phone9-status-confirm');
  await ask.getByRole('button', { name: 'Keep as Paid' }).click();
  assert.equal(
    (await api(`/orders/in/${order.id}`, { token: seller.token })).body.data.status,
    'paid',
    'nothing changed without confirming',
  );
  await sellerPage.getByLabel('Order status').selectOption('shipped');
  await sellerPage.getByRole('dialog', { name: 'Mark this order as Shipped?' }).getByRole('button', { name: 'Mark as Shipped' }).click();
  await assertEventually(
    async () => (await api(`/orders/in/${order.id}`, { token: seller.token })).body.data.status === 'shipped',
    'shipped once confirmed',
  );

  // Editing a listing does not ask for the commission agreement again.
  await sellerPage.goto(`/products/${listing.id}/edit`);
  await sellerPage.getByTestId('commission-agreed').waitFor();
  assert.equal(await sellerPage.getByLabel(/commission terms/).count(), 0);
  await sellerPage.getByLabel(/^Price/).fill('82000');
  await sellerPage.getByRole('button', { name: 'Update Product' }).click();
  await sellerPage.waitForURL((u) => u.pathname === '/');
  assert.equal((await api(`/products/${listing.id}`)).body.data.productPrice, '82000.00');

  // A phone camera photo over 5 MB is resized in the browser: the server (5 MB limit) accepts it.
  const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 98 })
    .toBuffer();
  assert.ok(big.length > 5 * 1024 * 1024, `the test photo is over 5 MB (${big.length} bytes)`);
  await sellerPage.goto('/sell');
  await sellerPage.getByRole('button', { name: 'Add photos' }).waitFor();
  await sellerPage.locator('input[type=file]').setInputFiles([{ name: 'IMG_20261123.jpg', mimeType: 'image/jpeg', buffer: big }]);
  await sellerPage.getByRole('img', { name: 'Photo 1 (cover)' }).waitFor();
  await snap(sellerPage, 'phone9-sell-photo');
  await sellerPage.getByLabel(/^Item Name/).fill('Phone photo generator');
  await sellerPage.getByLabel(/^State/).selectOption('Abuja (FCT)');
  await sellerPage.getByLabel(/^City or area/).selectOption('Wuse');
  await sellerPage.getByLabel(/^Price/).fill('150000');
  await sellerPage.getByLabel(/commission terms/).check();
  await sellerPage.getByRole('button', { name: 'Post Product' }).click();
  await sellerPage.waitForURL((u) => u.pathname === '/', { timeout: 60_000 });
  const posted = (await api('/products/user/in', { token: seller.token })).body.data.find((p) => p.productName === 'Phone photo generator');
  assert.equal(posted?.productImages.length, 1, 'the resized photo was uploaded');
  await sellerPage.context().close();
  await page.context().close();
});

test('a payment that comes back to another host than the one signed in on still shows its result, then asks to sign in', async () => {
  const sellerA = await register('seller-a', 'Bisi');
  const sellerB = await register('seller-b', 'Tunde');
  const buyer = await register('buyer2', 'Ngozi');
  const a = await postListing(sellerA, 'Bajaj Boxer okada', '650000.00');
  const b = await postListing(sellerB, 'Tecno Spark 10 phone', '95000.00');
  await api('/products/cart', {
    method: 'POST',
    token: buyer.token,
    body: {
      products: [
        { productID: a.id, quantity: 1 },
        { productID: b.id, quantity: 1 },
      ],
    },
  });
  const placed = await api('/orders', {
    method: 'POST',
    token: buyer.token,
    body: { shippingAddress: '2 Aba Road', receiverPhoneNumber: '08061234567', deliveryRegion: 'Port Harcourt, Rivers' },
  });
  assert.equal(placed.body.data.orders.length, 2, 'one order per seller');
  const pay = await api('/payments/initialize', {
    method: 'POST',
    token: buyer.token,
    body: { checkoutSessionID: placed.body.data.checkoutSessionId },
  });

  // This browser has no session on PUBLIC_URL's host (the buyer signed in on the other one).
  const page = await newPage(browser, 'phone');
  await page.goto(pay.body.data.transaction.metadata.data.authorization_url);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL((u) => u.pathname === '/payments/verify');
  await page.getByText('Payment Verified!').waitFor();
  const signInButton = page.getByRole('button', { name: 'Sign in to see your orders' });
  await signInButton.waitFor();
  await snap(page, 'phone9-verified-signed-out');
  await signInButton.click();
  await page.waitForURL((u) => u.pathname === '/auth');
  await signIn(page, buyer);
  // Two sellers, two orders: the buyer lands on this checkout's orders.
  await page.waitForURL((u) => u.pathname === '/profile' && u.searchParams.get('checkout') === String(placed.body.data.checkoutSessionId));
  await page.getByText('The 2 orders from your payment (one per seller)').waitFor();
  for (const o of placed.body.data.orders) await page.getByRole('link', { name: o.orderNumber }).waitFor();
  await snap(page, 'phone9-checkout-orders');
  await page.context().close();
});

async function assertEventually(check, message, timeout = 10_000) {
  const until = Date.now() + timeout;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) assert.fail(message);
    await new Promise((r) => setTimeout(r, 200));
  }
}
