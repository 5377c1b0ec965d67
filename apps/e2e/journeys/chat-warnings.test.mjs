// Scam warnings in chat: a seller writes an account number in the chat; the buyer (the reader) sees, live and after
// a reload, "Kasuwa protects you only when you pay through Kasuwa. Never pay a seller directly." above the message, at
// 360 px and at 1280 px; the seller's own view carries no warning; the message is delivered as written.
// Also: the back office's Risk list with a reported listing, cleared by the owner with a reason.
// Screenshots land in test-results/e2e/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminSignIn, api, launch, newPage, registerUser, signedInPage, snap } from './helpers.mjs';
import { postListing } from './orders.mjs';

const PASSWORD = 'Chat-warning-2026';
const WARNING = 'Kasuwa protects you only when you pay through Kasuwa. Never pay a seller directly.';
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** A page at `size` already signed in as `user` (the storefront's stored session). */
const signedIn = (user, size) => signedInPage(browser, user, size);

test('a chat message with an account number shows the warning to the other party, not to its writer', async () => {
  const seller = await registerUser('chatwarn-seller', { firstName: 'Emeka', lastName: 'Obi', password: PASSWORD });
  const buyer = await registerUser('chatwarn-buyer', { firstName: 'Funke', lastName: 'Ade', password: PASSWORD });
  const productId = await postListing(seller, {
    productName: 'Samsung Galaxy A14',
    productPrice: '45000',
    productLocation: 'Ikeja, Lagos',
  });
  const started = await api('/conversations', {
    method: 'POST',
    token: buyer.token,
    body: { productId, message: 'Good afternoon, is it still available?' },
  });
  assert.equal(started.status, 201);
  const id = started.body.data.id;

  const b = await signedIn(buyer, 'phone');
  await b.goto(`/inbox/${id}`);
  await b.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();
  const s = await signedIn(seller, 'phone');
  await s.goto(`/inbox/${id}`);
  await s.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();

  const bait = 'Yes o. Abeg pay to my account 0123456789 GTBank, I go ship today';
  await s.getByRole('textbox', { name: 'Message' }).fill(bait);
  await s.getByRole('button', { name: 'Send', exact: true }).click();
  await s.getByText(bait).waitFor();

  // The buyer, live (no reload): the note above the seller's message.
  await b.getByText(bait).waitFor({ timeout: 10_000 });
  const note = b.getByRole('note');
  await note.waitFor();
  assert.equal((await note.innerText()).trim(), WARNING);
  await snap(b, 'chat-warning-buyer-360');
  // Above the message, on screen at 360 px.
  const [noteBox, messageBox] = [await note.boundingBox(), await b.getByText(bait).boundingBox()];
  assert.ok(noteBox.y + noteBox.height <= messageBox.y + 1, 'the warning sits above the message');
  assert.ok(noteBox.x >= 0 && noteBox.x + noteBox.width <= 360, 'the warning fits at 360 px');

  // The writer's own view has none.
  assert.equal(await s.getByRole('note').count(), 0);
  await snap(s, 'chat-warning-seller-360');

  // After a reload, and at 1280 px.
  const wide = await signedIn(buyer, 'desktop');
  await wide.goto(`/inbox/${id}`);
  await wide.getByText(bait).waitFor();
  assert.equal((await wide.getByRole('note').innerText()).trim(), WARNING);
  await snap(wide, 'chat-warning-buyer-1280');
});

test('the back office Risk list shows a reported listing; the owner clears it with a reason (1280 and 360 px)', async () => {
  const seller = await registerUser('risk-seller', { firstName: 'Tunde', lastName: 'Bello', password: PASSWORD });
  const reporter = await registerUser('risk-reporter', { firstName: 'Ngozi', lastName: 'Eze', password: PASSWORD });
  const productId = await postListing(seller, {
    productName: 'Risk journey blender',
    productPrice: '18000',
    productLocation: 'Wuse, Abuja',
  });
  assert.equal(
    (await api('/reports', { method: 'POST', token: reporter.token, body: { targetType: 'product', targetId: productId, reason: 'scam' } }))
      .status,
    201,
  );

  for (const size of ['desktop', 'phone']) {
    const page = await newPage(browser, size);
    await adminSignIn(page);
    await page.goto('/app.admin/risk-signals');
    await page.getByText(seller.email).first().waitFor();
    await snap(page, `risk-list-${size === 'phone' ? 360 : 1280}`);
    if (size === 'desktop') {
      const row = page.getByRole('row').filter({ hasText: seller.email });
      await row.getByRole('button', { name: /^Clear signal/ }).click();
      await page
        .getByRole('dialog')
        .getByLabel(/Reason/)
        .fill('The photos are the seller’s own; nothing wrong');
      await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
      await page.getByText('Signal cleared').waitFor();
      await row.getByText(/^Cleared: The photos/).waitFor();
    }
    await page.context().close();
  }
});
