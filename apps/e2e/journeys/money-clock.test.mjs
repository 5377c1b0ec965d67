// Money on a clock (built-in test mode): the buyer's order page states the day Kasuwa pays the seller, in Lagos time,
// and the Refund policy states the server's own durations; on a server started with SHIP_BY=20s, a paid order the
// seller does not ship is cancelled by the money job and the buyer refunded, as the order page then shows.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { bootApp } from '../lib/boot.mjs';
import { BASE, apiOf, launch, newPage, signIn, snap } from './helpers.mjs';
import { paidOrder } from './orders.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const lagos = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/** Ada buys one of Musa's listings and pays through the test checkout (set-up, not what the journey is about). */
async function paidOrderOn(base) {
  const api = apiOf(base);
  const login = async (email) =>
    (await api('/auth/login', { method: 'POST', body: { email, password: 'kasuwa-demo-2026' } })).body.accessToken;
  const [buyer, seller] = [await login('ada@kasuwa.test'), await login('musa@kasuwa.test')];
  const { id, product } = await paidOrder(
    buyer,
    seller,
    { shippingAddress: '4 Bode Thomas Street, Surulere', receiverPhoneNumber: '08021234567', deliveryRegion: 'Lagos, Surulere' },
    { base },
  );
  return { api, buyer, seller, id, product };
}

test('the buyer sees the day Kasuwa pays the seller, and the policy states the same rule', async () => {
  const { api, buyer, seller, id } = await paidOrderOn(BASE);
  for (const status of ['accepted_by_seller', 'shipped', 'delivered'])
    assert.equal((await api(`/orders/${id}/update/status`, { method: 'PATCH', token: seller, body: { status } })).status, 200);
  const { releaseAt } = (await api(`/orders/in/${id}`, { token: buyer })).body.data;
  assert.ok(releaseAt, 'a delivered order carries its releaseAt');
  const text = `Kasuwa pays the seller on ${lagos.format(new Date(releaseAt))} unless you report a problem.`;

  const phone = await newPage(browser, 'phone');
  await signIn(phone, 'ada@kasuwa.test');
  await phone.goto(`/orders/${id}/buyer`);
  await phone.getByText(text).waitFor();
  await phone.getByRole('button', { name: 'Open a dispute' }).waitFor();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the order page scrolls sideways at 360 px (${width} px)`);
  await snap(phone, 'phone-order-release-date');
  const desktop = await newPage(browser);
  await signIn(desktop, 'ada@kasuwa.test');
  await desktop.goto(`/orders/${id}/buyer`);
  await desktop.getByText(text).waitFor();
  await snap(desktop, 'desktop-order-release-date');

  // The Refund policy reads the same settings (7 days, 3 days by default): no number typed twice.
  await phone.goto('/refund-policy');
  await phone.getByText(/Kasuwa holds your payment for 7 days, then pays the seller/).waitFor();
  await phone
    .getByText('If the seller has not shipped a paid order within 3 days of payment, Kasuwa cancels it and refunds you in full.')
    .waitFor();
  await snap(phone, 'phone-refund-policy-rules');
});

test('SHIP_BY=20s: a paid order the seller does not ship is cancelled and the buyer refunded', async () => {
  // Its own server: the 20-second deadline must not reach the other journeys' orders.
  const app = await bootApp({
    root: resolve(import.meta.dirname, '../../..'),
    name: 'e2e_shipby',
    env: { ACCOUNT_VERIFICATION: 'off', SHIP_BY: '20s', MONEY_JOB_INTERVAL: '2s', TEST_SETTLE_DELAY_MS: '500' },
  });
  try {
    const { api, buyer, id } = await paidOrderOn(app.base);
    const page = await newPage(browser, 'phone', app.base);
    await signIn(page, 'ada@kasuwa.test');
    await page.goto(`/orders/${id}/buyer`);
    await page.getByText(/^If the seller has not shipped by .+, Kasuwa cancels the order and refunds you in full\.$/).waitFor();
    await snap(page, 'phone-order-ship-by');

    let order;
    for (let i = 0; i < 120; i++) {
      order = (await api(`/orders/in/${id}`, { token: buyer })).body.data;
      if (order.status === 'cancelled') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(order.status, 'cancelled', 'cancelled within a minute of payment');
    assert.equal(order.paymentStatus, 'refund_due');
    await page.reload();
    await page.getByText(/^Reason: Not shipped by .+ \(20 seconds after payment\): cancelled and refunded to the buyer in full$/).waitFor();
    await snap(page, 'phone-order-ship-by-cancelled');

    // The refund went through the refund path: the buyer is told once it is sent.
    let told = [];
    for (let i = 0; i < 60 && !told.length; i++) {
      told = (await api('/notifications', { token: buyer })).body.data.filter((n) => /^Your refund of ₦.+ was sent$/.test(n.title));
      if (!told.length) await new Promise((r) => setTimeout(r, 500));
    }
    assert.equal(told.length, 1, 'the buyer is told the refund was sent');
    const cancelledNotice = (await api('/notifications', { token: buyer })).body.data.filter((n) =>
      /was cancelled: the seller did not ship it in time$/.test(n.title),
    );
    assert.equal(cancelledNotice.length, 1);
  } finally {
    await app.stop();
  }
});
