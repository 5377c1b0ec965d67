// Verified people (docs/accounts-and-roles.md), in the browser, on a server of its own with
// ACCOUNT_VERIFICATION=required (the other journeys run with it off): sign up → the banner → the e-mailed link →
// Verify phone with the SMS code → the Sell form; and phone sign-in on a fresh device. Mail and SMS go to the
// outboxes (no SMTP, no Termii key), read here from the database as a person would read their inbox and phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import pg from 'pg';
import { bootApp } from '../lib/boot.mjs';
import { launch, newPage, saveBankDetails, snap, uniqueEmail } from './helpers.mjs';

let browser;
let app;
let db;
before(async () => {
  app = await bootApp({ root: resolve(import.meta.dirname, '../../..'), name: 'verify', env: { ACCOUNT_VERIFICATION: 'required' } });
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await db?.end();
  await app?.stop();
});

async function linkFor(email) {
  const { rows } = await db.query(`SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [email]);
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(rows[0]?.body ?? '')?.[0];
  assert.ok(link, `a verification link was e-mailed to ${email}`);
  return new URL(link).pathname + new URL(link).search;
}

async function codeFor(e164) {
  const { rows } = await db.query(`SELECT body FROM sms_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [e164]);
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  assert.ok(code, `a code was sent to ${e164}`);
  return code;
}

const number = () => `0809${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

for (const size of ['phone', 'desktop']) {
  test(`sign up → verify e-mail → verify phone → the Sell form (${size})`, async () => {
    const page = await newPage(browser, size, app.base);
    const email = uniqueEmail(`verify-${size}`);
    await page.goto('/sign-up');
    await page.getByLabel(/^First name/).fill('Ifeoma');
    await page.getByLabel(/^Last name/).fill('Okeke');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('Sunny-Lagos-2026');
    await page.getByLabel(/^Confirm password/).fill('Sunny-Lagos-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText(`open the link we sent to ${email}`).waitFor();
    await snap(page, `${size}-verify-banner`);

    await page.goto(await linkFor(email));
    await page.getByText('Your e-mail address is verified').waitFor();
    await snap(page, `${size}-verify-email-done`);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Verification' }).waitFor();
    assert.equal(await page.getByText('Please verify your e-mail address').count(), 0, 'the banner is gone once verified');

    const phone = number();
    await page.getByRole('button', { name: 'Verify phone' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Phone number/).fill(phone);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText(/We sent a 6-digit code/).waitFor();
    await dialog.getByLabel(/6-digit code/).fill(await codeFor(`+234${phone.slice(1)}`));
    await snap(page, `${size}-verify-phone-code`);
    await dialog.getByRole('button', { name: 'Verify phone' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Phone verified · +234${phone.slice(1)}`).waitFor();
    await snap(page, `${size}-verify-profile-done`);

    // Step-up before money moves: saving bank details asks for a fresh code sent to the verified phone.
    await saveBankDetails(page, { code: () => codeFor(`+234${phone.slice(1)}`), shot: `${size}-bank` });

    await page.goto('/sell');
    await page.getByLabel(/^Item Name/).waitFor();
  });
}

test('phone sign-in on a fresh device: number, then code, and the account is made on first use', async () => {
  const page = await newPage(browser, 'phone', app.base);
  const phone = number();
  await page.goto('/auth');
  await page.getByLabel(/Phone number/).fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText(/We sent a 6-digit code/).waitFor();
  await page.getByLabel(/6-digit code/).fill(await codeFor(`+234${phone.slice(1)}`));
  await snap(page, 'phone-sign-in-code');
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
  await page.waitForURL((u) => u.pathname !== '/auth');
  assert.ok(await page.evaluate(() => localStorage.getItem('access_token')), 'a session is stored after phone sign-in');
  // No e-mail address yet: the banner asks for one.
  await page.getByText('Add and verify an e-mail address').waitFor();
});
