// Journey (accounts) (back office): the admin signs in, approves an admin request, suspends a user who then cannot sign in.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, api, launch, newPage, snap, uniqueEmail } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

test('an admin approves a request and suspends a user', async () => {
  const requester = {
    email: uniqueEmail('new-admin'),
    firstName: 'Kelechi',
    lastName: 'Obi',
    phone: '08061234567',
    password: 'Admin-request-2026',
  };
  assert.equal((await api('/auth/admin/signup', { method: 'POST', body: requester })).status, 201);
  const victim = { email: uniqueEmail('suspend-me'), firstName: 'Suspended', lastName: 'Person', password: 'Victim-pass-2026' };
  assert.equal((await api('/auth/register', { method: 'POST', body: victim })).status, 201);

  const page = await newPage(browser);
  await page.goto('/app.admin/login');
  await snap(page, 'admin-login');
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: /Sign in|Login/i }).click();
  await page.waitForURL((u) => u.pathname === '/app.admin' || u.pathname === '/app.admin/');
  await snap(page, 'admin-dashboard');

  await page.goto('/app.admin/admins');
  await page.getByRole('button', { name: `Approve ${requester.firstName} ${requester.lastName}` }).click();
  await page.getByText(`${requester.firstName} ${requester.lastName} is now an admin`).first().waitFor();
  await snap(page, 'admin-requests');
  assert.equal(
    (await api('/auth/admin/login', { method: 'POST', body: { email: requester.email, password: requester.password } })).status,
    200,
  );

  await page.goto('/app.admin/users');
  await page.getByLabel('Search').fill(victim.email);
  await page
    .getByRole('button', { name: `Suspend ${victim.firstName} ${victim.lastName}` })
    .first()
    .click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Reported for fraud');
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await page
    .getByRole('button', { name: `Reactivate ${victim.firstName} ${victim.lastName}` })
    .first()
    .waitFor();
  await snap(page, 'admin-users');
  const login = await api('/auth/login', { method: 'POST', body: { email: victim.email, password: victim.password } });
  assert.equal(login.status, 401);
  assert.match(login.body.message, /suspended/);
  await page.context().close();
});
