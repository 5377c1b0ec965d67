// The back office's Orders, Users and Transactions lists — the MUI X DataGrid on a wide screen, the card
// lists at 360 px — with rows and with none (the product's empty line), light and dark: axe finds no serious or critical
// violation (an empty grid's overlay is no status region inside the grid), the empty text shows, and a screenshot of
// each is kept. On the Orders grid a column header sorts on the server and a row opens the order's seller view.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { ADMIN, api, BASE, launch, registerUser, snap } from './helpers.mjs';

const NOTHING = 'zqxj-nothing-matches-this';
const LISTS = [
  { path: 'orders', empty: 'No orders found' },
  { path: 'users', empty: 'No users found' },
  { path: 'transactions', empty: 'No transactions found' },
];
let browser;
let adminToken;
let order;

before(async () => {
  browser = await launch();
  adminToken = (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken;
  // One order (and its payment attempt) of a fresh listing, so each list has a row.
  const seller = await register('grid-seller');
  const form = new FormData();
  const fields = {
    productName: 'Grid journey kettle',
    productPrice: '9500.00',
    productDescription: 'Electric, 1.7 litres.',
    productLocation: 'Wuse, Abuja',
    productQuantity: '5',
    productType: 'new',
    platformCommissionAgreement: 'agreed',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const posted = await fetch(`${BASE}/api/products`, { method: 'POST', headers: { Authorization: `Bearer ${seller}` }, body: form });
  assert.equal(posted.status, 201);
  const product = (await posted.json()).data;
  const buyer = await register('grid-buyer');
  await api('/products/cart', { method: 'POST', token: buyer, body: { products: [{ productID: product.id, quantity: 1 }] } });
  const placed = await api('/orders', {
    method: 'POST',
    token: buyer,
    body: { shippingAddress: '4 Aminu Kano Crescent', receiverPhoneNumber: '08061234567', deliveryRegion: 'Wuse, Abuja' },
  });
  assert.equal(placed.status, 201);
  await api('/payments/initialize', { method: 'POST', token: buyer, body: { checkoutSessionID: placed.body.data.checkoutSessionId } });
  order = placed.body.data.orders[0];
});
after(() => browser?.close());

async function register(prefix) {
  return (await registerUser(prefix, { firstName: 'Hauwa', lastName: 'Sani', password: 'Grid-journey-2026' })).token;
}

async function adminPage({ dark, phone }) {
  const ctx = await browser.newContext({ viewport: phone ? { width: 360, height: 740 } : { width: 1280, height: 800 }, baseURL: BASE });
  await ctx.addInitScript(
    ({ dark, token }) => {
      localStorage.setItem('RaStore.theme', JSON.stringify(dark ? 'dark' : 'light'));
      localStorage.setItem('adminToken', token);
    },
    { dark, token: adminToken },
  );
  const page = await ctx.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

async function audit(page, label) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

for (const dark of [false, true]) {
  for (const phone of [false, true]) {
    const mode = `${dark ? 'dark' : 'light'}, ${phone ? '360 px' : 'wide'}`;
    test(`Orders, Users and Transactions lists with rows and empty, ${mode}`, async () => {
      const page = await adminPage({ dark, phone });
      const problems = [];
      for (const list of LISTS) {
        await page.goto(`/app.admin/${list.path}`);
        // Wide: the grid (named for the list); phones: the cards, never a grid.
        if (phone) await page.getByRole('list').first().waitFor();
        else
          await page
            .getByRole('grid', { name: new RegExp(`^${list.path}$`, 'i') })
            .getByRole('row')
            .nth(1)
            .waitFor();
        assert.equal(await page.getByRole('grid').count(), phone ? 0 : 1, `${list.path} ${mode}: a grid only on a wide screen`);
        problems.push(...(await audit(page, `${list.path} ${mode}`)));
        await snap(page, `grids-${list.path}-${dark ? 'dark' : 'light'}-${phone ? 'phone' : 'wide'}`);

        await page.goto(`/app.admin/${list.path}?filter=${encodeURIComponent(JSON.stringify({ q: NOTHING }))}`);
        await page.getByText(list.empty, { exact: true }).filter({ visible: true }).first().waitFor();
        problems.push(...(await audit(page, `${list.path} empty ${mode}`)));
        await snap(page, `grids-${list.path}-empty-${dark ? 'dark' : 'light'}-${phone ? 'phone' : 'wide'}`);
      }
      await page.context().close();
      assert.deepEqual(problems, []);
    });
  }
}

test('Orders grid: a column header sorts on the server; a row opens the seller view', async () => {
  const page = await adminPage({ dark: false, phone: false });
  await page.goto('/app.admin/orders');
  const grid = page.getByRole('grid', { name: 'Orders' });
  await grid.getByRole('row').filter({ hasText: order.orderNumber }).waitFor();
  const sorted = page.waitForRequest((r) => r.url().includes('/api/admin/orders') && decodeURIComponent(r.url()).includes('"orderNumber"'));
  await grid.getByRole('columnheader', { name: 'Order number' }).click();
  await sorted;
  await page.waitForURL((u) => u.searchParams.get('sort') === 'orderNumber');
  await grid.getByRole('gridcell', { name: order.orderNumber, exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/app.admin/orders/${order.id}/seller`);
  await page.context().close();
});

test('at 1280 px every Transactions column shows, Reference included; a hidden column stays hidden after a reload', async () => {
  const page = await adminPage({ dark: false, phone: false });
  await page.goto('/app.admin/transactions');
  const grid = page.getByRole('grid', { name: 'Transactions' });
  await grid.getByRole('row').nth(1).waitFor();
  const reference = await grid.getByRole('columnheader', { name: 'Reference' }).boundingBox({ timeout: 5_000 });
  assert.ok(
    reference && reference.x + reference.width <= 1280,
    `Reference cut off at 1280 px: right edge at ${reference && reference.x + reference.width}`,
  );

  // Hide "Method" from the column chooser, reload: still hidden (kept per grid in this browser).
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Method' }).click();
  await page.keyboard.press('Escape');
  await grid.getByRole('columnheader', { name: 'Method' }).waitFor({ state: 'detached' });
  await page.reload();
  await grid.getByRole('row').nth(1).waitFor();
  assert.equal(await grid.getByRole('columnheader', { name: 'Method' }).count(), 0);
  assert.equal(await grid.getByRole('columnheader', { name: 'Amount' }).count(), 1);
  await page.context().close();
});
