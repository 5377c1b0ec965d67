// Journey (money to sellers) (phone size, built-in test mode): buyer pays → seller delivers → buyer completes → the seller's
// Earnings show the total less the frozen 5% commission → Bank details resolved and confirmed → withdraw → the
// test-mode transfer succeeds → paid out; the admin dashboard shows the commission.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, adminSignIn, api, demoToken as login, launch, newPage, signIn, snap } from './helpers.mjs';
import { advance, paidOrder } from './orders.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('the seller Earnings tab: bank details resolved and confirmed, a withdrawal paid out in test mode', async () => {
  const buyer = await login('bisi@kasuwa.test');
  const sellerToken = await login('chinedu@kasuwa.test');
  // The buying journey drives these screens; here the API does them so the money screens get the time.
  const { product, order, id } = await paidOrder(buyer, sellerToken, {
    shippingAddress: '12 Admiralty Way, Lekki',
    receiverPhoneNumber: '08031234567',
    deliveryRegion: 'Lagos, Lekki',
  });
  const total = Math.round(Number(order.body.data.orders[0].totalAmount) * 100);
  await advance(id, sellerToken, ['accepted_by_seller', 'shipped', 'delivered']);
  await advance(id, buyer, ['received_by_buyer']);
  const before = (await api('/wallet', { token: sellerToken })).body.data;

  const page = await newPage(browser, 'phone');
  await signIn(page, 'chinedu@kasuwa.test');
  await page.goto('/profile#earnings');
  await page.getByRole('tab', { name: 'Earnings' }).click();
  await page.getByText('Money movements').waitFor();
  await snap(page, 'phone-earnings');
  const available = Number(before.available);
  assert.ok(available >= total - Math.floor(total * 0.05), `available ${available} includes ${total} less 5%`);

  const hasAccount = (await api('/profile/payout-account', { token: sellerToken })).body.data;
  if (!hasAccount) {
    await page.getByRole('combobox', { name: /^Bank/ }).selectOption('058');
    await page.getByLabel('Account number').fill('0123456789');
    await page.getByRole('button', { name: 'Check account' }).click();
    await page.getByText(/Account name:/).waitFor();
    await snap(page, 'phone-bank-details-confirm');
    await page.getByRole('button', { name: 'Yes, save' }).click();
    await page.getByText(/Guaranty Trust Bank · ••••6789/).waitFor();
  }
  await page.getByLabel('Amount (₦)').fill(String(available / 100));
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.getByText(/is on its way to your bank/).waitFor();
  // Test mode: the transfer succeeds TEST_SETTLE_DELAY_MS later through the webhook's code path.
  let paid;
  for (let i = 0; i < 40; i++) {
    paid = (await api('/wallet', { token: sellerToken })).body.data;
    if (paid.pendingPayout === '0') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  assert.equal(paid.available, '0');
  assert.equal(Number(paid.paidOut) - Number(before.paidOut), available);
  await page.reload();
  await page.getByRole('tab', { name: 'Earnings' }).click();
  // One signed line per movement: the withdrawal is money out (−₦…), the commission a line of its own.
  const withdrawal = page.getByTestId('money-movement').filter({ hasText: 'Withdrawal to your bank' }).first();
  await withdrawal.waitFor();
  assert.match(
    await withdrawal.textContent(),
    new RegExp(`−₦${(available / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }).replace('.', '\\.')}$`),
  );
  await page.getByTestId('money-movement').filter({ hasText: 'Kasuwa commission' }).first().waitFor();
  await snap(page, 'phone-earnings-paid-out');

  const admin = await newPage(browser);
  await adminSignIn(admin);
  await admin.getByText('Commission earned').waitFor();
  await snap(admin, 'admin-dashboard-money');
  // The seller's user page shows the same balances as their Earnings tab (GET /api/admin/users/{id}/wallet).
  await admin.goto(`/app.admin/users/${product.userID}`);
  const paidOut = admin.locator('xpath=//dt[normalize-space()="Paid out"]/following-sibling::dd[1]');
  await paidOut.filter({ hasText: '₦' }).waitFor();
  assert.equal((await paidOut.textContent()).replace(/[₦,]/g, ''), (Number(paid.paidOut) / 100).toFixed(2));
  await snap(admin, 'admin-user-balances');
  await admin.setViewportSize({ width: 360, height: 740 });
  await snap(admin, 'phone-admin-user-balances');
  const stats = (
    await api('/inner/admin/dashboard/stats', { token: (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken })
  ).body.stats;
  assert.ok(Number(stats.money.commissionEarned) >= Math.floor(total * 0.05) / 100);
});
