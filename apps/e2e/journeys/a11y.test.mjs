// Axe finds no serious or critical violation on every public page and every back-office list,
// in light and dark mode (storefront at a 360-px phone size and on a wide screen).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { ADMIN, DEMO_PASSWORD, api, launch, snap } from './helpers.mjs';

let browser;
let userToken;
let productId;
before(async () => {
  browser = await launch();
  userToken = (await api('/auth/login', { method: 'POST', body: { email: 'ada@kasuwa.test', password: DEMO_PASSWORD } })).body.accessToken;
  productId = (await api('/products?limit=1')).body.data[0].id;
});
after(() => browser?.close());

async function audit(page, label) {
  // Audit the page a person sees once it is ready: lazy routes, skeletons and data settled and, on a server-rendered
  // page, React's hydration done (until then a dark-mode page can still carry the light styles the server sent, and
  // on a loaded machine that lasts seconds). A state that passes in a blink is not a finding: what axe reports is
  // checked again a moment later, and only what persists counts.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.getElementById('kasuwa-data') || document.documentElement.hasAttribute('data-hydrated'),
    null,
    { timeout: 60_000 },
  );
  await page
    .waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root, .kc-sk'), null, { timeout: 15_000 })
    .catch(() => {});
  let bad = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.waitForTimeout(attempt ? 1_500 : 300);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (!bad.length) return [];
  }
  return bad.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
        .join(' | ')}`,
  );
}

async function context({ dark, phone, admin }) {
  const ctx = await browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    baseURL: process.env.E2E_BASE_URL,
  });
  const adminToken = admin ? (await api('/auth/admin/login', { method: 'POST', body: ADMIN })).body.accessToken : null;
  await ctx.addInitScript(
    ({ dark, token, adminToken }) => {
      localStorage.setItem('darkMode', String(dark));
      localStorage.setItem('RaStore.theme', JSON.stringify(dark ? 'dark' : 'light'));
      if (token) {
        localStorage.setItem('access_token', token);
        localStorage.setItem('email', 'ada@kasuwa.test');
        localStorage.setItem('fullName', 'Ada Obi');
      }
      if (adminToken) localStorage.setItem('adminToken', adminToken);
    },
    { dark, token: admin ? null : userToken, adminToken },
  );
  return ctx;
}

const PUBLIC = [
  '/',
  `/product/${productId ?? 1}`,
  '/auth',
  '/sign-up',
  '/forgot-password',
  '/term-and-condition',
  '/privacy-policy',
  '/refund-policy',
  '/contact-us',
  '/no-such-page',
];
const SIGNED_IN = ['/profile', '/sell'];
const BACK_OFFICE = [
  '/app.admin',
  '/app.admin/users',
  '/app.admin/admins',
  '/app.admin/products',
  '/app.admin/categories',
  '/app.admin/commissions',
  '/app.admin/orders',
  '/app.admin/transactions',
  '/app.admin/messages',
];

for (const dark of [false, true]) {
  const mode = dark ? 'dark' : 'light';
  for (const phone of [true, false]) {
    test(`storefront pages, ${mode}, ${phone ? '360 px' : 'wide'}`, async () => {
      const ctx = await context({ dark, phone });
      const page = await ctx.newPage();
      const problems = [];
      for (const path of [...PUBLIC.map((p) => p.replace('undefined', String(productId))), ...SIGNED_IN]) {
        await page.goto(path.startsWith('/product/') ? `/product/${productId}` : path);
        problems.push(...(await audit(page, `${path} ${mode}`)));
      }
      if (dark && phone) await snap(page, 'phone-dark-sell');
      await ctx.close();
      assert.deepEqual(problems, []);
    });
  }
  test(`back-office lists, ${mode}`, async () => {
    const ctx = await context({ dark, admin: true });
    const page = await ctx.newPage();
    const problems = [];
    for (const path of BACK_OFFICE) {
      await page.goto(path);
      problems.push(...(await audit(page, `${path} ${mode}`)));
    }
    if (dark) await snap(page, 'admin-dark-messages');
    await ctx.close();
    assert.deepEqual(problems, []);
  });
}
