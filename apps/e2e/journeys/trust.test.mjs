// Issue 14 at 360 px with two browser contexts: a buyer messages a seller from the product page and the seller sees it
// live without reloading; the buyer's offer, accepted by the seller, is the price of the buyer's next checkout.
// Screenshots of each screen land in test-results/e2e/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { BASE, api, launch, newPage, snap, uniqueEmail } from './helpers.mjs';

const PASSWORD = 'Trust-journey-2026';
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

async function register(prefix, firstName) {
  const email = uniqueEmail(`trust-${prefix}`);
  assert.equal((await api('/auth/register', { method: 'POST', body: { email, firstName, lastName: 'Adeyemi', password: PASSWORD } })).status, 201);
  const res = await api('/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
  return { email, token: res.body.accessToken, id: res.body.user.id, fullName: res.body.user.fullName };
}

/** A phone page already signed in as `user` (the storefront's stored session). */
async function signedIn(user) {
  const page = await newPage(browser, 'phone');
  await page.context().addInitScript((u) => {
    localStorage.setItem('access_token', u.token);
    localStorage.setItem('email', u.email);
    localStorage.setItem('fullName', u.fullName);
    localStorage.setItem('userId', String(u.id));
  }, user);
  return page;
}

test('a buyer messages a seller who sees it live; an accepted offer is the checkout price', async () => {
  const [seller, buyer] = [await register('seller', 'Sade'), await register('buyer', 'Bayo')];
  const form = new FormData();
  const fields = { productName: 'Mahogany bookshelf', productPrice: '80000.00', productDescription: 'Solid wood.', productLocation: 'Ikeja, Lagos', productQuantity: '3', productType: 'used', platformCommissionAgreement: 'agreed' };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8d5524' } }).jpeg().toBuffer();
  form.append('productImages', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  const posted = await (await fetch(`${BASE}/api/products`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}` }, body: form })).json();
  const productId = posted.data.id;

  const b = await signedIn(buyer);
  await b.goto(`/product/${productId}`);
  await b.getByText('No ratings yet').first().waitFor();
  await b.getByText(/never pay outside Kasuwa/i).waitFor();
  await snap(b, 'trust-product-page');
  await b.getByRole('button', { name: 'Message seller' }).click();
  await b.waitForURL(/\/inbox\/\d+$/);
  const conversationId = Number(new URL(b.url()).pathname.split('/').pop());
  await b.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();

  const s = await signedIn(seller);
  await s.goto(`/inbox/${conversationId}`);
  await s.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();

  await b.getByRole('textbox', { name: 'Message' }).fill('Good evening, is the bookshelf still available?');
  await b.getByRole('button', { name: 'Send', exact: true }).click();
  // The seller's page was not reloaded: the message arrives over the socket.
  await s.getByText('Good evening, is the bookshelf still available?').waitFor({ timeout: 10_000 });
  await snap(s, 'trust-seller-thread-live');

  b.once('dialog', (d) => d.accept('60000'));
  await b.getByRole('button', { name: 'Make an offer' }).click();
  await s.getByText('Offer: ₦60,000.00').waitFor({ timeout: 10_000 });
  await snap(s, 'trust-seller-offer');
  await s.getByRole('button', { name: 'Accept' }).click();
  await b.getByText(/Accepted — check out to pay this price/).waitFor({ timeout: 10_000 });
  await snap(b, 'trust-buyer-offer-accepted');

  // The buyer's checkout is priced on the server from the accepted offer.
  assert.equal((await api('/products/cart', { method: 'POST', token: buyer.token, body: { products: [{ productID: productId, quantity: 1 }] } })).status, 200);
  const order = await api('/orders', { method: 'POST', token: buyer.token, body: { shippingAddress: '12 Allen Avenue, Ikeja', receiverPhoneNumber: '0803 123 4567', deliveryRegion: 'Lagos, Ikeja' } });
  assert.equal(order.status, 201);
  assert.equal(order.body.data.totalAmount, '60000.00');

  await b.goto('/notifications');
  await b.getByText(/was accepted/).first().waitFor();
  await snap(b, 'trust-notifications');
  await s.goto(`/seller/${seller.id}`);
  await s.getByText('No ratings yet').first().waitFor();
  await snap(s, 'trust-shop-page');
});
