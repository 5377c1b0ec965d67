// Journey (phones on slow networks) at 360 px: local words find their listings, a guessed correction is offered as "Did you mean …?"
// (never applied), the price range and the condition filters narrow the results and live in the URL, and the
// product page names the condition.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminSignIn, launch, newPage, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const cardNames = (page) => page.getByRole('list', { name: 'Listings', exact: true }).getByRole('heading').allInnerTexts();
const naira = (text) => Number(text.replace(/[^\d.]/g, ''));
const url = (page) => new URL(page.url());
/**
 * Typing into a server-rendered field before it is hydrated would be lost: wait for the field and for the page's
 * `data-hydrated` mark, which is set once every part React hydrates on its own (Part) has hydrated.
 */
const hydrated = (page, selector) =>
  page.waitForFunction((sel) => Boolean(document.querySelector(sel)) && document.documentElement.hasAttribute('data-hydrated'), selector);

test('phone: "fridge" finds freezers, "yamm" offers "Did you mean yam?", price range and condition filter', async () => {
  const page = await newPage(browser, 'phone');

  await page.goto('/?search=fridge');
  await page.getByRole('list', { name: 'Listings', exact: true }).waitFor();
  const fridge = await cardNames(page);
  assert.ok(
    fridge.some((n) => /freezer|refrigerator/i.test(n)),
    `fridge found ${fridge.join(', ')}`,
  );
  assert.ok(!fridge.some((n) => /ride-on/i.test(n)), 'fridge must not turn into "ride"');
  await snap(page, 'phone-search-fridge');

  // A guess is offered as a link; the typed word stays and its (empty) results stay.
  await page.goto('/?search=yamm');
  await hydrated(page, '#search-text');
  const suggestion = page.getByRole('link', { name: 'yam', exact: true });
  await suggestion.waitFor();
  await page.getByText('Did you mean').waitFor();
  assert.equal(await page.getByLabel('Search', { exact: true }).inputValue(), 'yamm');
  await page.getByText('No products found').waitFor();
  await snap(page, 'phone-search-did-you-mean');
  await suggestion.click();
  await page.waitForURL((u) => u.searchParams.get('search') === 'yam');
  await page.getByRole('list', { name: 'Listings', exact: true }).waitFor();
  assert.ok((await cardNames(page)).some((n) => /yam/i.test(n)));

  // Price range, typed the way people type money; applied after a pause and kept in the URL.
  await page.goto('/');
  await hydrated(page, '#search-max-price');
  await page.getByLabel('Min price').fill('100,000');
  await page.getByLabel('Max price').fill('300000');
  await page.waitForURL((u) => u.searchParams.get('minPrice') === '100000' && u.searchParams.get('maxPrice') === '300000');
  // The address changes before the new results replace the old ones (the search runs in a transition): wait for
  // listings that are all in range rather than read the list at the first moment it is there.
  await page
    .waitForFunction(() => {
      const shown = [...document.querySelectorAll('[aria-label="Listings"] .kc-price')].map((p) =>
        Number(p.textContent.replace(/[^\d.]/g, '')),
      );
      return shown.length > 0 && shown.every((n) => n >= 100000 && n <= 300000);
    })
    .catch(() => {});
  const prices = await page.getByRole('list', { name: 'Listings', exact: true }).locator('text=/₦/').allInnerTexts();
  assert.ok(prices.length > 0, 'some listings in range');
  for (const p of prices) assert.ok(naira(p) >= 100000 && naira(p) <= 300000, `price ${p} outside the range`);
  await snap(page, 'phone-search-price-range');

  // Condition: Foreign used (Tokunbo); the product page says so.
  await page.getByLabel('Condition').selectOption('foreign_used');
  await page.waitForURL((u) => u.searchParams.get('condition') === 'foreign_used' && u.searchParams.get('minPrice') === '100000');
  await page.waitForFunction(() => !document.querySelector('[aria-label="Loading listings"]'));
  await snap(page, 'phone-search-condition');
  await page.getByRole('list', { name: 'Listings', exact: true }).getByRole('link').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/product/'));
  await page.getByText('Foreign used (Tokunbo)').first().waitFor();
  await snap(page, 'phone-product-condition');

  // Back restores the filters from the URL into the panel.
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/');
  assert.equal(await page.getByLabel('Min price').inputValue(), '100000');
  assert.equal(await page.getByLabel('Condition').inputValue(), 'foreign_used');
  assert.equal(url(page).searchParams.get('maxPrice'), '300000');
});

test('phone: an admin adds search words in the back office and the storefront search uses them at once', async () => {
  const admin = await newPage(browser, 'phone');
  await adminSignIn(admin);
  await admin.goto('/app.admin/synonyms');
  await admin.getByRole('button', { name: 'Add search words' }).waitFor();
  await admin.waitForLoadState('networkidle');
  await snap(admin, 'phone-admin-search-words');
  // Newest groups first, so the one an admin just added is in view.
  await admin.getByText('sallah ram').first().waitFor();
  await admin.getByRole('button', { name: 'Add search words' }).click();
  await admin.getByLabel('Words that mean the same').fill('guguru, lego');
  await snap(admin, 'phone-admin-search-words-add');
  await admin.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await admin.getByText('Search words added').waitFor();
  await admin.getByText('guguru').first().waitFor();
  await admin.context().close();

  const buyer = await newPage(browser, 'phone');
  await buyer.goto('/?search=guguru');
  await buyer.getByRole('list', { name: 'Listings', exact: true }).waitFor();
  assert.ok(
    (await cardNames(buyer)).some((n) => /lego/i.test(n)),
    'the new group applies without a restart',
  );
  await buyer.context().close();
});
