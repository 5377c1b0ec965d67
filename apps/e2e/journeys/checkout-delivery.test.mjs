// Delivery at checkout (docs/delivery.md: Delivery), in the browser: a buyer in another state than the listing
// sees the other-states fee in the shipping dialog and pays it with the goods; a buyer picks pickup for a listing that
// offers it and pays the goods only. The order page shows the method and the fee. Screenshots of the dialog with the
// delivery choice at 360 and 1280 px land in test-results/e2e/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { api, launch, registerUser, signedInPage, snap } from './helpers.mjs';
import { postListing } from './orders.mjs';

const PASSWORD = 'Delivery-journey-2026';
let browser;
let db;
before(async () => {
  browser = await launch();
  db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
});
after(async () => {
  await browser?.close();
  await db?.end();
});

/** What this journey's listings say besides their name and price. */
const TERMS = { productDescription: 'Sturdy and clean.', productLocation: 'Ikeja, Lagos', productQuantity: '3', productType: 'new' };
/** A listing of `seller`'s in Ikeja, Lagos at `price` naira, through the API; its delivery terms are the ones posted without any (₦4,500 to every zone). */
const listing = (seller, productName, price) => postListing(seller, { productName, productPrice: price, ...TERMS }, { photo: '#c8d0c4' });

/** The shipping dialog filled for `state`/`lga`, its delivery choice shown. */
async function openDialog(page, { state, lga, city }) {
  await page.goto('/');
  await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delivery details' });
  await dialog.getByLabel(/^Street address/).fill(`7 Aminu Kano Crescent, ${city}`);
  await dialog.getByLabel(/^Receiver number/).fill('08031234567');
  await dialog.getByLabel(/^Delivery state/).selectOption(state);
  await dialog.getByLabel(/^Local government area/).selectOption({ label: lga });
  // Each pass types its address afresh (a saved one would be offered first next time).
  await dialog.getByRole('checkbox', { name: 'Save this address' }).uncheck();
  await dialog.getByTestId('delivery-choice').waitFor();
  return dialog;
}

async function payOnTestPage(page, amount) {
  await page.waitForURL((u) => u.pathname.includes('/payments/test-checkout/'));
  await page.getByRole('button', { name: new RegExp(`^Pay ${amount.replace(/[.₦]/g, (c) => `\\${c}`)}`) }).click();
  await page.waitForURL((u) => u.pathname === '/payments/verify' || /^\/orders\/\d+\/buyer$/.test(u.pathname));
}

test('a buyer in another state sees the other-states fee and pays it', async () => {
  const seller = await registerUser('delivery-seller', { firstName: 'Kemi', lastName: 'Lagos', password: PASSWORD });
  const buyer = await registerUser('delivery-buyer', { firstName: 'Musa', lastName: 'Abuja', password: PASSWORD });
  const id = await listing(seller, 'Standing fan', '30000');
  await db.query(`UPDATE product SET delivery_other_kobo = 700000, delivery_other_days = 4 WHERE id = $1`, [id]);
  assert.equal(
    (await api('/products/cart', { method: 'POST', token: buyer.token, body: { products: [{ productID: id, quantity: 1 }] } })).status,
    200,
  );

  for (const size of ['desktop', 'phone']) {
    const page = await signedInPage(browser, buyer, size);
    const dialog = await openDialog(page, { state: 'Abuja (FCT)', lga: 'Bwari', city: 'Kubwa' });
    await dialog.getByLabel('Seller delivery — ₦7,000.00, 4 days').waitFor();
    assert.equal(await dialog.getByLabel('Seller delivery — ₦7,000.00, 4 days').isChecked(), true);
    assert.equal(await dialog.getByTestId('grand-total').textContent(), '₦37,000.00');
    await snap(page, `delivery-choice-other-state-${size === 'phone' ? 360 : 1280}`);
    // No page wider than the screen at 360 px.
    if (size === 'phone') assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    if (size === 'phone') {
      await dialog.getByRole('button', { name: 'Proceed to payment' }).click();
      await payOnTestPage(page, '₦37,000.00');
    } else {
      await page.close();
    }
  }
  const order = (await api('/orders/all', { token: buyer.token })).body.data.find((o) => o.orderItems.some((i) => i.product?.id === id));
  assert.equal(order.status, 'paid');
  assert.deepEqual(
    [order.deliveryMethod, order.deliveryZone, order.deliveryFee, order.totalAmount],
    ['seller_delivery', 'other', '7000.00', '37000.00'],
  );
  const page = await signedInPage(browser, buyer, 'phone');
  await page.goto(`/orders/${order.id}/buyer`);
  await page
    .getByTestId('order-delivery')
    .getByText(/Seller delivery \(other states\): ₦7,000\.00, included in the total/)
    .waitFor();
  await page.getByText(/Expected by/).waitFor();
  assert.equal(await page.getByText(/is paid on receipt/).count(), 0);
  await snap(page, 'delivery-order-page-360');
});

test('a pickup order', async () => {
  const seller = await registerUser('pickup-seller', { firstName: 'Ngozi', lastName: 'Ikeja', password: PASSWORD });
  const buyer = await registerUser('pickup-buyer', { firstName: 'Tayo', lastName: 'Ikeja', password: PASSWORD });
  const id = await listing(seller, 'Office chair', '25000');
  await db.query(`UPDATE product SET pickup = true WHERE id = $1`, [id]);
  assert.equal(
    (await api('/products/cart', { method: 'POST', token: buyer.token, body: { products: [{ productID: id, quantity: 1 }] } })).status,
    200,
  );
  const page = await signedInPage(browser, buyer, 'phone');
  const dialog = await openDialog(page, { state: 'Lagos', lga: 'Ikeja', city: 'Ikeja' });
  const pickup = dialog.getByLabel(/^Pickup in .* — free$/);
  await pickup.waitFor();
  assert.equal(await pickup.isChecked(), true); // the cheapest option is chosen first
  await dialog.getByLabel(/^Seller delivery — ₦4,500\.00/).check();
  assert.equal(await dialog.getByTestId('grand-total').textContent(), '₦29,500.00');
  await pickup.check();
  assert.equal(await dialog.getByTestId('grand-total').textContent(), '₦25,000.00');
  await snap(page, 'delivery-choice-pickup-360');
  await dialog.getByRole('button', { name: 'Proceed to payment' }).click();
  await payOnTestPage(page, '₦25,000.00');
  const order = (await api('/orders/all', { token: buyer.token })).body.data.find((o) => o.orderItems.some((i) => i.product?.id === id));
  assert.deepEqual(
    [order.status, order.deliveryMethod, order.deliveryFee, order.totalAmount, order.expectedDeliveryDate],
    ['paid', 'pickup', '0.00', '25000.00', null],
  );
});

test('a pay-on-delivery order: placed without paying online, confirmed by the seller when the cash is in hand', async () => {
  const seller = await registerUser('cash-seller', { firstName: 'Bayo', lastName: 'Rider', password: PASSWORD });
  const buyer = await registerUser('cash-buyer', { firstName: 'Ada', lastName: 'Cash', password: PASSWORD });
  const id = await listing(seller, 'Rechargeable lamp', '15000');
  await db.query(`UPDATE product SET pay_on_delivery = true WHERE id = $1`, [id]);
  assert.equal(
    (await api('/products/cart', { method: 'POST', token: buyer.token, body: { products: [{ productID: id, quantity: 1 }] } })).status,
    200,
  );
  const page = await signedInPage(browser, buyer, 'phone');
  const dialog = await openDialog(page, { state: 'Lagos', lga: 'Ikeja', city: 'Ikeja' });
  const cash = dialog.getByLabel(/^Pay on delivery \(cash\) — ₦4,500\.00/);
  await cash.waitFor();
  assert.equal(await cash.isChecked(), false); // never chosen for the buyer
  await cash.check();
  assert.equal(await dialog.getByTestId('grand-total').textContent(), '₦0.00');
  assert.equal(await dialog.getByTestId('cash-total').textContent(), '₦19,500.00');
  await snap(page, 'delivery-choice-cash-360');
  await dialog.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL((u) => /^\/orders\/\d+\/buyer$/.test(u.pathname));
  const orderId = Number(/\/orders\/(\d+)\//.exec(page.url())[1]);
  await page.getByText(/Pay on delivery: pay ₦19,500\.00 in cash/).waitFor();
  await page.getByText('Cash on delivery', { exact: true }).first().waitFor();
  await snap(page, 'cash-order-buyer-360');

  // The seller ships, then confirms the cash on the order page.
  assert.equal(
    (await api(`/orders/${orderId}/update/status`, { method: 'PATCH', token: seller.token, body: { paymentStatus: 'shipped' } })).status,
    200,
  );
  const sellerPage = await signedInPage(browser, seller, 'phone');
  await sellerPage.goto(`/orders/${orderId}/seller`);
  await sellerPage.getByRole('button', { name: 'Cash received' }).click();
  const confirm = sellerPage.getByRole('dialog', { name: 'Did you receive the cash?' });
  await confirm.getByRole('button', { name: 'Cash received' }).click();
  await sellerPage.getByText(/^Cash confirmed/).waitFor();
  await snap(sellerPage, 'cash-order-seller-360');
  const order = (await api(`/orders/in/${orderId}`, { token: buyer.token })).body.data;
  assert.deepEqual(
    [order.status, order.paymentStatus, order.deliveryMethod, order.totalAmount],
    ['completed', 'paid', 'pay_on_delivery', '19500.00'],
  );
  assert.ok(order.cashReceivedAt);
  // Kasuwa's commission (5% of the goods) is owed from the seller's balance.
  const wallet = (await api('/wallet', { token: seller.token })).body.data;
  assert.equal(wallet.owed, '75000');
});
