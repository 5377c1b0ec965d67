// Accountable staff, in the back office: an admin turns on two-factor sign-in and then signs in with a code; a
// `support` admin sees no Refunds and the API refuses them; the audit log shows a blocked listing with its reason.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { ADMIN, api, launch, newPage, snap, uniqueEmail } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/** RFC 6238: the 6-digit code of a base32 secret for the 30-second step `offset` steps from now (what a phone shows). */
function totp(secret, offset = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A new admin of `role`, approved by the seeded owner through the API; returns its credentials. */
async function newAdmin(role) {
  const who = {
    email: uniqueEmail(`staff-${role}`),
    firstName: 'Zainab',
    lastName: role === 'support' ? 'Support' : 'Staff',
    phone: '08031234567',
    password: 'Staff-member-2026',
  };
  assert.equal((await api('/auth/admin/signup', { method: 'POST', body: who })).status, 201);
  const owner = (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken;
  const list = await api(`/admin/admins?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`, { token: owner });
  const pending = list.body.find((a) => a.email === who.email);
  assert.ok(pending, 'the signup request is listed');
  assert.equal((await api(`/admin/admins/${pending.id}`, { method: 'PUT', token: owner, body: { status: 'active', role } })).status, 200);
  return { ...who, owner };
}

async function signInAdmin(page, who) {
  await page.goto('/app.admin/login');
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: /Sign in|Login/i }).click();
}

test('an admin turns on two-factor sign-in, then signing in asks for the code; a support admin cannot open refunds', async () => {
  const who = await newAdmin('support');
  const page = await newPage(browser);
  await signInAdmin(page, who);
  await page.waitForURL((u) => u.pathname.startsWith('/app.admin') && !u.pathname.endsWith('/login'));

  // A support admin: no Refunds or Payouts in the menu, and the API refuses them.
  await page.getByRole('menuitem', { name: 'Users' }).first().waitFor();
  assert.equal(await page.getByRole('menuitem', { name: 'Refunds' }).count(), 0);
  assert.equal(await page.getByRole('menuitem', { name: 'Payouts' }).count(), 0);
  const token = (await api('/auth/admin/login', { method: 'POST', body: { email: who.email, password: who.password } })).body.accessToken;
  const refused = await api('/admin/refunds', { token });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.code, 'ROLE_FORBIDDEN');

  // Enrol: the secret shown once, confirmed with a first code; recovery codes shown once.
  await page.goto('/app.admin/two-factor');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = await page.getByLabel('Secret').inputValue();
  assert.match(secret, /^[A-Z2-7]{16,}=*$/);
  await page.getByLabel(/First 6-digit code/).fill(totp(secret));
  await snap(page, 'staff-2fa-enrol');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
  assert.equal(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10);
  await snap(page, 'staff-2fa-recovery-codes');

  // Sign in again on a fresh device: the password alone is not enough.
  const fresh = await newPage(browser);
  await signInAdmin(fresh, who);
  const code = fresh.getByLabel(/Authenticator code/);
  await code.waitFor();
  await snap(fresh, 'staff-2fa-code-asked');
  // The enrolment used this step's code (each works once): the phone's next code is accepted within the drift.
  await code.fill(totp(secret, 1));
  await fresh.getByRole('button', { name: /Sign in|Login/i }).click();
  await fresh.waitForURL((u) => u.pathname.startsWith('/app.admin') && !u.pathname.endsWith('/login'));
  await fresh.getByRole('menuitem', { name: 'Users' }).first().waitFor();
  await page.context().close();
  await fresh.context().close();
});

test('the audit log shows a blocked listing with who blocked it and why', async () => {
  const owner = (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken;
  const products = await api('/admin/products?range=[0,0]', { token: owner });
  const target = products.body[0];
  assert.ok(target, 'a demo listing to block');
  const reason = `Counterfeit goods reported ${Date.now()}`;
  assert.ok(
    [200, 201].includes((await api(`/admin/products/${target.id}/block`, { method: 'POST', token: owner, body: { reason } })).status),
  );

  const page = await newPage(browser);
  await signInAdmin(page, ADMIN);
  await page.waitForURL((u) => u.pathname.startsWith('/app.admin') && !u.pathname.endsWith('/login'));
  await page.goto('/app.admin/audit-log');
  const row = page.getByRole('row').filter({ hasText: reason });
  await row.first().waitFor();
  assert.match(await row.first().innerText(), new RegExp(ADMIN.email.replace('.', '\\.')));
  await snap(page, 'staff-audit-log');
  // Put the listing back for the journeys after this one.
  await api(`/admin/products/${target.id}/unblock`, { method: 'POST', token: owner, body: { reason: 'Journey over' } });
  await page.context().close();
});
