// Offline (the service worker, vite.config.mts): after one visit online, the home page, a product, saved items and the
// user's orders open with the network cut; a page never visited shows the offline page with what is kept; a chat
// message typed offline is shown as pending and delivered within 10 s of the network coming back.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { api, launch, registerUser, signedInPage, snap } from './helpers.mjs';

const PASSWORD = 'Offline-journey-2026';
let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test('pages seen open offline, others show the offline page, and a message typed offline is sent on reconnect', async () => {
  const buyer = await registerUser('offline-buyer', { firstName: 'Bisi', lastName: 'Ola', password: PASSWORD });
  const product = (await api('/products?limit=1')).body.data[0];
  assert.equal((await api(`/favourites/${product.id}`, { method: 'PUT', token: buyer.token })).status < 300, true, 'saved the product');
  const started = await api('/conversations', {
    method: 'POST',
    token: buyer.token,
    body: { productId: product.id, message: 'Hello, is it still available?' },
  });
  assert.equal(started.status, 201);
  const conversation = started.body.data.id;

  const page = await signedInPage(browser, buyer, 'phone', { serviceWorkers: 'allow' });
  const context = page.context();
  await page.goto('/');
  // The worker is registered once the first page has loaded, and takes the page over at once (clientsClaim).
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  // Online: the pages a visitor opens (each is cached as it is served).
  for (const path of ['/', `/product/${product.id}`, '/saved', '/profile#orders', `/inbox/${conversation}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.getByText('Hello, is it still available?').waitFor();

  await context.setOffline(true);
  await page.goto('/');
  await page.locator('a[href^="/product/"]').first().waitFor();
  await page.goto(`/product/${product.id}`);
  await page.getByRole('heading', { name: product.productName }).first().waitFor();
  await page.goto('/saved');
  await page.getByText(product.productName).first().waitFor();
  await page.goto('/profile#orders');
  await page
    .getByRole('tab', { name: /Orders/ })
    .first()
    .waitFor();
  await snap(page, 'offline-orders-360');

  // A page never opened: the offline page, listing what is kept.
  await page.goto('/contact-us');
  await page.getByRole('heading', { name: 'You are offline' }).waitFor();
  const kept = page.getByRole('list', { name: 'Available offline' });
  await kept.getByRole('link').first().waitFor();
  const links = await kept.getByRole('link').allTextContents();
  assert.ok(
    links.some((l) => l.includes(`/product/${product.id}`)),
    `the product is listed: ${links.join(' | ')}`,
  );
  await snap(page, 'offline-page-360');

  // A message typed offline: pending on the screen, sent when the network is back.
  await page.goto(`/inbox/${conversation}`);
  const text = `Typed on the train ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('pending-message').filter({ hasText: text }).waitFor();
  await snap(page, 'offline-pending-message-360');
  const sent = await api(`/conversations/${conversation}/messages`, { token: buyer.token });
  assert.ok(!sent.body.data.some((m) => m.text === text), 'not sent while offline');

  await context.setOffline(false);
  const back = Date.now();
  let delivered = false;
  while (!delivered && Date.now() - back < 10_000) {
    const res = await api(`/conversations/${conversation}/messages`, { token: buyer.token });
    delivered = res.body.data.some((m) => m.text === text);
    if (!delivered) await new Promise((r) => setTimeout(r, 250));
  }
  assert.ok(delivered, 'the message typed offline is delivered within 10 s of reconnect');
  await page.getByTestId('pending-message').waitFor({ state: 'detached' });
  await context.close();
});
