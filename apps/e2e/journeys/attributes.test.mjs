// Category attributes journey at 360 px and 1280 px: the cars of the demo catalogue are filtered by make and by year
// with the count beside each value (the API's meta.facets), the filters live in the address (`attr.make=Toyota`), the
// listings shown are the ones counted, and a landing page carries the same filters as query.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminSignIn, api, launch, newPage, snap } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const cardNames = (page) => page.getByRole('list', { name: 'Listings', exact: true }).getByRole('heading').allInnerTexts();
const filters = (page) => page.getByTestId('attribute-filters');
/** A value's chip, e.g. "Toyota (4)": its count as a number. */
const chip = (page, facet) => filters(page).locator(`[data-facet="${facet}"]`);
const countOf = async (page, facet) => Number(/\((~?)([\d,]+)\)$/.exec(await chip(page, facet).innerText())[2].replace(/,/g, ''));

for (const size of ['phone', 'desktop']) {
  test(`${size}: cars filtered by make and year, with counts`, async () => {
    const page = await newPage(browser, size);
    await page.goto('/?category=cars');
    await chip(page, 'make=Toyota').waitFor();
    const toyotas = await countOf(page, 'make=Toyota');
    assert.ok(toyotas > 0, 'Toyota has listings');
    await snap(page, `${size}-attributes-cars`);

    // The make: the address says it, and every listing shown is a Toyota, as many as counted (fewer than a page).
    await chip(page, 'make=Toyota').click();
    await page.waitForURL((u) => u.searchParams.get('attr.make') === 'Toyota');
    await page.waitForFunction((n) => {
      const names = [...document.querySelectorAll('[aria-label="Listings"] h3, [aria-label="Listings"] [role="heading"]')].map(
        (h) => h.textContent,
      );
      return names.length === n && names.every((t) => /toyota/i.test(t));
    }, toyotas);
    assert.equal((await cardNames(page)).length, toyotas);
    assert.equal(await chip(page, 'make=Toyota').getAttribute('aria-pressed'), 'true');

    // Then a year among the Toyotas: its count is the number of listings left.
    const yearChip = filters(page).locator('[data-facet^="year="]').first();
    await yearChip.waitFor();
    const facet = await yearChip.getAttribute('data-facet');
    const year = facet.split('=')[1];
    const inYear = await countOf(page, facet);
    await yearChip.click();
    await page.waitForURL((u) => u.searchParams.get('attr.year') === year && u.searchParams.get('attr.make') === 'Toyota');
    await page.waitForFunction(
      ([n, y]) => {
        const names = [...document.querySelectorAll('[aria-label="Listings"] h3, [aria-label="Listings"] [role="heading"]')].map(
          (h) => h.textContent,
        );
        return names.length === n && names.every((t) => t.includes(y));
      },
      [inYear, year],
    );
    await snap(page, `${size}-attributes-toyota-${year}`);

    // The API agrees (the page's counts are its meta.facets), and a year range works the same way.
    const listed = await api(`/products?category=cars&attr.make=Toyota&attr.year.min=${year}&limit=100`);
    assert.equal(listed.status, 200);
    assert.ok(listed.body.data.every((p) => p.attributes.make === 'Toyota' && p.attributes.year >= Number(year)));
    const bad = await api('/products?category=cars&attr.engine=V8');
    assert.equal(bad.status, 422);
    assert.match(JSON.stringify(bad.body), /not an attribute of this category/);

    // Choosing the make again clears it; the year stays.
    await chip(page, 'make=Toyota').click();
    await page.waitForURL((u) => !u.searchParams.has('attr.make') && u.searchParams.get('attr.year') === year);
    await page.close();
  });
}

test('phone: a landing page carries attribute filters as query, with counts', async () => {
  // A state that has cars in the demo catalogue.
  const car = (await api('/products?category=cars&limit=1')).body.data[0];
  const detail = (await api(`/products/${car.id}`)).body.data;
  const page = await newPage(browser, 'phone');
  const res = await page.goto(`/${detail.stateSlug}/cars?attr.make=${encodeURIComponent(car.attributes.make)}`);
  assert.equal(res.status(), 200);
  await chip(page, `make=${car.attributes.make}`).waitFor();
  assert.equal(await chip(page, `make=${car.attributes.make}`).getAttribute('aria-pressed'), 'true');
  const names = await cardNames(page);
  assert.ok(names.length >= 1 && names.length === (await countOf(page, `make=${car.attributes.make}`)));
  await snap(page, 'phone-attributes-landing');
  await page.close();
});

test('desktop: an admin sees and edits the attributes of Cars in the back office', async () => {
  const page = await newPage(browser, 'desktop');
  await adminSignIn(page);
  await page.goto('/app.admin/categories?filter=' + encodeURIComponent(JSON.stringify({ q: 'Cars' })));
  await page.getByRole('button', { name: 'Edit category Cars' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/Attributes \(listings give them/).waitFor();
  // One row per definition: the seeded ones, with their keys and the choice's values on one line.
  const keys = await dialog.getByLabel(/^Key/).evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.deepEqual(keys, ['make', 'model', 'year', 'mileage', 'transmission', 'fuel', 'colour']);
  assert.match(
    await dialog
      .getByLabel(/^Allowed values/)
      .first()
      .inputValue(),
    /^Toyota, Honda, Lexus/,
  );
  await snap(page, 'desktop-attributes-backoffice');
  // Saved unchanged: the API still answers the same definitions.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const cars = (await api('/category/categories')).body.data.categories.find((c) => c.slug === 'cars');
  const one = (await api(`/category/categories/${cars.id}`)).body.data;
  assert.deepEqual(
    one.attributes.map((d) => d.key),
    keys,
  );
  assert.equal(one.attributes.find((d) => d.key === 'mileage').unit, 'km');
  await page.close();
});
