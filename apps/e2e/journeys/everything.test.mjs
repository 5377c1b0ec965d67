// One journey across everything, at 360 px and at 1280 px. A visitor searches, filters and opens a listing;
// signs up; a seller posts; the new buyer buys and pays; both move the order to completed; the buyer sends a
// contact message; the admin reads it, sees the order and the revenue, exports transactions, blocks a listing and
// suspends a user; the buyer deletes the account. A screenshot of every page visited lands in test-results/e2e/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { adminBlockListing, adminSignIn, api, DEMO_PASSWORD, launch, newPage, snap, uniqueEmail } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

async function signIn(page, email, password) {
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname !== '/auth');
}

async function setStatus(page, value) {
  await page.getByLabel('Order status').selectOption(value);
  // Every status change asks first, naming the new status.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Mark as / })
    .click();
  await page.waitForFunction((v) => document.querySelector('select[name=orderStatus]')?.value === v, value);
}

for (const size of ['phone', 'desktop']) {
  test(`everything, end to end (${size})`, async () => {
    const tag = size === 'phone' ? 'Phone' : 'Desk';
    const listingName = `Solar lantern ${tag} edition`;
    const buyerEmail = uniqueEmail(`journey-${size}`);
    const buyerPassword = 'Journey-through-2026';

    // 1. A visitor searches, filters and opens a listing.
    const visitor = await newPage(browser, size);
    await visitor.goto('/');
    await visitor.getByLabel('Search', { exact: true }).fill('generator');
    await visitor.getByRole('button', { name: 'Search' }).click();
    await visitor.waitForURL((u) => u.searchParams.get('search') === 'generator');
    await visitor.getByLabel('State').selectOption('Abuja (FCT)');
    await visitor.waitForURL((u) => u.searchParams.get('stateId') === '15');
    await snap(visitor, `${size}-j-search`);
    await visitor
      .getByRole('link', { name: /generator/i })
      .first()
      .click();
    await visitor.waitForURL((u) => u.pathname.startsWith('/product/'));
    await visitor.getByRole('button', { name: /Add to Cart|Sold|Reserved/ }).waitFor();
    await snap(visitor, `${size}-j-listing`);

    // 2. The visitor signs up.
    await visitor.goto('/sign-up');
    await visitor.getByLabel(/^First name/).fill('Tobi');
    await visitor.getByLabel(/^Last name/).fill(`Journey${tag}`);
    await visitor.getByLabel(/^Email/).fill(buyerEmail);
    await visitor.getByLabel(/^Password/).fill(buyerPassword);
    await visitor.getByLabel(/^Confirm password/).fill(buyerPassword);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visitor.waitForURL((u) => u.pathname === '/');
    const buyer = visitor;

    // 3. A seller posts a listing.
    const seller = await newPage(browser, size);
    await signIn(seller, 'ngozi@kasuwa.test', DEMO_PASSWORD);
    await seller.goto('/create-product');
    await seller.locator('input[type=file]').setInputFiles([
      {
        name: 'lantern.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 800, height: 800, channels: 3, background: '#f2c94c' } })
          .jpeg()
          .toBuffer(),
      },
    ]);
    await seller.getByLabel(/^Item Name/).fill(listingName);
    await seller.getByLabel(/^State/).selectOption('Abuja (FCT)');
    await seller.getByLabel(/^City or area/).selectOption('Garki');
    await seller.getByLabel(/^Price/).fill('12500');
    await seller.getByLabel('I agree to the commission terms above').check();
    await seller.getByRole('button', { name: 'Post Product' }).click();
    await seller.waitForURL((u) => u.pathname === '/');
    const listing = (await api(`/products?search=${encodeURIComponent(listingName)}`)).body.data[0];
    assert.ok(listing, 'the new listing is searchable');

    // 4. The buyer buys it and pays.
    await buyer.goto(`/product/${listing.id}`);
    await buyer.getByRole('button', { name: 'Add to Cart' }).click();
    // The toast drops in below the top bar: the cart button, tapped next, is never under it (a trial click checks that
    // nothing covers it). Over it, a toast under a resting pointer never hid.
    await buyer
      .getByText(/^Added to cart/)
      .first()
      .waitFor();
    await buyer.getByRole('button', { name: /^Cart, 1 item/ }).click({ trial: true, timeout: 2_000 });
    await buyer.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await buyer.getByRole('button', { name: 'Checkout' }).click();
    const shipping = buyer.getByRole('dialog');
    await shipping.getByLabel(/^Street address/).fill('3 Aminu Kano Crescent, Wuse 2');
    await shipping.getByLabel(/^Receiver number/).fill('09031234567');
    await shipping.getByLabel(/^Delivery state/).selectOption('Abuja (FCT)');
    await shipping.getByLabel(/^Local government area/).selectOption('Abuja Municipal Area Council');
    await shipping.getByRole('button', { name: 'Proceed to payment' }).click();
    await buyer.waitForURL((u) => u.pathname.includes('/payments/test-checkout/'));
    await snap(buyer, `${size}-j-checkout-page`);
    await buyer.getByRole('button', { name: /^Pay / }).click();
    await buyer.getByText('Payment Verified!').waitFor();
    const buyerToken = await buyer.evaluate(() => localStorage.getItem('access_token'));
    const order = (await api('/orders/all', { token: buyerToken })).body.data[0];
    assert.equal(order.status, 'paid');
    await buyer.waitForURL((u) => u.pathname === `/orders/${order.id}/buyer`, { timeout: 10_000 });
    await snap(buyer, `${size}-j-buyer-order`);

    // 5. Both sides move it to completed.
    await seller.goto(`/orders/${order.id}/seller`);
    for (const s of ['shipped', 'delivered']) await setStatus(seller, s);
    await snap(seller, `${size}-j-seller-order`);
    await buyer.goto(`/orders/${order.id}/buyer`);
    await setStatus(buyer, 'received_by_buyer');
    await setStatus(buyer, 'completed');
    await snap(buyer, `${size}-j-buyer-order`);

    // 6. The buyer writes to support.
    const subject = `Where is my receipt? (${tag})`;
    await buyer.goto('/contact-us');
    await buyer.getByLabel(/^Subject/).fill(subject);
    await buyer.getByRole('textbox', { name: /^Message/ }).fill('Please send a receipt for my lantern order.');
    if (!(await buyer.getByLabel(/^Email/).inputValue())) await buyer.getByLabel(/^Email/).fill(buyerEmail);
    await buyer.getByRole('button', { name: 'Send message' }).click();
    await buyer.getByText('Message sent successfully!').first().waitFor();
    await buyer.getByRole('button', { name: 'Send Another Message' }).waitFor();
    await snap(buyer, `${size}-j-contact-sent`);

    // 7. The admin reads it, sees the order and the revenue, exports, blocks and suspends.
    const admin = await newPage(browser, size);
    await adminSignIn(admin);
    await admin.getByText(order.orderNumber).first().waitFor();
    await snap(admin, `${size}-j-admin-dashboard`);
    await admin.goto('/app.admin/messages');
    await admin.getByText(subject).first().click();
    await admin.getByText('Please send a receipt for my lantern order.').waitFor();
    await admin.getByLabel(/^Reply to/).fill('Your receipt is on its way by email.');
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await admin
      .getByText(/Reply sent/)
      .first()
      .waitFor();
    await snap(admin, `${size}-j-admin-message`);
    await admin.goto('/app.admin/orders');
    await admin.getByText(order.orderNumber).first().waitFor();
    await snap(admin, `${size}-j-admin-orders`);
    await admin.goto('/app.admin/transactions');
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export to CSV' }).click()]);
    assert.match(await readFile(await download.path(), 'utf8'), new RegExp(buyerEmail.replace(/[.+]/g, '\\$&')));
    await adminBlockListing(admin, listing.id, 'Duplicate listing');
    assert.equal((await api(`/products/${listing.id}`)).status, 404);
    const victim = { email: uniqueEmail(`spammer-${size}`), firstName: 'Spam', lastName: `Account${tag}`, password: 'Spammer-pass-2026' };
    await api('/auth/register', { method: 'POST', body: victim });
    await admin.goto('/app.admin/users');
    await admin.getByLabel('Search').fill(victim.email);
    await admin.getByText(victim.email).first().waitFor();
    // Suspend from the user's page (phones get a simple list without row buttons).
    const adminToken = await admin.evaluate(() => localStorage.getItem('adminToken'));
    const [row] = (await api(`/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: victim.email }))}`, { token: adminToken })).body;
    await admin.goto(`/app.admin/users/${row.id}`);
    await admin
      .getByRole('button', { name: `Suspend ${victim.firstName} ${victim.lastName}` })
      .first()
      .click();
    await admin.getByRole('dialog').getByLabel('Reason').fill('Reported for fraud');
    await admin.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await admin
      .getByRole('button', { name: `Reactivate ${victim.firstName} ${victim.lastName}` })
      .first()
      .waitFor();
    assert.equal((await api('/auth/login', { method: 'POST', body: { email: victim.email, password: victim.password } })).status, 401);
    await snap(admin, `${size}-j-admin-users`);

    // 8. The buyer deletes the account.
    await buyer.goto('/profile');
    await buyer.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = buyer.getByRole('dialog');
    await confirm.getByLabel(/Type DELETE ACCOUNT to confirm/).fill('delete account');
    assert.ok(await confirm.getByRole('button', { name: 'Delete my account' }).isDisabled());
    await confirm.getByLabel(/Type DELETE ACCOUNT to confirm/).fill('DELETE ACCOUNT');
    await snap(buyer, `${size}-j-delete-account`);
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await buyer.waitForURL((u) => u.pathname === '/');
    assert.equal((await api('/auth/login', { method: 'POST', body: { email: buyerEmail, password: buyerPassword } })).status, 401);
    // The seller still sees the order, under the replaced name.
    const sellerToken = await seller.evaluate(() => localStorage.getItem('access_token'));
    const kept = (await api(`/orders/in/${order.id}`, { token: sellerToken })).body.data;
    assert.equal(kept.user.fullName, 'Deleted user');
    await Promise.all([buyer.context().close(), seller.context().close(), admin.context().close()]);
  });
}
