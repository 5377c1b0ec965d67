// Similar listings and the fair-price hint (rule "comparable listings"): a product page shows "Similar listings" and
// "Typical price in {state}: ₦a – ₦b" by the price once 10 comparable listings are on sale; a sold listing's page shows
// similar listings too; the sell form shows the hint as the seller types a price.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { api, launch, newPage, signIn, snap } from './helpers.mjs';

const LAGOS = 25;
let browser;
let db;
let category;
let target;
let sold;
before(async () => {
  browser = await launch();
  db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  category = (await api('/category/categories')).body.data.categories.find((c) => c.status === 'active');
  const {
    rows: [seller],
  } = await db.query(`SELECT id FROM app_user WHERE email = 'chinedu@kasuwa.test'`);
  // Twelve phones on sale in Lagos (enough comparable listings for the hint), one more to open, one sold.
  const add = async (name, naira, status = 'active') =>
    (
      await db.query(
        `INSERT INTO product (user_id, category_id, product_name, product_description, price_kobo, location, state_id, quantity, status, images)
       VALUES ($1, $2, $3, 'Similar journey listing', $4, 'Ikeja, Lagos', $5, $6, $7, '[]') RETURNING id`,
        [seller.id, category.id, name, naira * 100, LAGOS, status === 'active' ? 1 : 0, status],
      )
    ).rows[0].id;
  for (let i = 0; i < 12; i++) await add(`Similar journey phone ${i + 1}`, 40_000 + i * 2_000);
  target = await add('Similar journey phone to open', 50_000);
  sold = await add('Similar journey phone already sold', 49_000, 'sold_out');
});
after(async () => {
  await browser?.close();
  await db?.end();
});

const naira = (kobo) => `₦${Math.round(kobo / 100).toLocaleString('en-US')}`;

test('a product page shows similar listings and the typical price in its state, at 360 px and 1280 px', async () => {
  const { body: hint } = await api(`/products/price-hint?categoryId=${category.id}&stateId=${LAGOS}`);
  assert.ok(hint.count >= 10);
  const expected = `Typical price in Lagos: ${naira(hint.low)} – ${naira(hint.high)}`;
  for (const size of ['phone', 'desktop']) {
    const page = await newPage(browser, size);
    await page.goto(`/product/${target}`);
    const typical = page.getByTestId('typical-price');
    await typical.waitFor();
    assert.equal(await typical.textContent(), expected);
    const section = page.getByRole('list', { name: 'Similar listings' });
    await page.getByRole('heading', { name: 'Similar listings' }).waitFor();
    await section.locator('li a').first().waitFor();
    const cards = await section.locator('li').count();
    assert.equal(cards, 8);
    // Nearest in price first: phone 6 at the same ₦50,000, then ₦48,000 and ₦52,000.
    const first = await section.locator('li').first().textContent();
    assert.match(first, /Phone 6₦50,000\.00/);
    assert.ok(!(await section.textContent()).includes('already sold'));
    if (size === 'phone') assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
    await snap(page, `${size}-similar-product`);
    await page.context().close();
  }
});

test('a sold listing shows "Sold" and similar listings to buy instead', async () => {
  const page = await newPage(browser, 'phone');
  await page.goto(`/product/${sold}`);
  await page.getByTestId('sale-state').getByText('Sold', { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Similar listings' }).waitFor();
  // The list shows 4 placeholders (aria-busy) until the listings arrive.
  await page.locator('ul[aria-label="Similar listings"]:not([aria-busy])').waitFor();
  assert.equal(await page.getByRole('list', { name: 'Similar listings' }).locator('li').count(), 8);
  await snap(page, 'phone-similar-sold');
  await page.context().close();
});

test('the sell form shows the typical price as the seller types a price', async () => {
  const { body: hint } = await api(`/products/price-hint?categoryId=${category.id}&stateId=${LAGOS}`);
  for (const size of ['phone', 'desktop']) {
    const page = await newPage(browser, size);
    await signIn(page, 'chinedu@kasuwa.test');
    await page.goto('/sell');
    await page.getByRole('heading', { name: 'Post Product' }).waitFor();
    await page.getByLabel(/^State/).selectOption('Lagos');
    await page.getByLabel(/^Category/).selectOption(String(category.id));
    const line = page.getByTestId('sell-typical-price');
    assert.equal(await line.textContent(), '');
    await page.getByLabel(/^Price/).fill('45000');
    await page.getByText(`Typical price in Lagos: ${naira(hint.low)} – ${naira(hint.high)}`).waitFor();
    if (size === 'phone') assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
    await line.scrollIntoViewIfNeeded();
    await snap(page, `${size}-similar-sell-hint`);
    await page.context().close();
  }
});
