// Load bench: a realistic mix (browse and search 70%, product pages 20%, cart and checkout 10%) with autocannon against
// one web process, then against two behind a small local round-robin balancer, on the same data. Prints throughput,
// p50/p95/p99, errors, and where the time goes: CPU ms per request of the Node processes (and the balancer) beside that
// of the Postgres backends serving them.
// Usage: npm run bench:load -- [--count 20000] [--duration 20] [--connections 32] [--db kasuwa_load_bench]
// BENCH_DATABASE_URL=postgres://… uses that server; default: the embedded Postgres. KASUWA_DIST=<dir> runs a private
// copy of dist/apps/api/apps/api/src. REDIS_URL passes through (shared rate limits and cache across the two processes).
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import { freePort } from '../scripts/embedded-postgres.mjs';
import { arg, cpuSeconds, dbCpuBetween, dbCpuSnapshot, dist, fillBenchDatabase, openBenchDatabase } from './bench-db.mjs';
import { POPULAR } from './search-mix.mjs';

// `--balance <port,port>`: this file is the balancer process (forked below), printing nothing, reporting its port by IPC.
if (process.argv.includes('--balance')) {
  const ports = process.argv[process.argv.indexOf('--balance') + 1].split(',').map(Number);
  const srv = await balancer(ports);
  process.send({ port: srv.address().port });
  process.on('SIGTERM', () => process.exit(0));
}
/**
 * A small round-robin balancer (its own process): keep-alive to each upstream, like nginx's upstream block, and like
 * nginx (proxy_next_upstream) a GET whose upstream connection fails before any answer is tried once more on the next
 * upstream: a kept-alive socket the app closed as idle at the moment it was reused is the balancer's race, not a 502.
 */
function balancer(ports) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const srv = http.createServer((req, res) => {
    const send = (retry) => {
      const port = ports[next++ % ports.length];
      const up = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers, agent }, (r) => {
        res.writeHead(r.statusCode, r.headers);
        r.pipe(res);
      });
      up.on('error', () => {
        if (res.headersSent) res.destroy();
        else if (retry) send(false);
        else res.writeHead(502).end();
      });
      if (req.method === 'GET') up.end();
      else req.pipe(up);
    };
    send(req.method === 'GET');
  });
  return new Promise((ok) => srv.listen(0, '127.0.0.1', () => ok(srv)));
}

if (!process.argv.includes('--balance')) await bench();

async function bench() {
  const COUNT = Number(arg('count', 20_000));
  const DURATION = Number(arg('duration', 20));
  const CONNECTIONS = Number(arg('connections', 32));
  const DB = arg('db', 'kasuwa_load_bench');

  const { dbUrl, stop: stopDatabase } = await openBenchDatabase(DB);

  // The catalogue: seed:bulk's loader (one big seller), stock kept high so checkouts never run out.
  await fillBenchDatabase(dbUrl, COUNT, {
    counted: `SELECT count(*)::int AS n FROM product WHERE status IN ('active', 'sold_out')`,
    tag: 'load',
    log: () => {},
  });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  await db.query(`UPDATE product SET quantity = 1000000, status = 'active' WHERE status IN ('active', 'sold_out') AND quantity < 1000`);
  await db.query('VACUUM (ANALYZE) product');
  const productIds = (await db.query(`SELECT id FROM product WHERE status = 'active' ORDER BY random() LIMIT 5000`)).rows.map((r) => r.id);
  const categoryIds = (await db.query(`SELECT id FROM category ORDER BY id`)).rows.map((r) => r.id);

  const env = {
    NODE_ENV: 'production',
    ALLOW_TEST_CHECKOUT: 'true',
    ALLOW_SMS_OUTBOX: 'true',
    JWT_USER_SECRET: 'load-bench-user-secret-0123456789abcdef',
    JWT_ADMIN_SECRET: 'load-bench-admin-secret-0123456789abcdef',
    ADMIN_PASSWORD: 'Load-bench-admin-pass-77',
    DATABASE_URL: dbUrl.toString(),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT: '100000',
    PAGE_CACHE_TTL: '0s',
  };

  function start(extra) {
    return new Promise(async (ok, fail) => {
      const port = await freePort();
      const child = fork(`${dist}/main.js`, [], {
        env: { ...process.env, ...env, ...extra, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      child.once('exit', (code) => fail(new Error(`the app exited (${code})`)));
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600; i++) {
        if (
          await fetch(`${base}/api/health/ready`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return ok({ child, base, port });
        await new Promise((r) => setTimeout(r, 100));
      }
      fail(new Error('the app did not start'));
    });
  }
  const stop = (child) => new Promise((ok) => (child.exitCode !== null ? ok() : (child.once('exit', ok), child.kill('SIGTERM'))));

  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  /** Buyers with tokens, signed up through the app once per run. */
  async function buyers(base, n) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const email = `load.${Date.now().toString(36)}.${i}@kasuwa.test`;
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, firstName: 'Load', lastName: `Buyer ${i}`, password: 'Correct-Horse-9!' }),
      });
      if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
      out.push((await res.json()).accessToken);
    }
    // Checkout needs a verified e-mail (production refuses ACCOUNT_VERIFICATION=off): the bench's buyers are verified.
    await db.query(`UPDATE app_user SET email_verified_at = now() WHERE email LIKE 'load.%@kasuwa.test' AND email_verified_at IS NULL`);
    return out;
  }
  const SHIPPING = JSON.stringify({
    shippingAddress: '12 Admiralty Way, Lekki Phase 1',
    receiverPhoneNumber: '0803 123 4567',
    deliveryRegion: 'Lagos, Lekki',
  });

  /**
   * The mix, one request at a time: 70% browse/search, 20% product page, 10% cart + checkout. A checkout is what the
   * storefront does, "add to cart, then order", by one buyer at a time: a buyer is taken from the idle ones for its cart
   * and put back when its order is answered, so two connections never race on one cart (an order of an empty cart, or
   * of a cart another connection just emptied, is the bench's mistake, not the app's). Every request is labelled with
   * its route, so the answers that are not 2xx can be told apart (autocannon hands each answer the request's context).
   */
  function mixRequest(tokens) {
    const idle = [...tokens];
    const carted = [];
    const mix = (req, context) => {
      const r = Math.random();
      const as = (route, more) => ((context.route = route), { ...req, method: 'GET', ...more });
      if (r < 0.35) return as('GET /api/products?search', { path: `/api/products?search=${encodeURIComponent(pick(POPULAR))}` });
      if (r < 0.55)
        return as('GET /api/products?category', {
          path: `/api/products?category=${pick(categoryIds)}&sort=${pick(['newest', 'price_asc', 'price_desc'])}`,
        });
      if (r < 0.7) return as('GET /api/products', { path: '/api/products' });
      if (r < 0.9 || (!carted.length && !idle.length)) return as('GET /api/products/:id', { path: `/api/products/${pick(productIds)}` });
      context.token = carted.length ? carted.shift() : idle.shift();
      const headers = { ...req.headers, authorization: `Bearer ${context.token}`, 'content-type': 'application/json' };
      if (tokensWithCart.has(context.token))
        return as('POST /api/orders', { method: 'POST', path: '/api/orders', headers, body: SHIPPING });
      return as('POST /api/products/cart', {
        method: 'POST',
        path: '/api/products/cart',
        headers,
        body: JSON.stringify({ products: [{ productID: pick(productIds), quantity: 1 }] }),
      });
    };
    const tokensWithCart = new Set();
    /** Puts the buyer back: with a cart to order from, or idle. */
    const answered = (status, context) => {
      if (!context.token) return;
      if (context.route === 'POST /api/products/cart' && status === 200) {
        tokensWithCart.add(context.token);
        carted.push(context.token);
      } else {
        tokensWithCart.delete(context.token);
        idle.push(context.token);
      }
    };
    return { mix, answered };
  }

  async function run(label, base, pids) {
    const buyerPool = mixRequest(await buyers(base, CONNECTIONS * 2)); // twice the connections: a buyer is always free
    const cpu0 = pids.map(cpuSeconds);
    const db0 = await dbCpuSnapshot(db, DB);
    const times = [];
    /** `route status` → { n, sample answer }, for every answer that is not 2xx. */
    const failures = new Map();
    const onResponse = (status, body, context) => {
      buyerPool.answered(status, context);
      if (status >= 200 && status < 300) return;
      const key = `${context.route} → ${status}`;
      const f = failures.get(key) ?? { n: 0, sample: String(body ?? '').slice(0, 140) };
      f.n += 1;
      failures.set(key, f);
    };
    const res = await new Promise((ok, fail) => {
      const inst = autocannon(
        { url: base, connections: CONNECTIONS, duration: DURATION, requests: [{ setupRequest: buyerPool.mix, onResponse }] },
        (err, r) => (err ? fail(err) : ok(r)),
      );
      inst.on('response', (_c, _s, _b, ms) => times.push(ms));
    });
    if (failures.size || res.errors || res.timeouts) {
      console.log(
        `\n[load] ${label}: answers other than 2xx by route and status${res.errors ? ` (and ${res.errors} requests without an answer, ${res.timeouts} of them timed out after 10 s)` : ''}:`,
      );
      if (failures.size)
        console.table([...failures].sort((x, y) => y[1].n - x[1].n).map(([k, f]) => ({ 'route → status': k, n: f.n, answer: f.sample })));
    }
    const cpu = pids.map((p, i) => cpuSeconds(p) - cpu0[i]);
    const dbCpu = dbCpuBetween(db0, await dbCpuSnapshot(db, DB));
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
    const done = res.requests.total;
    return {
      setup: label,
      'req/s': Math.round(done / DURATION),
      p50: Math.round(pct(50)),
      p95: Math.round(pct(95)),
      p99: Math.round(pct(99)),
      'non-2xx': res.non2xx,
      // autocannon's `errors` already include its `timeouts` (no answer within 10 s); the old sum counted those twice.
      'no answer': res.errors,
      'node CPU ms/req': ((1000 * cpu.reduce((a, b) => a + b, 0)) / Math.max(done, 1)).toFixed(2),
      'pg CPU ms/req': ((1000 * dbCpu) / Math.max(done, 1)).toFixed(2),
      'CPU busy %': Math.round((100 * (cpu.reduce((a, b) => a + b, 0) + dbCpu)) / DURATION),
    };
  }

  const rows = [];
  try {
    const one = await start({ KASUWA_ROLE: 'all' });
    try {
      rows.push(await run('1 process', one.base, [one.child.pid]));
    } finally {
      await stop(one.child);
    }
    const a = await start({ KASUWA_ROLE: 'all' });
    const b = await start({ KASUWA_ROLE: 'web' });
    const lb = fork(import.meta.filename, ['--balance', `${a.port},${b.port}`], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const { port } = await new Promise((ok) => lb.once('message', ok));
    try {
      rows.push(await run('2 processes + balancer', `http://127.0.0.1:${port}`, [a.child.pid, b.child.pid, lb.pid]));
    } finally {
      await Promise.all([stop(a.child), stop(b.child), stop(lb)]);
    }
  } finally {
    await db.end();
    await stopDatabase();
  }
  console.log(
    `\nLoad mix on ${COUNT} listings, ${CONNECTIONS} connections, ${DURATION} s each (latencies in ms; CPU busy % of one core, ${(await import('node:os')).cpus().length} cores):`,
  );
  console.table(rows);
}
