// Journey (listings and search): a seller posts a listing with two photos; a visitor finds it by a misspelled search and opens
// it; an admin blocks it in the back office and it disappears from search.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { adminBlockListing, adminSignIn, api, DEMO_PASSWORD, launch, newPage, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const photo = (color) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const NAME = 'Vintage Zanzibar gramophone';

async function signIn(page, email, password) {
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

test('post with two photos → found by a misspelled search → blocked by an admin', async () => {
  // The seller posts.
  const seller = await newPage(browser, 'phone');
  await signIn(seller, 'chinedu@kasuwa.test', DEMO_PASSWORD);
  await seller.goto('/sell');
  await seller.getByRole('heading', { name: 'Post Product' }).waitFor();
  await seller.locator('input[type=file]').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#8d5524') },
    { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo('#c68642') },
  ]);
  await seller.getByLabel(/^Item Name/).fill(NAME);
  await seller.getByLabel(/^State/).selectOption('Lagos');
  await seller.getByLabel(/^City or area/).selectOption('Yaba');
  await seller.getByLabel(/^Price/).fill('85000');
  await seller.getByLabel(/^Description/).fill('Hand-cranked, plays 78s, wooden horn in good shape.');
  await seller.getByLabel('I agree to the commission terms above').check();
  await snap(seller, 'phone-post-product');
  await seller.getByRole('button', { name: 'Post Product' }).click();
  await seller.waitForURL((u) => u.pathname === '/');
  const mine = await api('/products?search=zanzibar gramophone');
  assert.equal(mine.body.data.length, 1);
  const listing = mine.body.data[0];
  assert.equal(listing.productImages.length, 2);
  await seller.context().close();

  // A visitor misspells it, still finds it, and opens it.
  const visitor = await newPage(browser, 'desktop');
  await visitor.goto('/');
  await visitor.getByLabel('Search', { exact: true }).fill('gramaphone');
  await visitor.getByRole('button', { name: 'Search' }).click();
  await visitor.getByText('Showing results for').waitFor();
  await snap(visitor, 'desktop-misspelled-search');
  await visitor
    .getByRole('link', { name: new RegExp(NAME, 'i') })
    .first()
    .click();
  await visitor.waitForURL((u) => u.pathname === `/product/${listing.id}`);
  await visitor.getByRole('heading', { name: new RegExp(NAME, 'i') }).waitFor();
  await visitor.getByText('₦85,000.00').first().waitFor();
  await snap(visitor, 'desktop-product-page');

  // The admin blocks it with a reason; it leaves search.
  const admin = await newPage(browser, 'desktop');
  await adminSignIn(admin);
  await adminBlockListing(admin, listing.id, 'Suspected stolen goods');
  await snap(admin, 'admin-product-blocked');
  const after = await api('/products?search=zanzibar gramophone');
  assert.equal(after.body.data.length, 0);
  await visitor.reload();
  await visitor.getByText('Product not found.').waitFor();
  await visitor.context().close();
  await admin.context().close();
});
