// Handover code journey (phone size, built-in test mode): the buyer reads the six-digit code on the order page, the
// seller enters it on theirs (a wrong code first) and is paid at once; on another order the buyer presses "I received
// it", is asked for the rating at once, and the seller answers the rating from their shop page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { api, demoUser as login, launch, signedInPage, snap } from './helpers.mjs';
import { IKOYI, advance, paidOrder } from './orders.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const signedIn = (user) => signedInPage(browser, user);

/** An order of one of the seller's listings, paid in test mode and shipped (ordering and paying are other journeys' screens). */
async function shippedOrder(buyer, seller) {
  const { order, id } = await paidOrder(buyer.token, seller.token, IKOYI);
  await advance(id, seller.token, ['accepted_by_seller', 'shipped']);
  return { id, total: Math.round(Number(order.body.data.orders[0].totalAmount) * 100) };
}

test('the buyer reads the handover code on the order page; the seller enters it and is paid at once', async () => {
  const [buyer, seller] = [await login('bisi@kasuwa.test'), await login('chinedu@kasuwa.test')];
  const { id, total } = await shippedOrder(buyer, seller);
  const before = (await api('/wallet', { token: seller.token })).body.data;

  const b = await signedIn(buyer);
  await b.goto(`/orders/${id}/buyer`);
  const code = (await b.getByTestId('handover-code').innerText()).trim();
  assert.match(code, /^\d{6}$/);
  await b.getByRole('button', { name: 'I received it' }).waitFor();
  await snap(b, 'phone-handover-buyer-code');
  await b.setViewportSize({ width: 1280, height: 800 });
  await snap(b, 'desktop-handover-buyer-code');

  const s = await signedIn(seller);
  await s.goto(`/orders/${id}/seller`);
  const field = s.getByLabel('Buyer’s handover code');
  // The seller sees where to type the code, never the code itself.
  assert.equal(await s.getByTestId('handover-code').count(), 0);
  await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await s.getByRole('button', { name: 'Confirm handover' }).click();
  await s.getByText('4 tries left').first().waitFor();
  await snap(s, 'phone-handover-wrong-code');
  await field.fill(code);
  await s.getByRole('button', { name: 'Confirm handover' }).click();
  await s.getByText(/Handed over: the order is completed/).waitFor();
  await s.getByRole('region', { name: 'Hand over with the buyer’s code' }).waitFor({ state: 'detached' });
  await snap(s, 'phone-handover-seller-paid');
  await s.setViewportSize({ width: 1280, height: 800 });
  await snap(s, 'desktop-handover-seller-paid');

  const after = (await api('/wallet', { token: seller.token })).body.data;
  assert.equal(Number(before.held) - Number(after.held), total, 'the order left escrow');
  const gained = Number(after.available) - Number(before.available);
  assert.ok(gained > 0 && gained <= total && gained >= total * 0.8, `the seller got ${gained} of ${total} less commission`);
  assert.equal((await api(`/orders/in/${id}`, { token: buyer.token })).body.data.status, 'completed');
});

test('"I received it" completes the order and asks for the rating; the seller replies to it from the shop page', async () => {
  const [buyer, seller] = [await login('bisi@kasuwa.test'), await login('chinedu@kasuwa.test')];
  const { id } = await shippedOrder(buyer, seller);

  const b = await signedIn(buyer);
  await b.goto(`/orders/${id}/buyer`);
  await b.getByRole('button', { name: 'I received it' }).click();
  await b.getByRole('dialog', { name: 'Did you receive the order?' }).getByRole('button', { name: 'Yes, I received it' }).click();
  const ask = b.getByRole('dialog', { name: 'Thank you! How was the seller?' });
  const rate = ask.getByRole('region', { name: 'Rate the seller' });
  await rate.waitFor();
  await rate.locator('label', { hasText: '5 Stars' }).click();
  await rate.getByRole('radio', { name: '5 Stars', checked: true }).waitFor({ state: 'attached' });
  const words = `Handed over in Ikoyi, order ${id}.`;
  await rate.getByLabel('A few words (optional)').fill(words);
  await snap(b, 'phone-received-rate');
  await rate.getByRole('button', { name: 'Submit rating' }).click();
  await ask.getByRole('region', { name: 'Your rating of the seller' }).waitFor();
  assert.equal((await api(`/orders/in/${id}`, { token: buyer.token })).body.data.status, 'completed');

  const s = await signedIn(seller);
  const review = s.getByTestId('review').filter({ hasText: words });
  // The server keeps a rendered shop page up to PAGE_CACHE_TTL (10 s) and a new rating does not drop it: the seller
  // looking again a little later sees it.
  for (const deadline = Date.now() + 20_000; ;) {
    await s.goto(`/seller/${seller.id}`);
    if ((await review.count()) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  await review.getByRole('button', { name: /^Reply to / }).click();
  await review.getByLabel('Your public reply').fill('Thank you for buying, come again!');
  await review.getByRole('button', { name: 'Post reply' }).click();
  await review.getByText('Seller’s reply: Thank you for buying, come again!').waitFor();
  await review.scrollIntoViewIfNeeded();
  await snap(s, 'phone-seller-replied');
});
