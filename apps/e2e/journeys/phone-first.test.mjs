// Journey (phones on slow networks): the public pages arrive rendered on the server (listings / product in the HTML, the data embedded
// once, no second fetch on load), unknown pages answer 404, and at 360 px the first row of listings and the Sell
// button are on the first screen without scrolling.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, DEMO_PASSWORD, api, launch, newPage, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const DATA_SCRIPT = /<script id="kasuwa-data" type="application\/json">([^<]*)<\/script>/;
/** The HTML as a crawler or a WhatsApp preview gets it: no JavaScript run. */
async function html(path) {
  const res = await fetch(`${BASE}${path}`);
  return { status: res.status, text: await res.text() };
}
const visibleText = (page) =>
  page
    .replace(DATA_SCRIPT, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '');
/** Names without characters HTML would escape, so they can be found in the markup as they are. */
const plain = (items) => items.filter((p) => /^[\w\s.,()-]+$/.test(p.productName)).map((p) => p.productName.toLowerCase());

test('the home page, a search and a product page arrive rendered, with their data embedded once', async () => {
  const latest = (await api('/products?sort=newest&limit=20')).body.data;
  const home = await html('/');
  assert.equal(home.status, 200);
  const embedded = JSON.parse(DATA_SCRIPT.exec(home.text)?.[1] ?? 'null');
  assert.ok(embedded?.products, 'the listings are embedded for hydration');
  assert.equal(home.text.match(/id="kasuwa-data"/g).length, 1, 'embedded once');
  for (const name of plain(latest).slice(0, 4)) assert.ok(visibleText(home.text).toLowerCase().includes(name), `${name} is in the HTML`);
  assert.match(home.text, /<link rel="preload" as="image"[^>]*fetchpriority="high"/, 'the first photo is preloaded');

  const found = (await api('/products?search=samsung')).body.data;
  assert.ok(found.length > 0, 'the demo catalogue has a Samsung');
  const search = await html('/?search=samsung');
  assert.equal(search.status, 200);
  assert.ok(visibleText(search.text).toLowerCase().includes(plain(found)[0]), 'the first result is in the HTML');
  assert.match(search.text, /Search results/);

  const category = (await api('/category/categories')).body.data.categories.find((c) => c.parentCategoryID === null);
  const inCategory = await html(`/?category=${category.slug}`);
  assert.equal(inCategory.status, 200);
  const categoryData = JSON.parse(DATA_SCRIPT.exec(inCategory.text)[1]).products;
  assert.equal(JSON.parse(categoryData.query).category, category.slug);
  for (const name of plain(categoryData.list.data).slice(0, 2)) assert.ok(visibleText(inCategory.text).toLowerCase().includes(name));

  const product = latest[0];
  const page = await html(`/product/${product.id}`);
  assert.equal(page.status, 200);
  assert.ok(
    visibleText(page.text).toLowerCase().includes(product.productName.toLowerCase().slice(0, 12)),
    'the product name is in the HTML',
  );
  assert.match(page.text, /<meta property="og:title"/, 'Open Graph tags are kept');
  assert.equal(JSON.parse(DATA_SCRIPT.exec(page.text)[1]).product.detail.id, product.id);
});

test('an unknown product and an unknown page answer 404 with the not-found page', async () => {
  const product = await html('/product/99999999');
  assert.equal(product.status, 404);
  assert.match(visibleText(product.text), /Product not found\./);
  const pageNotFound = await html('/no-such-page/at-all');
  assert.equal(pageNotFound.status, 404);
  assert.match(visibleText(pageNotFound.text), /Page not found/);
  assert.equal((await html('/contact-us')).status, 200);
  assert.equal((await html('/profile')).status, 200, 'signed-in pages are still the app shell');
});

test('at 360 px: listings above the fold, a Sell button, no second fetch of the listings', async () => {
  const page = await newPage(browser, 'phone');
  const calls = [];
  // A hydration mismatch shows up as a console error (React's recoverable error): there must be none.
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/products')) calls.push(req.url());
  });
  // Hydrating adds no <style> to <head> and moves none of the server's (each would restyle the whole page): styles are
  // written once, on the server.
  await page.addInitScript(() => {
    window.__styleChanges = [];
    document.addEventListener('DOMContentLoaded', () =>
      new MutationObserver((list) =>
        list.forEach((m) =>
          [...m.addedNodes].forEach((n) => n.nodeName === 'STYLE' && window.__styleChanges.push(n.outerHTML.slice(0, 80))),
        ),
      ).observe(document.head, { childList: true }),
    );
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  assert.deepEqual(await page.evaluate(() => window.__styleChanges), [], 'styles added or moved while the home page hydrated');
  await snap(page, 'phone-home-first-screen');
  await page.getByRole('link', { name: 'Sell' }).waitFor();
  assert.ok(await page.getByRole('link', { name: 'Sell' }).isVisible(), 'Sell is in the top bar');
  const card = page.getByRole('list', { name: 'Listings' }).getByRole('listitem').first();
  const box = await card.boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box && box.y + box.height <= viewport.height, `the first row of listings is on the first screen (card ${JSON.stringify(box)})`);
  assert.deepEqual(calls, [], 'the listings come with the page, not from a second call');
  // Each card names its condition (docs/search.md), and the condition filter shows any choice whole at 360 px.
  const conditions = new Set(await page.locator('.kc-cond').allInnerTexts());
  assert.deepEqual(
    [...conditions].filter((c) => !['Brand new', 'Foreign used (Tokunbo)', 'Nigerian used'].includes(c)),
    [],
    'card conditions',
  );
  assert.ok(conditions.has('Foreign used (Tokunbo)') && conditions.has('Nigerian used'), [...conditions].join(', '));
  const cut = await page.locator('#search-condition').evaluate((select) => {
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [...select.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => `${o.text} (${room}px)`);
  });
  assert.deepEqual(cut, [], 'condition choices cut off at 360 px');
  // Hydrated: a search typed now runs in the browser.
  await page.getByLabel('Search', { exact: true }).fill('samsung');
  await page.waitForURL((u) => u.search.includes('search=samsung'));
  await page.getByText('Search results').waitFor();
  await snap(page, 'phone-home-360');

  // Nothing moves while the results page hydrates (CLS ≤ 0.02): "Save this search" was added only once the
  // page had hydrated and pushed the results down (0.12).
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => !e.hadRecentInput && (window.__shift += e.value))).observe({
      type: 'layout-shift',
      buffered: true,
    });
  });
  await page.goto('/?search=samsung', { waitUntil: 'networkidle' });
  const shift = await page.evaluate(() => window.__shift);
  assert.ok(shift <= 0.02, `the results page moved while hydrating (layout shift ${shift.toFixed(3)})`);
  calls.length = 0;
  await page.waitForTimeout(300);
  assert.deepEqual(calls, []);
  await snap(page, 'phone-search-360');

  const first = page.getByRole('list', { name: 'Listings' }).getByRole('link').first();
  const href = await first.getAttribute('href');
  await page.goto(href, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
  assert.ok(!calls.some((u) => new URL(u).pathname === href.replace('/product', '/api/products')), 'the product comes with the page');
  await snap(page, 'phone-product-360');
  assert.deepEqual(errors, [], 'no errors while hydrating');
  await page.context().close();
});

test('a signed-in visitor in dark mode gets the same HTML, hydrated without errors, then their theme and account', async () => {
  const login = await api('/auth/login', { method: 'POST', body: { email: 'chinedu@kasuwa.test', password: DEMO_PASSWORD } });
  assert.ok(login.body.accessToken, JSON.stringify(login.body));
  const token = login.body.accessToken;
  const page = await newPage(browser, 'phone');
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.context().addInitScript((t) => {
    localStorage.setItem('darkMode', 'true');
    Object.entries({ access_token: t, email: 'chinedu@kasuwa.test', fullName: 'Chinedu Okafor', userId: '1' }).forEach(([k, v]) =>
      localStorage.setItem(k, v),
    );
  }, token);
  await page.goto('/', { waitUntil: 'networkidle' });
  const sellBox = await page.getByRole('link', { name: 'Sell' }).boundingBox();
  // The page's background is dark from the first paint (the head script reads the choice before the server knew it),
  // the rest once hydrated (the server sent this first page light; only colours change, nothing moves).
  assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(246, 248, 247)');
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.kc-card')).backgroundColor !== 'rgb(255, 255, 255)');
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  assert.deepEqual(await page.getByRole('link', { name: 'Sell' }).boundingBox(), sellBox, 'the Sell button did not move');
  // Every part of the page took the dark theme (a part hydrated with other props than the server's would keep its light classes).
  for (const selector of ['.kc-card', 'form[role=search]']) {
    const bg = await page
      .locator(selector)
      .first()
      .evaluate((e) => getComputedStyle(e).backgroundColor);
    assert.notEqual(bg, 'rgb(255, 255, 255)', `${selector} is dark`);
  }
  await snap(page, 'phone-home-dark-signed-in');
  assert.deepEqual(errors, [], 'no errors while hydrating');
  await page.context().close();
});
