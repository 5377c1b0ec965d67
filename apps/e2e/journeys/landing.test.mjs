// Landing pages and the first paint, as a phone user meets them: a category chip with a state chosen opens the
// server-rendered "category in state" page (heading, listings, canonical address, 404 and 301), and a dark-mode
// user's first paint is dark whether the server knew the mode (the cookie) or only the browser did (no cookie yet).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, launch, newPage, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const DARK_BACKGROUND = 'rgb(15, 20, 18)';

test('phone: with Lagos chosen, a category chip opens "… in Lagos — N listings", server-rendered', async () => {
  const states = (await api('/locations')).body.data;
  const lagos = states.find((s) => s.slug === 'lagos');
  assert.ok(lagos, 'Lagos is a state');
  // A top-level category with listings in Lagos (other journeys add and block listings meanwhile: ask, do not assume).
  const categories = (await api('/category/categories')).body.data.categories;
  let category;
  for (const c of categories.filter((c) => c.parentCategoryID === null)) {
    if ((await api(`/products?stateId=${lagos.id}&category=${c.slug}&limit=1`)).body.data?.length) {
      category = c;
      break;
    }
  }
  assert.ok(category, 'the demo catalogue has a category with listings in Lagos');

  const page = await newPage(browser, 'phone');
  await page.goto(`/?stateId=${lagos.id}`);
  const chips = page.getByRole('group', { name: 'Categories' });
  const more = chips.getByRole('button', { name: 'More' });
  if (await more.isVisible()) await more.click();
  const chip = chips.getByRole('link', { name: category.categoryName, exact: true });
  assert.equal(await chip.getAttribute('href'), `/lagos/${category.slug}`);
  await chip.click();
  await page.waitForURL((u) => u.pathname === `/lagos/${category.slug}`);

  // The heading names the place at once and the count once the listings are in (it is a live region).
  const heading = page.getByRole('heading', { level: 1 }).filter({ hasText: '—' });
  await heading.waitFor();
  assert.match(await heading.innerText(), new RegExp(`^${category.categoryName} in Lagos — (about )?[\\d,]+\\+? listings?$`, 'i'));
  const cards = page.getByRole('list', { name: 'Listings', exact: true }).getByRole('listitem');
  assert.ok((await cards.count()) >= 1, 'the page lists the listings');
  // Headings go down one level at a time (h1, then h2 "Listings", then each card's h3): screen readers list them as an outline.
  const levels = await page
    .locator('main')
    .evaluate((main) => [...main.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => Number(h.tagName[1])));
  levels.forEach((level, i) =>
    assert.ok(i === 0 || level <= levels[i - 1] + 1, `heading h${level} follows h${levels[i - 1]}: ${levels.join(',')}`),
  );
  await snap(page, 'phone-landing-from-chip');

  // The same address fetched cold is a real page from the server (what a search engine reads), with its canonical.
  const res = await page.request.get(`/lagos/${category.slug}?sort=newest`);
  assert.equal(res.status(), 200);
  const html = await res.text();
  assert.ok(html.includes(`<link rel="canonical" href="`) && html.includes(`/lagos/${category.slug}"`), 'canonical is the plain address');
  assert.match(html, /<h1[^>]*>[^<]* in Lagos — /);
  assert.equal((await page.request.get(`/lagos/no-such-category`)).status(), 404);
  const moved = await page.request.get(`/Lagos/${category.slug}/`, { maxRedirects: 0 });
  assert.equal(moved.status(), 301);
  assert.equal(new URL(moved.headers().location, 'http://x').pathname, `/lagos/${category.slug}`);
  await page.context().close();
});

/** A page whose first frame's background is recorded before any of the page's own scripts can change it. */
async function firstPaintBackground(context, path) {
  await context.addInitScript(() => {
    // The first animation frame runs before the first paint: what it sees is what the user sees first.
    requestAnimationFrame(() => {
      const el = document.body ?? document.documentElement;
      window.__firstPaint = {
        background: getComputedStyle(el).backgroundColor,
        hydrated: document.documentElement.hasAttribute('data-hydrated'),
      };
    });
  });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__firstPaint);
  return { page, first: await page.evaluate(() => window.__firstPaint) };
}

test('dark mode: the first paint is dark, chosen in the menu (cookie) or only set on the phone (no cookie yet)', async () => {
  // A returning user who chose dark: the server renders the page dark.
  const chosen = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: process.env.E2E_BASE_URL });
  const base = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:3000');
  await chosen.addCookies([{ name: 'kasuwa_color_mode', value: 'dark', domain: base.hostname, path: '/' }]);
  const html = await (await chosen.request.get('/')).text();
  assert.match(html, /<html[^>]*data-color-scheme="dark"/, 'the server renders the chosen mode');
  const a = await firstPaintBackground(chosen, '/');
  assert.equal(a.first.background, DARK_BACKGROUND);
  assert.equal(a.first.hydrated, false, 'measured before the app ran');
  await snap(a.page, 'phone-dark-first-paint');
  await chosen.close();

  // A first visit from a phone set to dark: nothing told the server, the head script paints dark before the first frame.
  const system = await browser.newContext({
    viewport: { width: 360, height: 740 },
    baseURL: process.env.E2E_BASE_URL,
    colorScheme: 'dark',
  });
  const b = await firstPaintBackground(system, '/product/' + (await api('/products?limit=1')).body.data[0].id);
  assert.equal(b.first.background, DARK_BACKGROUND);
  await system.close();
});
