// Money bench (issue 13): boots the built API as its own process in the built-in test mode (no PAYSTACK_SECRET_KEY) on
// a fresh database, settles N checkouts (cart → order → initialize → test checkout paid → seller delivers), then times,
// one request at a time:
//   - release:  PATCH /api/orders/{id}/update/status {received_by_buyer}: the buyer confirms and the escrow is released
//               (commission to Kasuwa, the rest to the seller) in the status change's transaction;
//   - withdraw: POST /api/wallet/withdraw {amount: ₦1,000}: the balance lock, the payout row, the ledger entry and the
//               (test-mode) transfer sent after commit;
//   - baseline: GET /api/health, a trivial route of the same server in the same run (what any request costs here).
// Prints p50/p95/max of each, and the load average (the machine is shared: read the figures against the baseline).
// Usage: npm run bench:money -- --orders 100   (BENCH_DATABASE_URL=postgres://… to use a server; default: embedded)
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/embedded-postgres.mjs';
import { openBenchDatabase } from './bench-db.mjs';

const root = resolve(import.meta.dirname, '../../..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const ORDERS = Number(arg('orders', 100));
const PRICE_KOBO = 500_000; // ₦5,000: each release makes ₦4,750 available, enough for one ₦1,000 withdrawal and more
const dist = resolve(root, process.env.KASUWA_API_DIST ?? 'dist/apps/api/apps/api/src');

const { dbUrl, stop: stopDatabase } = await openBenchDatabase('kasuwa_bench_money', { fresh: true });

const port = await freePort();
const child = spawn(process.execPath, [`${dist}/main.js`], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    SEED_DEMO: 'false',
    ACCOUNT_VERIFICATION: 'off', // the bench times money paths, not verification
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent',
    AUTH_RATE_LIMIT: '100000',
    PAYSTACK_SECRET_KEY: '',
    TEST_SETTLE_DELAY_MS: '60000', // transfers stay in flight during the timing (their settling is not what is measured)
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const stop = async () => {
  if (child.exitCode === null) await new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
  await stopDatabase();
};
process.on('uncaughtException', async (err) => {
  console.error(err);
  await stop();
  process.exit(1);
});

for (let i = 0; ; i++) {
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
  if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
  if (i > 600) throw new Error('server did not come up');
  await new Promise((r) => setTimeout(r, 200));
}

async function call(method, path, { token, body, form } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
}
const register = async (who) =>
  (await call('POST', '/api/auth/register', { body: { email: `${who}.${Date.now()}@example.com`, firstName: 'Bench', lastName: who, password: 'Correct-Horse-9!' } })).accessToken;

/** Milliseconds of `fn`, run `n` times one after another. */
async function timed(n, fn) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  return ms;
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const row = (label, xs) => `${label.padEnd(10)} n=${String(xs.length).padEnd(5)} p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms   p95 ${pct(xs, 95).toFixed(1).padStart(7)} ms   max ${Math.max(...xs).toFixed(1).padStart(7)} ms`;

try {
  const [seller, buyer] = [await register('seller'), await register('buyer')];
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const [{ id: sellerId }] = (await db.query(`SELECT id FROM app_user WHERE last_name = 'seller' ORDER BY id DESC LIMIT 1`)).rows;
  const [{ id: productId }] = (
    await db.query(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images)
       VALUES ($1, 'Bench phone', 'A phone for the money bench', $2, 'Lagos', $3, 'active', '[]') RETURNING id`,
      [sellerId, PRICE_KOBO, ORDERS],
    )
  ).rows;
  await call('PUT', '/api/profile/payout-account', { token: seller, body: { bankCode: '058', accountNumber: '0123456789' } });

  const started = performance.now();
  const orders = [];
  for (let i = 0; i < ORDERS; i++) {
    await call('POST', '/api/products/cart', { token: buyer, body: { products: [{ productID: productId, quantity: 1 }] } });
    const placed = (await call('POST', '/api/orders', { token: buyer, body: { shippingAddress: '12 Admiralty Way, Lekki', receiverPhoneNumber: '08031234567', deliveryRegion: 'Lagos, Lekki' } })).data;
    const init = (await call('POST', '/api/payments/initialize', { token: buyer, body: { checkoutSessionID: placed.checkoutSessionId } })).data;
    await call('POST', `/api/payments/test-checkout/${init.transaction.reference}`, { form: 'outcome=success' });
    const id = placed.orders[0].id;
    for (const status of ['accepted_by_seller', 'shipped', 'delivered']) await call('PATCH', `/api/orders/${id}/update/status`, { token: seller, body: { status } });
    orders.push(id);
  }
  const setup = (performance.now() - started) / 1000;
  const { rows: [{ n: settled }] } = await db.query(`SELECT count(*)::int AS n FROM "order" WHERE paid_at IS NOT NULL AND status = 'delivered'`);

  const baseline = await timed(ORDERS, () => call('GET', '/api/health'));
  const release = await timed(ORDERS, (i) => call('PATCH', `/api/orders/${orders[i]}/update/status`, { token: buyer, body: { status: 'received_by_buyer' } }));
  const withdraw = await timed(ORDERS, () => call('POST', '/api/wallet/withdraw', { token: seller, body: { amount: '100000' } }));
  const { rows: [check] } = await db.query(
    `SELECT (SELECT count(*)::int FROM "order" WHERE released_at IS NOT NULL) AS released, (SELECT count(*)::int FROM payout) AS payouts,
            (SELECT balance_kobo::text FROM ledger_account WHERE code = 'seller_available:' || $1) AS available`,
    [sellerId],
  );
  await db.end();

  console.log(`money bench: ${settled} settled orders of ₦${PRICE_KOBO / 100} (set up in ${setup.toFixed(1)} s), test mode, one request at a time`);
  console.log(row('baseline', baseline) + '   (GET /api/health: one SELECT 1)');
  console.log(row('release', release) + '   (buyer marks received: escrow → commission + seller available)');
  console.log(row('withdraw', withdraw) + '   (₦1,000 each: balance lock, payout, ledger, transfer sent)');
  console.log(`checked: ${check.released} orders released, ${check.payouts} payouts, seller available ₦${Number(check.available) / 100}`);
  console.log(`load average (1/5/15 min): ${loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${(await import('node:os')).cpus().length} cores`);
} finally {
  await stop();
}
