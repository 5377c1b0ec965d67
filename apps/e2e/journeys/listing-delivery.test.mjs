// Delivery the Nigerian way (docs/delivery.md: Delivery, Places): a seller sets how a listing reaches buyers
// (pickup, seller delivery per zone, pay on delivery) and its LGA on the product form; the product page says so.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, launch, newPage, signIn, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const NAME = 'Delivery journey standing fan';

test('the sell form sets pickup, per-zone delivery, pay on delivery and the LGA; the product page shows them', async () => {
  const desktop = await newPage(browser, 'desktop');
  await signIn(desktop, 'chinedu@kasuwa.test');
  await desktop.goto('/sell');
  await desktop.getByRole('heading', { name: 'Post Product' }).waitFor();
  await desktop.getByRole('group', { name: 'Seller delivery' }).waitFor();
  await desktop.getByLabel(/^State/).selectOption('Lagos');
  await desktop.getByLabel(/^City or area/).selectOption('Yaba');
  await desktop.getByRole('option', { name: 'Lagos Mainland' }).waitFor({ state: 'attached' });
  await snap(desktop, 'desktop-sell-delivery');
  await desktop.context().close();

  const seller = await newPage(browser, 'phone');
  await signIn(seller, 'chinedu@kasuwa.test');
  await seller.goto('/sell');
  await seller.getByRole('heading', { name: 'Post Product' }).waitFor();
  await seller.getByLabel(/^Item Name/).fill(NAME);
  await seller.getByLabel(/^State/).selectOption('Lagos');
  await seller.getByLabel(/^City or area/).selectOption('Yaba');
  await seller.getByRole('option', { name: 'Lagos Mainland' }).waitFor({ state: 'attached' });
  await seller.getByLabel('Local government area', { exact: true }).selectOption('Lagos Mainland');
  await seller.getByLabel(/^Price/).fill('42000');
  await seller.getByRole('checkbox', { name: /Pickup \/ meet-up/ }).check();
  await seller.getByLabel('Fee, Same LGA').fill('1500');
  await seller.getByLabel('Fee, Same state').fill('3000');
  await seller.getByRole('checkbox', { name: /^Other states/ }).uncheck();
  await seller.getByRole('checkbox', { name: /^Pay on delivery/ }).check();
  await seller.getByLabel('I agree to the commission terms above').check();
  // Overflow check at 360 px: nothing wider than the screen.
  assert.equal(await seller.evaluate(() => document.documentElement.scrollWidth), 360);
  await snap(seller, 'phone-sell-delivery');
  await seller.getByRole('button', { name: 'Post Product' }).click();
  await seller.waitForURL((u) => u.pathname === '/');
  const found = await api(`/products?search=${encodeURIComponent(NAME)}`);
  const listing = found.body.data.find((p) => p.productName === NAME);
  assert.ok(listing);
  const { body } = await api(`/products/${listing.id}`);
  assert.deepEqual(body.data.delivery, {
    pickup: true,
    sellerDelivery: { lga: { fee: 1500, days: 1 }, state: { fee: 3000, days: 2 }, other: null },
    payOnDelivery: true,
  });
  assert.equal(body.data.lgaName, 'Lagos Mainland');
  await seller.context().close();

  for (const size of ['phone', 'desktop']) {
    const visitor = await newPage(browser, size);
    await visitor.goto(`/product/${listing.id}`);
    const lines = visitor.getByTestId('product-delivery');
    await lines.getByText('Pickup in Yaba, Lagos (free)').waitFor();
    await lines.getByText('Delivery: ₦1,500.00 to Lagos Mainland, 1 day').waitFor();
    await lines.getByText('Delivery: ₦3,000.00 to same state, 2 days').waitFor();
    assert.equal(await lines.getByText(/other states/).count(), 0);
    // The seller's opt-in is said on the page (checkout says, per buyer, whether it is allowed).
    await lines.getByText(/^Pay on delivery available/).waitFor();
    await snap(visitor, `${size}-product-delivery`);
    await visitor.context().close();
  }
  // Server-rendered: the lines are in the HTML before any script runs.
  const html = await (await fetch(`${process.env.E2E_BASE_URL}/product/${listing.id}`)).text();
  assert.match(html, /to same state, 2 days/);
});
