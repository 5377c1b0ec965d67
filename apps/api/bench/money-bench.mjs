// Money bench: boots the built API as its own process in the built-in test mode (no PAYSTACK_SECRET_KEY) on
// a fresh database, settles N checkouts (cart → order → initialize → test checkout paid → seller delivers), then times,
// one request at a time:
//   - release:  PATCH /api/orders/{id}/update/status {received_by_buyer}: the buyer confirms and the escrow is released
//               (commission to Kasuwa, the rest to the seller) in the status change's transaction;
//   - withdraw: POST /api/wallet/withdraw {amount: ₦1,000}: the balance lock, the payout row, the ledger entry and the
//               (test-mode) transfer sent after commit;
//   - baseline: GET /api/health, a trivial route of the same server in the same run (what any request costs here).
// Prints p50/p95/max of each, and the load average (the machine is shared: read the figures against the baseline).
// Then the money clock: --due N orders (default 10,000; half delivered past their releaseAt, half paid past their
// ship-by deadline, cloned in SQL from two real orders, each with its own checkout, payment, escrow and listing; one
// seller) become due at once; the server's own money job (every MONEY_JOB_INTERVAL) completes or cancels them. Prints the seconds until none
// is left due, and the p95 of a search load (2 clients) while it runs against the same load idle just before and just after.
// Usage: npm run bench:money -- --orders 100 --due 10000   (BENCH_DATABASE_URL=postgres://… to use a server; default: embedded)
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { arg, cpuSeconds, dbCpuBetween, dbCpuSnapshot, latencyRow, openBenchDatabase, pct, root, startApiServer } from './bench-db.mjs';

const ORDERS = Number(arg('orders', 100));
const DUE = Number(arg('due', 10_000));
const PRICE_KOBO = 500_000; // ₦5,000: each release makes ₦4,750 available, enough for one ₦1,000 withdrawal and more
const dist = resolve(root, process.env.KASUWA_API_DIST ?? 'dist/apps/api/apps/api/src');

const { dbUrl, stop: stopDatabase } = await openBenchDatabase('kasuwa_bench_money', { fresh: true });

const { child, base, stopServer } = await startApiServer(
  {
    DATABASE_URL: dbUrl.toString(),
    ACCOUNT_VERIFICATION: 'off', // the bench times money paths, not verification
    AUTH_RATE_LIMIT: '100000',
    PAYSTACK_SECRET_KEY: '',
    TEST_SETTLE_DELAY_MS: '60000', // transfers stay in flight during the timing (their settling is not what is measured)
    SEARCH_CACHE_TTL: '0s', // the search figures are the database's, not a cache's
  },
  { apiDist: dist },
);
const stop = async () => {
  await stopServer();
  await stopDatabase();
};
process.on('uncaughtException', async (err) => {
  console.error(err);
  await stop();
  process.exit(1);
});

async function call(method, path, { token, body, form } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null;
}
const register = async (who) =>
  (
    await call('POST', '/api/auth/register', {
      body: { email: `${who}.${Date.now()}@example.com`, firstName: 'Bench', lastName: who, password: 'Correct-Horse-9!' },
    })
  ).accessToken;

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
const row = (label, xs) => latencyRow(label, xs, { width: 10, pad: 7 });

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
  for (let i = 0; i < ORDERS; i++) orders.push(await realOrder({ seller, buyer, productId }, true));
  const setup = (performance.now() - started) / 1000;
  const {
    rows: [{ n: settled }],
  } = await db.query(`SELECT count(*)::int AS n FROM "order" WHERE paid_at IS NOT NULL AND status = 'delivered'`);

  const baseline = await timed(ORDERS, () => call('GET', '/api/health'));
  const release = await timed(ORDERS, (i) =>
    call('PATCH', `/api/orders/${orders[i]}/update/status`, { token: buyer, body: { status: 'received_by_buyer' } }),
  );
  const withdraw = await timed(ORDERS, () => call('POST', '/api/wallet/withdraw', { token: seller, body: { amount: '100000' } }));
  const {
    rows: [check],
  } = await db.query(
    `SELECT (SELECT count(*)::int FROM "order" WHERE released_at IS NOT NULL) AS released, (SELECT count(*)::int FROM payout) AS payouts,
            (SELECT balance_kobo::text FROM ledger_account WHERE code = 'seller_available:' || $1) AS available`,
    [sellerId],
  );
  const clock = DUE > 0 ? await clockRun(db, { seller, buyer, productId }) : null;
  await db.end();

  console.log(
    `money bench: ${settled} settled orders of ₦${PRICE_KOBO / 100} (set up in ${setup.toFixed(1)} s), test mode, one request at a time`,
  );
  console.log(row('baseline', baseline) + '   (GET /api/health: one SELECT 1)');
  console.log(row('release', release) + '   (buyer marks received: escrow → commission + seller available)');
  console.log(row('withdraw', withdraw) + '   (₦1,000 each: balance lock, payout, ledger, transfer sent)');
  console.log(`checked: ${check.released} orders released, ${check.payouts} payouts, seller available ₦${Number(check.available) / 100}`);
  if (clock) {
    console.log(
      `clock:     ${clock.due} orders due at once (${clock.due - clock.due / 2} past releaseAt, ${clock.due / 2} past ship-by; cloned in ${clock.setup.toFixed(1)} s): ` +
        `all moved in ${clock.seconds.toFixed(1)} s by the money job (${clock.completed} completed + released, ${clock.cancelled} cancelled + refund started)` +
        `${clock.seconds <= 60 ? '' : '   ← over one minute'}`,
    );
    console.log(
      `           CPU meanwhile: API ${clock.cpu.api.toFixed(1)} s + Postgres ${clock.cpu.db.toFixed(1)} s (search load included) = ${(((clock.cpu.api + clock.cpu.db) * 1000) / clock.due).toFixed(1)} ms per order`,
    );
    console.log(row('search', clock.idle) + '   (idle, 2 clients: 10 s before and 10 s after)');
    console.log(
      row('search', clock.busy) +
        `   (while the job ran; p95 ${((pct(clock.busy, 95) / pct(clock.idle, 95) - 1) * 100).toFixed(0)}% vs idle)`,
    );
  }
  console.log(
    `load average (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} on ${(await import('node:os')).cpus().length} cores`,
  );
} finally {
  await stop();
}

/** The columns of `table` but these (generated ones never), comma-separated and quoted. */
async function columns(db, table, but) {
  const { rows } = await db.query(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' AND column_default IS DISTINCT FROM 'nextval(''' || $1 || '_id_seq''::regclass)' ORDER BY ordinal_position`,
    [table],
  );
  return rows
    .map((r) => r.column_name)
    .filter((c) => c !== 'id' && !but.includes(c))
    .map((c) => `"${c}"`);
}

/** One real order through HTTP: paid (and delivered, with `deliver`). */
async function realOrder({ seller, buyer, productId }, deliver) {
  await call('POST', '/api/products/cart', { token: buyer, body: { products: [{ productID: productId, quantity: 1 }] } });
  const placed = (
    await call('POST', '/api/orders', {
      token: buyer,
      body: { shippingAddress: '12 Admiralty Way, Lekki', receiverPhoneNumber: '08031234567', deliveryRegion: 'Lagos, Lekki' },
    })
  ).data;
  const init = (await call('POST', '/api/payments/initialize', { token: buyer, body: { checkoutSessionID: placed.checkoutSessionId } }))
    .data;
  await call('POST', `/api/payments/test-checkout/${init.transaction.reference}`, { form: 'outcome=success' });
  const id = placed.orders[0].id;
  if (deliver)
    for (const status of ['accepted_by_seller', 'shipped', 'delivered'])
      await call('PATCH', `/api/orders/${id}/update/status`, { token: seller, body: { status } });
  return id;
}

/**
 * `n` copies of order `tpl` (its checkout, applied payment, item and escrow payment entry), each due: `due` is the SQL of
 * the deadline columns set (e.g. release_at in the past). One statement, committed at once.
 */
async function cloneOrders(db, tpl, n, label, due) {
  // One after another: one client runs one statement at a time.
  const session = await columns(db, 'checkout_session', ['reference']);
  const payment = await columns(db, 'payment_transaction', ['reference', 'checkout_session_id', 'paystack_id']);
  const order = await columns(db, 'order', ['order_number', 'checkout_session_id', ...Object.keys(due)]);
  const item = await columns(db, 'order_item', ['order_id', 'product_id']);
  const product = await columns(db, 'product', []);
  const {
    rows: [o],
  } = await db.query(`SELECT checkout_session_id AS sid, total_kobo FROM "order" WHERE id = $1`, [tpl]);
  const dueCols = Object.keys(due)
    .map((c) => `"${c}"`)
    .join(', ');
  const dueVals = Object.values(due).join(', ');
  await db.query(`DO $$
    DECLARE sid int; oid int; pid int;
    BEGIN
      FOR i IN 1..${n} LOOP
        INSERT INTO checkout_session (${session}) SELECT ${session} FROM checkout_session WHERE id = ${o.sid} RETURNING id INTO sid;
        INSERT INTO payment_transaction (${payment}, reference, checkout_session_id)
          SELECT ${payment}, 'bench-${label}-' || i, sid FROM payment_transaction WHERE checkout_session_id = ${o.sid} AND applied;
        INSERT INTO "order" (${order}, checkout_session_id, ${dueCols}) SELECT ${order}, sid, ${dueVals} FROM "order" WHERE id = ${tpl} RETURNING id INTO oid;
        -- Each order of its own listing (10,000 orders of one listing due at once is not a market; one seller is kept).
        INSERT INTO product (${product}) SELECT ${product} FROM product WHERE id = (SELECT product_id FROM order_item WHERE order_id = ${tpl}) RETURNING id INTO pid;
        INSERT INTO order_item (${item}, order_id, product_id) SELECT ${item}, oid, pid FROM order_item WHERE order_id = ${tpl};
        INSERT INTO ledger_account (code, kind, order_id) VALUES ('escrow:' || oid, 'escrow', oid);
        WITH e AS (INSERT INTO journal_entry (kind, ref, order_id, memo) VALUES ('payment', 'order:' || oid, oid, 'bench clone') RETURNING id)
        INSERT INTO ledger_posting (entry_id, account_id, amount_kobo)
          SELECT e.id, a.id, CASE WHEN a.code = 'paystack_clearing' THEN -${o.total_kobo} ELSE ${o.total_kobo} END
            FROM e, ledger_account a WHERE a.code IN ('paystack_clearing', 'escrow:' || oid);
      END LOOP;
    END $$`);
}

/** Searches from `clients` clients one after another until `stop()` says so; their milliseconds. */
async function searchLoad(stop, clients = 2) {
  const words = ['phone', 'samsung', 'tecno camon', 'laptop', 'generator', 'ankara', 'freezer', 'iphone'];
  const ms = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stop()) {
        const q = new URLSearchParams({ search: words[n++ % words.length], page: String(1 + (n % 3)) });
        const t0 = performance.now();
        await call('GET', `/api/products?${q}`);
        ms.push(performance.now() - t0);
      }
    }),
  );
  return ms;
}

/** The money clock under load: DUE orders due at once, timed until none is left due, with search latency idle and meanwhile. */
async function clockRun(db, actors) {
  // A catalogue to search: 3,000 listings of the seller's.
  await db.query(
    `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images)
     SELECT p.user_id, (ARRAY['Samsung phone','Tecno Camon','HP laptop','Generator 3.5kva','Ankara fabric','Thermocool freezer','iPhone 13'])[1 + g % 7] || ' ' || g,
            'Bench listing ' || g, 100000 + g * 100, 'Lagos', 3, 'active', '[]'
       FROM product p, generate_series(1, 3000) g WHERE p.id = $1`,
    [actors.productId],
  );
  await db.query(`UPDATE product SET quantity = quantity + 10, status = 'active' WHERE id = $1`, [actors.productId]);
  const delivered = await realOrder(actors, true);
  const paid = await realOrder(actors, false);
  const half = Math.floor(DUE / 2);
  // Cloned not yet due (a year out), so the idle figures are idle; then one statement makes all of them due at once.
  const later = `now() + interval '1 year'`;
  const t0 = performance.now();
  await cloneOrders(db, delivered, DUE - half, 'd', { release_at: later });
  await cloneOrders(db, paid, half, 'p', { ship_by_at: later });
  // The new listings' search updates (the outbox job) finish before anything is timed.
  while ((await db.query(`SELECT count(*)::int AS n FROM search_outbox`)).rows[0].n > 0) await new Promise((r) => setTimeout(r, 500));
  const setup = (performance.now() - t0) / 1000;
  const until = Date.now() + 10_000;
  const idle = await searchLoad(() => Date.now() > until);
  const left = async () =>
    (
      await db.query(
        `SELECT count(*)::int AS n FROM "order" WHERE (status = 'delivered' AND released_at IS NULL AND release_at <= now()) OR (status IN ('paid','processing','accepted_by_seller') AND ship_by_at <= now())`,
      )
    ).rows[0].n;
  await db.query(
    `UPDATE "order" SET release_at = CASE WHEN status = 'delivered' THEN now() - interval '1 minute' END,
                        ship_by_at = CASE WHEN status = 'paid' THEN now() - interval '1 minute' END
      WHERE id > $1`,
    [paid],
  );
  const started = performance.now();
  const [apiCpu0, dbCpu0] = [cpuSeconds(child.pid), await dbCpuSnapshot(db, dbUrl.pathname.slice(1))];
  let done = false;
  const busyRun = searchLoad(() => done);
  let remaining = await left();
  const due = remaining;
  while (remaining > 0 && performance.now() - started < 600_000) {
    await new Promise((r) => setTimeout(r, 250));
    remaining = await left();
  }
  const seconds = (performance.now() - started) / 1000;
  // CPU the API process and its Postgres backends used meanwhile (the search load's included): what the shared machine's
  // other load does not skew.
  const cpu = { api: cpuSeconds(child.pid) - apiCpu0, db: dbCpuBetween(dbCpu0, await dbCpuSnapshot(db, dbUrl.pathname.slice(1))) };
  done = true;
  const busy = await busyRun;
  const {
    rows: [moved],
  } = await db.query(
    `SELECT count(*) FILTER (WHERE status = 'completed' AND released_at IS NOT NULL)::int AS completed, count(*) FILTER (WHERE status = 'cancelled' AND ship_by_missed_at IS NOT NULL)::int AS cancelled FROM "order"`,
  );
  // Idle again once the job's after-work is done (the refunds it queued are sent, the listings' search rows rewritten):
  // the machine is shared, so the idle figure is taken on both sides of the run.
  const settled = Date.now() + 120_000;
  while (Date.now() < settled) {
    const {
      rows: [w],
    } = await db.query(
      `SELECT (SELECT count(*) FROM refund WHERE status IN ('queued','sending'))::int + (SELECT count(*) FROM search_outbox)::int AS n`,
    );
    if (w.n === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const until2 = Date.now() + 10_000;
  idle.push(...(await searchLoad(() => Date.now() > until2)));
  return { due, setup, seconds, idle, busy, cpu, ...moved };
}
