// Data-saver (apps/api/src/data-saver.ts): with `Save-Data: on` (or the menu's toggle), a product page is read on at
// most 100 KB transferred until the visitor interacts: no script up front, 400 px photos. The first tap loads the app
// and, once the page has hydrated, acts (the tapped button does what it says without a second tap). Bytes are what Chromium's network events count as transferred (encodedDataLength).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, BASE, launch, snap } from './helpers.mjs';

const LIMIT_KB = 100;
let browser;
let product;
before(async () => {
  browser = await launch();
  const list = (await api('/products?limit=20')).body.data;
  product = list.find((p) => p.productImages?.length > 1) ?? list.find((p) => p.productImages?.length) ?? list[0];
});
after(async () => browser?.close());

/** A phone-sized page whose transferred bytes (and script requests) are counted from the network events. */
async function countedPage(headers = {}) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: BASE, locale: 'en-NG' });
  // Chromium manages Save-Data itself (an extra header of that name is dropped): the page's request gets it here, as
  // a phone with data-saver on sends it.
  if (Object.keys(headers).length)
    await context.route(
      (url) => url.origin === new URL(BASE).origin && !url.pathname.startsWith('/assets/'),
      (route) => route.continue({ headers: { ...route.request().headers(), ...headers } }),
    );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = { bytes: 0, scripts: [] };
  const urls = new Map();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    seen.bytes += e.encodedDataLength;
    const url = urls.get(e.requestId) ?? '';
    if (/\.m?js(\?|$)/.test(url)) seen.scripts.push(url);
  });
  return { context, page, seen };
}

const kb = (n) => (n / 1024).toFixed(1);

test(`a product page with Save-Data: on is read on at most ${LIMIT_KB} KB until a tap, which loads the app`, async (t) => {
  // For comparison: the same page without data-saver, until it has hydrated and the network is idle.
  const full = await countedPage();
  await full.page.goto(`/product/${product.id}`);
  await full.page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await full.page.waitForLoadState('networkidle');
  t.diagnostic(`product page without data-saver: ${kb(full.seen.bytes)} KB transferred, ${full.seen.scripts.length} scripts`);
  await full.context.close();

  const light = await countedPage({ 'Save-Data': 'on' });
  const { page, seen } = light;
  await page.goto(`/product/${product.id}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500); // nothing more arrives by itself
  t.diagnostic(
    `product page with Save-Data: on, before any interaction: ${kb(seen.bytes)} KB transferred, scripts: ${seen.scripts.join(', ') || 'none'}`,
  );
  assert.deepEqual(seen.scripts, [], 'no script is fetched before the visitor interacts');
  assert.ok(seen.bytes <= LIMIT_KB * 1024, `${kb(seen.bytes)} KB transferred, over ${LIMIT_KB} KB`);
  // The page reads without its scripts: the listing's name and price are there.
  await page.getByRole('heading', { name: product.productName }).first().waitFor();
  await snap(page, 'data-saver-product-360');

  // The same with the menu's choice (the cookie; no request rewritten on the way): the same weight.
  const chosen = await countedPage();
  await chosen.context.addCookies([{ name: 'kasuwa_data_saver', value: 'on', url: BASE }]);
  await chosen.page.goto(`/product/${product.id}`);
  await chosen.page.waitForLoadState('networkidle');
  await chosen.page.waitForTimeout(1500);
  t.diagnostic(
    `product page with the data-saver cookie, before any interaction: ${kb(chosen.seen.bytes)} KB transferred, ${chosen.seen.scripts.length} scripts`,
  );
  assert.deepEqual(chosen.seen.scripts, []);
  assert.ok(chosen.seen.bytes <= LIMIT_KB * 1024, `${kb(chosen.seen.bytes)} KB transferred (cookie), over ${LIMIT_KB} KB`);
  await chosen.context.close();

  // The first tap loads the app and, once the page has hydrated, acts: the photo opens zoomed without a second tap.
  const zoom = page.getByRole('button', { name: /^Zoom/ }).first();
  await zoom.click();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  assert.ok(seen.scripts.length > 0, 'the tap fetched the app');
  await page.getByRole('dialog').waitFor({ timeout: 15_000 });
  t.diagnostic(`after the tap: ${kb(seen.bytes)} KB transferred, ${seen.scripts.length} scripts`);
  await light.context.close();
});

test('the menu has a data-saver toggle, remembered in a cookie: the next page comes without scripts', async () => {
  const { context, page } = await countedPage();
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  const toggle = page.getByRole('switch', { name: 'Data saver' });
  await toggle.waitFor();
  await snap(page, 'data-saver-toggle-off-360');
  await toggle.click();
  await page.getByText('Small photos, scripts on your first tap').waitFor();
  await snap(page, 'data-saver-toggle-on-360');
  assert.ok((await context.cookies()).some((c) => c.name === 'kasuwa_data_saver' && c.value === 'on'));
  await page.goto(`/product/${product.id}`);
  assert.equal(await page.locator('script[type="module"]').count(), 0, 'the page came without its module script');
  await page.getByRole('heading', { name: product.productName }).first().waitFor();
  await context.close();
});
