// Tracking shown to the buyer (phone size, built-in test mode): the seller marks a paid order shipped from the order
// page, choosing DHL and typing the tracking number in the shipping dialog; the buyer's order page says who carries it
// and its number, with DHL's tracking page in a new tab; the seller corrects the number; the back office shows both.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminSignIn, demoUser as login, launch, newPage, signedInPage, snap } from './helpers.mjs';
import { IKOYI, advance, paidOrder } from './orders.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const DHL = 'https://www.dhl.com/ng-en/home/tracking/tracking-express.html?submit=1&tracking-id=';

/** An order of one of the seller's listings, paid in test mode and accepted (ordering and paying are other journeys' screens). */
async function acceptedOrder(buyer, seller) {
  const { order, id } = await paidOrder(buyer.token, seller.token, IKOYI);
  await advance(id, seller.token, ['accepted_by_seller']);
  return { id, orderNumber: order.body.data.orders[0].orderNumber };
}

test('tracking shown to the buyer: the seller ships with DHL and a number, the buyer sees it with the link', async () => {
  const [buyer, seller] = [await login('bisi@kasuwa.test'), await login('chinedu@kasuwa.test')];
  const { id, orderNumber } = await acceptedOrder(buyer, seller);

  // The seller's shipping step: a small dialog with the carrier and the tracking number, at 360 px.
  const s = await signedInPage(browser, seller);
  await s.goto(`/orders/${id}/seller`);
  await s.getByLabel('Order status').selectOption('shipped');
  const ship = s.getByRole('dialog', { name: 'Mark this order as Shipped?' });
  await ship.getByLabel('Carrier').selectOption('dhl');
  await ship.getByLabel('Tracking number').fill('  12 ');
  await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
  await ship.getByText('Enter the tracking number as 3–40 letters, digits, dashes or spaces').waitFor();
  await ship.getByLabel('Tracking number').fill(' 1029384756 ');
  const box = await ship.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `the dialog fits the phone (${JSON.stringify(box)})`);
  await snap(s, 'phone-tracking-ship-dialog');
  await ship.getByRole('button', { name: 'Mark as Shipped' }).click();
  await ship.waitFor({ state: 'detached' });
  await s.getByText('Shipped with DHL · Tracking number 1029384756').waitFor();
  await snap(s, 'phone-tracking-seller-shipped');

  // The buyer's order page, phone then desktop.
  const b = await signedInPage(browser, buyer);
  await b.goto(`/orders/${id}/buyer`);
  await b.getByText('Shipped with DHL · Tracking number 1029384756').waitFor();
  const link = b.getByRole('link', { name: /Track it on the carrier’s site/ });
  assert.equal(await link.getAttribute('href'), `${DHL}1029384756`);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.match(await link.getAttribute('rel'), /noopener/);
  assert.equal(await b.getByRole('button', { name: /Change carrier/ }).count(), 0, 'the buyer cannot change it');
  const width = await b.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `no sideways scrolling at 360 px (${width})`);
  await snap(b, 'phone-tracking-buyer');
  await b.setViewportSize({ width: 1280, height: 800 });
  await snap(b, 'desktop-tracking-buyer');

  // The seller fixes a typo in the number; the buyer's page follows.
  await s.setViewportSize({ width: 1280, height: 800 });
  await s.getByRole('button', { name: 'Change carrier or number' }).click();
  const fix = s.getByRole('dialog', { name: 'Carrier and tracking number' });
  await fix.getByLabel('Tracking number').fill('1029384765');
  await snap(s, 'desktop-tracking-seller-correct');
  await fix.getByRole('button', { name: 'Save' }).click();
  await fix.waitFor({ state: 'detached' });
  await s.getByText('Shipped with DHL · Tracking number 1029384765').waitFor();
  await snap(s, 'desktop-tracking-seller-corrected');
  await b.reload();
  await b.getByText('Shipped with DHL · Tracking number 1029384765').waitFor();
  assert.equal(await b.getByRole('link', { name: /Track it on the carrier’s site/ }).getAttribute('href'), `${DHL}1029384765`);

  // The back office: Carrier and Tracking columns in the orders list, and on the order's page.
  const admin = await newPage(browser, 'desktop');
  await adminSignIn(admin);
  await admin.goto('/app.admin/orders');
  const grid = admin.getByRole('grid', { name: 'Orders' });
  await grid.getByRole('columnheader', { name: 'Carrier' }).waitFor();
  await grid.getByRole('columnheader', { name: 'Tracking' }).waitFor();
  const row = grid.getByRole('row').filter({ hasText: orderNumber });
  await row.getByText('DHL').waitFor();
  assert.equal(await row.getByRole('link', { name: /Tracking number 1029384765/ }).getAttribute('href'), `${DHL}1029384765`);
  // Every shown column fits beside the menu at 1280 px: the last one (Date) ends inside the window.
  const date = await grid.getByRole('columnheader', { name: 'Date' }).boundingBox();
  assert.ok(date && date.x + date.width <= 1280, `Date cut off at 1280 px: right edge at ${date && date.x + date.width}`);
  await snap(admin, 'desktop-tracking-backoffice-orders');
  await admin.setViewportSize({ width: 360, height: 740 });
  await admin
    .getByText(/Carrier: DHL/)
    .first()
    .waitFor();
  await snap(admin, 'phone-tracking-backoffice-orders');
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.goto(`/app.admin/orders/${id}/seller`);
  await admin.getByText('1029384765').first().waitFor();
  await snap(admin, 'desktop-tracking-backoffice-order');
});
