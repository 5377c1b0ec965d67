// Shared bits of the browser journeys: a Chromium per file, pages at phone and desktop sizes, screenshots.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { join } from 'node:path';

export const BASE = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
export const ADMIN = { email: 'admin@kasuwa.test', password: 'kasuwa-admin-2026' };
export const DEMO_PASSWORD = 'kasuwa-demo-2026';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A fresh context (no stored session) at a phone (360×740) or desktop (1280×800) size, on BASE unless another app is given. */
export async function newPage(browser, size = 'desktop', baseURL = BASE, { serviceWorkers = 'block' } = {}) {
  const viewport = size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
  // The storefront's service worker answers the page's requests itself once it controls the page, and then
  // page.route never sees them (a journey that holds or fakes an answer would wait for ever): journeys run without
  // it, except the ones about it (offline), which ask for it.
  const context = await browser.newContext({ viewport, baseURL, locale: 'en-NG', serviceWorkers });
  const page = await context.newPage();
  // Generous: CI shares 2 cores between the app, Postgres and Chromium.
  page.setDefaultTimeout(30_000);
  // A public page arrives rendered by the server: its links work at once, its buttons once React has hydrated it.
  // Steps act like a person who waits for the page to be ready, so every load waits for that.
  for (const method of ['goto', 'reload']) {
    const load = page[method].bind(page);
    page[method] = async (...args) => {
      const res = await load(...args);
      await page.waitForFunction(() => !document.getElementById('kasuwa-data') || document.documentElement.hasAttribute('data-hydrated'));
      return res;
    };
  }
  return page;
}

let shot = 0;
/** Saves a full-page screenshot under test-results/e2e/ for people to look at. */
export async function snap(page, name) {
  shot += 1;
  const dir = process.env.E2E_SHOTS ?? 'test-results/e2e';
  await page.screenshot({ path: join(dir, `${String(shot).padStart(2, '0')}-${name}.png`), fullPage: true });
}

/** A unique email per run. */
export function uniqueEmail(prefix) {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Calls the API of the server at `base` directly (for set-up steps that are not what the journey is about). */
export const apiOf =
  (base) =>
  async (path, { method = 'GET', token, body } = {}) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

/** Calls the API of BASE directly. */
export const api = apiOf(BASE);

/** Signs in on the storefront's /auth page (DEMO_PASSWORD unless given). */
export async function signIn(page, email, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname !== '/auth');
}

/** Signs the first admin in to the back office (lands on the dashboard). */
export async function adminSignIn(page) {
  await page.goto('/app.admin/login');
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: /Sign in|Login/i }).click();
  await page.waitForURL((u) => u.pathname === '/app.admin' || u.pathname === '/app.admin/');
}

/**
 * A new user made through the API and signed in: { email, token, id, fullName, password }. `email` is
 * uniqueEmail(prefix); each journey passes its own password and names.
 */
/** The admin blocks a listing from its back-office page, giving the reason the seller is told, and waits for the block to show. */
export async function adminBlockListing(admin, listingId, reason) {
  await admin.goto(`/app.admin/products/${listingId}`);
  await admin
    .getByRole('button', { name: /^Block/ })
    .first()
    .click();
  await admin
    .getByRole('dialog')
    .getByLabel(/Reason/)
    .fill(reason);
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /^Block/ })
    .click();
  await admin
    .getByText(/blocked/i)
    .first()
    .waitFor();
}

export async function registerUser(prefix, { firstName, lastName, password }) {
  const email = uniqueEmail(prefix);
  assert.equal(
    (await api('/auth/register', { method: 'POST', body: { email, firstName, lastName, password } })).status,
    201,
    `register ${email}`,
  );
  const res = await api('/auth/login', { method: 'POST', body: { email, password } });
  assert.equal(res.status, 200, `sign in ${email}`);
  return { email, password, token: res.body.accessToken, id: res.body.user.id, fullName: res.body.user.fullName };
}

/**
 * The profile's "Add/Edit Bank Details" dialog (the payout account): bank 058, the number, "Check account", "Yes, save".
 * Answers the dialog; with `code` (a function answering the SMS code) it also confirms the step-up.
 */
export async function saveBankDetails(page, { code, shot } = {}) {
  await page.getByRole('button', { name: /Bank Details/ }).click();
  const bank = page.getByRole('dialog');
  await bank.getByRole('combobox', { name: /^Bank/ }).selectOption('058');
  await bank.getByLabel(/^Account number/).fill('0123456789');
  await bank.getByRole('button', { name: 'Check account' }).click();
  await bank.getByText(/Account name:/).waitFor();
  if (shot) await snap(page, shot);
  await bank.getByRole('button', { name: 'Yes, save' }).click();
  if (code) {
    await bank.getByText(/phone ending \d{4}/).waitFor();
    await bank.getByLabel(/^SMS code/).fill(await code());
    if (shot) await snap(page, `${shot}-step-up-code`);
    await bank.getByRole('button', { name: 'Confirm with code' }).click();
  }
  await bank.waitFor({ state: 'detached' });
  await page.getByText('0123456789').waitFor();
}

/** A seeded demo account, signed in through the API: { email, token, id, fullName }. */
export async function demoUser(email, password = DEMO_PASSWORD) {
  const res = await api('/auth/login', { method: 'POST', body: { email, password } });
  assert.equal(res.status, 200, `sign in ${email}`);
  return { email, token: res.body.accessToken, id: res.body.user.id, fullName: res.body.user.fullName };
}

/** A seeded demo account's access token, signed in through the API. */
export async function demoToken(email) {
  return (await demoUser(email)).token;
}

/** A page (phone unless said) already signed in as `user` (the storefront's stored session): sign-in is other journeys' subject. */
export async function signedInPage(browser, user, size = 'phone', options = {}) {
  const page = await newPage(browser, size, BASE, options);
  await page.context().addInitScript((u) => {
    localStorage.setItem('access_token', u.token);
    localStorage.setItem('email', u.email);
    localStorage.setItem('fullName', u.fullName);
    localStorage.setItem('userId', String(u.id));
  }, user);
  return page;
}
