// Delivery quote bench (docs/delivery.md: Delivery): boots the built API on a bench database topped up to
// --listings listings (default 1,000,000, seed:bulk's loader), a buyer whose cart holds one listing from each of 5
// sellers (in different states and LGAs), then times GET /api/checkout/quote one request at a time (--requests, 500),
// against GET /api/health in the same run. Prints p50/p95/max; the target is p95 ≤ 20 ms at 1M listings.
// Usage: npm run bench:quote -- --listings 1000000   (BENCH_DATABASE_URL=postgres://… to use a server; default: embedded)
import { loadavg } from 'node:os';
import pg from 'pg';
import { arg, fillBenchDatabase, latencyRow, openBenchDatabase, startApiServer } from './bench-db.mjs';

const LISTINGS = Number(arg('listings', 1_000_000));
const REQUESTS = Number(arg('requests', 500));

const { dbUrl, stop: stopDatabase } = await openBenchDatabase('kasuwa_bench_quote');
await fillBenchDatabase(dbUrl, LISTINGS, { tag: 'quote' });

const { base, stopServer } = await startApiServer({
  DATABASE_URL: dbUrl.toString(),
  AUTH_RATE_LIMIT: '100000',
  PAYSTACK_SECRET_KEY: '',
});
const stop = async () => {
  await stopServer();
  await stopDatabase();
};

async function call(method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
const register = async (who) =>
  (
    await call('POST', '/api/auth/register', {
      body: { email: `${who}.${Date.now()}@example.com`, firstName: 'Bench', lastName: who, password: 'Correct-Horse-9!' },
    })
  ).accessToken;
const row = (label, xs) => latencyRow(label, xs, { width: 9 });
async function timed(n, fn) {
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return ms;
}

try {
  const buyer = await register('quotebuyer');
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  const products = [];
  // Five sellers in five places: Eti-Osa and Ikeja (Lagos), Abuja, Port Harcourt's state, and one with its LGA unknown.
  for (const [i, [state, lga]] of [
    [25, 250008],
    [25, 250011],
    [15, null],
    [33, null],
    [25, null],
  ].entries()) {
    await register(`quoteseller${i}`);
    const {
      rows: [s],
    } = await db.query(`SELECT id FROM app_user WHERE last_name = $1 ORDER BY id DESC LIMIT 1`, [`quoteseller${i}`]);
    const {
      rows: [p],
    } = await db.query(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images, state_id, lga_id, pickup)
       VALUES ($1, 'Quote bench item', 'For the quote bench', 500000, 'Lagos', 100, 'active', '[]', $2, $3, $4) RETURNING id`,
      [s.id, state, lga ?? (await db.query(`SELECT min(id) AS id FROM location_lga WHERE state_id = $1`, [state])).rows[0].id, i % 2 === 0],
    );
    products.push({ productID: p.id, quantity: 1 });
  }
  await call('POST', '/api/products/cart', { token: buyer, body: { products } });
  const {
    rows: [{ n }],
  } = await db.query(`SELECT count(*)::int AS n FROM product`);
  // The quote's one statement as the server sends it, timed by Postgres itself (EXPLAIN ANALYZE's execution time): the
  // database's share, which the load of a shared machine skews far less than a request's wall time.
  const {
    rows: [{ id: buyerId }],
  } = await db.query(`SELECT id FROM app_user WHERE last_name = 'quotebuyer' ORDER BY id DESC LIMIT 1`);
  const quoteSql = `SELECT p.user_id AS seller_id, u.first_name, u.last_name, u.email, c.quantity,
      coalesce((SELECT o.price_kobo FROM offer_price o WHERE o.buyer_id = $1 AND o.product_id = p.id AND o.price_kobo < p.price_kobo), p.price_kobo) AS unit_kobo,
      p.location, p.pay_on_delivery, p.state_id, p.lga_id, p.pickup, p.delivery_lga_kobo, p.delivery_state_kobo, p.delivery_other_kobo,
      p.delivery_lga_days, p.delivery_state_days, p.delivery_other_days
    FROM cart_item c JOIN product p ON p.id = c.product_id JOIN app_user u ON u.id = p.user_id WHERE c.user_id = $1 ORDER BY p.user_id, c.product_id`;
  const sqlMs = [];
  for (let i = 0; i < REQUESTS; i++)
    sqlMs.push((await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${quoteSql}`, [buyerId])).rows[0]['QUERY PLAN'][0]['Execution Time']);
  await db.end();
  const quote = () => call('GET', '/api/checkout/quote?stateId=25&lgaId=250011', { token: buyer });
  const first = await quote();
  if (first.data.sellers.length !== 5) throw new Error(`expected 5 sellers, got ${first.data.sellers.length}`);
  await timed(50, quote); // warm-up
  const baseline = await timed(REQUESTS, () => call('GET', '/api/health'));
  const quotes = await timed(REQUESTS, quote);
  console.log(
    `quote bench: ${n} listings, a cart of 5 sellers, one request at a time (load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log(row('baseline', baseline) + '   (GET /api/health)');
  console.log(row('quote', quotes) + '   (GET /api/checkout/quote; target p95 ≤ 20 ms at 1M listings)');
  console.log(row('quote sql', sqlMs) + '   (the quote statement, Postgres execution time)');
} finally {
  await stop();
}
