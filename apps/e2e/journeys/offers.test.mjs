// Offers and messages a buyer can follow on a phone: the buyer makes an offer through the offer dialog (a price at or
// above the listing's is refused on the field), a second offer replaces the first, the seller accepts, and the cart,
// the delivery dialog and the payment page all show the accepted price. Messages, with the unread count, are one tap
// from the phone menu. Screenshots of the dialog and the cart at 360 and 1280 px land in test-results/e2e/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, launch, registerUser, signedInPage, snap } from './helpers.mjs';
import { postListing } from './orders.mjs';

const PASSWORD = 'Offers-journey-2026';
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const register = (prefix, firstName) => registerUser(`offers-${prefix}`, { firstName, lastName: 'Okafor', password: PASSWORD });

/** A page at `size` already signed in as `user` (the storefront's stored session). */
const signedIn = (user, size) => signedInPage(browser, user, size);

/** What this journey's listings say besides their name and price. */
const TERMS = { productDescription: 'Double door, frost free.', productLocation: 'Yaba, Lagos', productQuantity: '2', productType: 'new' };
/** A listing of `seller`'s at `price` naira, through the API (not what this journey is about). */
const listing = (seller, productName, price) => postListing(seller, { productName, productPrice: price, ...TERMS }, { photo: '#d0d4d8' });

/** The cart drawer settled: its Checkout button usable (a screenshot of the cart as the buyer acts on it). */
const checkoutReady = (page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some(
      (el) => el.textContent === 'Checkout' && !el.disabled && getComputedStyle(el).opacity === '1',
    ),
  );

async function makeOffer(page, amount) {
  await page.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make an offer' });
  await dialog.getByRole('textbox', { name: 'Your offer per item' }).fill(amount);
  return dialog;
}

test('an offer made in the dialog and accepted is the price in the cart, the delivery dialog and the payment', async () => {
  const [seller, buyer] = [await register('seller', 'Sade'), await register('buyer', 'Bayo')];
  const productId = await listing(seller, 'Thermocool fridge', '199000.00');
  const { body } = await api('/conversations', {
    method: 'POST',
    token: buyer.token,
    body: { productId, message: 'Good morning, is the fridge still available?' },
  });
  const conversationId = body.data.id;

  const b = await signedIn(buyer, 'phone');
  await b.goto(`/inbox/${conversationId}`);
  await b.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();

  // At or above the listed price: refused on the field, nothing sent.
  let dialog = await makeOffer(b, '200,000');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await dialog.getByText('Offer less than the listed price of ₦199,000.00.').waitFor();
  await snap(b, 'offers-dialog-error-360');
  await dialog.getByRole('textbox', { name: 'Your offer per item' }).fill('190,000');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await b.getByText('Offer: ₦190,000.00').waitFor();

  // A second offer replaces the first (one open offer per buyer and listing); the dialog says so first.
  dialog = await makeOffer(b, '195,000');
  await dialog.getByText('Your offer of ₦190,000.00 is still waiting. A new offer replaces it.').waitFor();
  await snap(b, 'offers-dialog-360');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await b.getByText('Replaced by a newer offer').waitFor();

  // The seller, on a desktop, sees only the newer offer to accept.
  const s = await signedIn(seller, 'desktop');
  await s.goto(`/inbox/${conversationId}`);
  await s.getByText('Offer: ₦195,000.00').waitFor();
  assert.equal(await s.getByRole('button', { name: 'Accept' }).count(), 1);
  await s.getByRole('button', { name: 'Accept' }).click();
  await b.getByText(/Accepted — this is your price in the cart and at checkout/).waitFor({ timeout: 10_000 });

  // The cart shows the accepted price beside the struck listed one, and totals with it.
  await b.goto(`/product/${productId}`);
  await b.getByRole('button', { name: 'Add to Cart' }).click();
  await b.getByRole('button', { name: /^Cart, 1 item/ }).click();
  const cart = b.locator('.MuiDrawer-paper').filter({ hasText: 'Your cart' });
  await cart.getByTestId('offer-price').filter({ hasText: '₦195,000.00' }).waitFor();
  await cart.getByText('Your offer, accepted by the seller').waitFor();
  await cart.getByText('₦199,000.00').waitFor();
  await cart.getByText('₦195,000.00').last().waitFor();
  await checkoutReady(b);
  await snap(b, 'offers-cart-360');

  // The delivery dialog's total is the accepted price.
  await cart.getByRole('button', { name: 'Checkout' }).click();
  const delivery = b.getByRole('dialog', { name: 'Delivery details' });
  assert.equal(await delivery.getByTestId('items-total').textContent(), '₦195,000.00');
  await delivery.getByText('Includes the price the seller accepted from your offer.').waitFor();
  await snap(b, 'offers-delivery-dialog-360');
  await delivery.getByLabel(/^Street address/).fill('3 Herbert Macaulay Way, Yaba');
  await delivery.getByLabel(/^Receiver number/).fill('08031234567');
  await delivery.getByLabel(/^Delivery state/).selectOption('Lagos');
  await delivery.getByLabel(/^Local government area/).selectOption('Lagos Mainland');
  await delivery.getByRole('button', { name: 'Proceed to payment' }).click();
  // The payment page (the test stand-in for Paystack) asks for the same figure.
  await b.waitForURL((u) => u.pathname.includes('/payments/test-checkout/'));
  // The goods at the accepted price plus the listing's seller delivery (₦4,500, the terms of a listing posted without any).
  await b.getByRole('button', { name: /^Pay ₦199,500\.00/ }).waitFor();
  await snap(b, 'offers-payment-360');

  // The same dialog and a cart with the accepted price at 1280 px (another accepted offer on a second listing).
  const otherId = await listing(seller, 'Chest freezer', '150000.00');
  const other = (await api('/conversations', { method: 'POST', token: buyer.token, body: { productId: otherId } })).body.data.id;
  const wide = await signedIn(buyer, 'desktop');
  await wide.goto(`/inbox/${other}`);
  dialog = await makeOffer(wide, '140,000');
  await snap(wide, 'offers-dialog-1280');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const offered = (await api(`/conversations/${other}/messages`, { token: buyer.token })).body.data.find((m) => m.kind === 'offer');
  assert.equal(
    (await api(`/conversations/${other}/offers/${offered.id}`, { method: 'POST', token: seller.token, body: { accept: true } })).status,
    200,
  );
  await wide.goto(`/product/${otherId}`);
  await wide.getByRole('button', { name: 'Add to Cart' }).click();
  await wide.getByRole('button', { name: /^Cart, 1 item/ }).click();
  await wide.getByTestId('offer-price').filter({ hasText: '₦140,000.00' }).waitFor();
  await checkoutReady(wide);
  await snap(wide, 'offers-cart-1280');
});

test('Messages, with the unread count, are reachable from the phone menu at 360 px', async () => {
  const [seller, buyer] = [await register('menu-seller', 'Ngozi'), await register('menu-buyer', 'Tunde')];
  const productId = await listing(seller, 'Rechargeable fan', '45000.00');
  await api('/conversations', { method: 'POST', token: buyer.token, body: { productId, message: 'Abeg, how much last price?' } });

  const s = await signedIn(seller, 'phone');
  await s.goto('/');
  await s.getByRole('button', { name: 'Open menu' }).click();
  const entry = s.getByRole('link', { name: 'Messages, 1 unread' });
  await entry.waitFor();
  await snap(s, 'offers-phone-menu-messages');
  await entry.click();
  await s.waitForURL((u) => u.pathname === '/inbox');
  await s.getByText('Abeg, how much last price?').waitFor();
});
