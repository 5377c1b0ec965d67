// HTTP bench: Kasuwa beside a bare node:http + pg server (bare-server.mjs, statements prepared like Kasuwa's) and beside its
// own compiled services behind bare node:http (services-server.mjs: same SQL, caches and JSON, no framework), over the same
// rows, autocannon at 64 connections: framework vs SQL vs Postgres, row by row.
// Prints req/s, p50/p95/p99, Kasuwa ÷ bare, SQL statements and CPU ms per request (of the server process, and of the
// Postgres backends serving it: figures the other load on a shared machine skews far less than req/s) and the app's RSS.
// Then server-rendered pages (when a storefront build is there) and a search mix: popular terms and a long tail at once.
// Usage: npm run bench:http -- [--count 100000] [--duration 20] [--connections 64] [--only product,page,mix] [--db kasuwa_http_bench]
//   --db kasuwa_bench --count 1000000 (the 1M catalogue of `npm run bench`), --db kasuwa_bench_10k --count 10000 (a small one).
// BENCH_DATABASE_URL=postgres://… uses that server; default: the embedded Postgres.
// KASUWA_DIST=<dir> runs a private copy of dist/apps/api/apps/api/src; BENCH_CPU_PROF=<dir> writes the app's --cpu-prof there;
// BENCH_WEB_DIR=<dir> a private copy of dist/apps (storefront + storefront-ssr) for the page rows. Other settings
// (PAGE_CACHE_TTL=0s, REDIS_URL, …) pass through to the app.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { freePort } from '../scripts/embedded-postgres.mjs';
import {
  arg,
  cpuSeconds,
  dbCpuBetween,
  dbCpuSnapshot,
  dist,
  fillBenchDatabase,
  openBenchDatabase,
  PRODUCTION_BENCH_ENV,
  root,
} from './bench-db.mjs';
import { deepPages, longTail, POPULAR } from './search-mix.mjs';

const COUNT = Number(arg('count', 100_000));
const DURATION = Number(arg('duration', 20));
const CONNECTIONS = Number(arg('connections', 64));
const ONLY = arg('only', '').split(',').filter(Boolean);
const DB = arg('db', 'kasuwa_http_bench');
const web = resolve(process.env.BENCH_WEB_DIR ?? resolve(root, 'dist/apps'));
const hasWeb = existsSync(resolve(web, 'storefront-ssr/entry-server.js')) && existsSync(resolve(web, 'storefront/index.html'));

const { dbUrl, stop: stopDatabase } = await openBenchDatabase(DB);

// The rows: N listings of one big seller (seed:bulk's loader), plus 50 small sellers of 20 listings each.
await fillBenchDatabase(dbUrl, COUNT, {
  counted: `SELECT count(*)::int AS n FROM product p JOIN app_user u ON u.id = p.user_id WHERE u.email = 'bulk.seller@kasuwa.test'`,
  log: () => {},
});
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
await db.query(`
  INSERT INTO app_user (email, first_name, last_name)
  SELECT 'small.seller.' || i || '@kasuwa.test', 'Small', 'Seller ' || i FROM generate_series(1, 50) AS i
  ON CONFLICT (email) DO NOTHING`);
await db.query(`
  INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, condition)
  SELECT u.id, 'Tecno phone ' || k, 'neat phone, call for details', 5000000 + k * 100, 'Ikeja, Lagos', 1, 'brand_new'
  FROM app_user u CROSS JOIN generate_series(1, 20) AS k
  WHERE u.email LIKE 'small.seller.%@kasuwa.test' AND NOT EXISTS (SELECT 1 FROM product p WHERE p.user_id = u.id)`);
const ids = async (where) =>
  (
    await db.query(
      `SELECT p.id FROM product p JOIN app_user u ON u.id = p.user_id WHERE p.status = 'active' AND ${where} ORDER BY random() LIMIT 5000`,
    )
  ).rows.map((r) => r.id);
const bigIds = await ids(`u.email = 'bulk.seller@kasuwa.test'`);
const smallIds = await ids(`u.email LIKE 'small.seller.%'`);
const categoryIds = (await db.query(`SELECT id FROM category ORDER BY id`)).rows.map((r) => r.id);
const categoryId = categoryIds[0];
// VACUUM too: a migration that rewrote every listing (a backfill) leaves a million dead rows and a long GIN pending
// list on a server without autovacuum, and every search then reads them.
await db.query('VACUUM (ANALYZE) product');
await db.query('ANALYZE');

/** Statements a server sent so far, counted in its process by count-queries.cjs (preloaded). */
const counter = 'a pg client hook in each server (count-queries.cjs)';
function statements(child) {
  return new Promise((ok) => {
    child.once('message', (m) => ok(m.statements));
    child.send({ count: true });
  });
}

async function start(file, args, env, execArgv = []) {
  const port = await freePort();
  const child = fork(file, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: ['--require', resolve(import.meta.dirname, 'count-queries.cjs'), ...execArgv],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}${env.READY_PATH}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${file} did not start`);
}
/** The app's memory by kind (BENCH_MEMORY=1): V8 heap used/total, buffers outside it, and the rest of the RSS. */
function memory(child) {
  return new Promise((ok) => {
    child.once('message', (m) => ok(m.memory));
    child.send({ memory: true });
  });
}
const mb = (n) => (n / 1048576).toFixed(0);
async function printMemory(label) {
  if (!process.env.BENCH_MEMORY) return;
  const m = await memory(app.child);
  console.log(
    `  memory after ${label}: rss ${mb(m.rss)} MB, heap used ${mb(m.heapUsed)} / total ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)} MB)`,
  );
}
const stopChild = (child) => new Promise((ok) => (child.exitCode !== null ? ok() : (child.once('exit', ok), child.kill('SIGTERM'))));
const rssMb = (pid) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024, hwm: Number(/VmHWM:\s+(\d+)/.exec(s)[1]) / 1024 };
};

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

/** One autocannon run: its latencies (ms) and result. */
function cannon(base, pathFn, connections, headers) {
  const times = [];
  // A page not rendered (too many renders at once: the plain shell, `X-Page-Cache: shed`) is counted apart: it costs
  // the server almost nothing, so counting it as a page would flatter a row that the server cannot keep up with.
  const seen = { shells: 0 };
  const onResponse = (_status, _body, _context, h) => {
    if (h['x-page-cache'] === 'shed') seen.shells += 1;
  };
  return new Promise((ok, fail) => {
    const inst = autocannon(
      {
        url: base,
        connections,
        duration: DURATION,
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: pathFn() }), onResponse }],
      },
      (err, res) => (err ? fail(err) : ok({ res, times, shells: seen.shells })),
    );
    inst.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
}
const stats = ({ res, times, shells }) => {
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  return {
    done: res.requests.total,
    rps: res.requests.total / DURATION,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: res.non2xx + res.errors + res.timeouts,
    shells,
  };
};
/** Loads, side by side: [pathFn, connections] pairs run at once; one stats row each, with the server's SQL and CPU per request overall. */
async function loadMix(base, child, parts, headers = {}) {
  const before = await statements(child);
  const cpu0 = cpuSeconds(child.pid);
  const dbCpu0 = await dbCpuSnapshot(db, DB);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid).rss)), 500);
  const runs = (await Promise.all(parts.map(([fn, n]) => cannon(base, fn, n, headers)))).map(stats);
  clearInterval(sampler);
  const cpu = cpuSeconds(child.pid) - cpu0;
  const dbCpu = dbCpuBetween(dbCpu0, await dbCpuSnapshot(db, DB));
  const sql = (await statements(child)) - before;
  const done = runs.reduce((n, r) => n + r.done, 0);
  return runs.map((r) => ({
    ...r,
    sqlPerReq: sql / Math.max(done, 1),
    cpuMs: (1000 * cpu) / Math.max(done, 1),
    dbCpuMs: (1000 * dbCpu) / Math.max(done, 1),
    peak,
  }));
}
const load = async (base, pathFn, child, headers, connections = CONNECTIONS) =>
  (await loadMix(base, child, [[pathFn, connections]], headers))[0];

const env = {
  NODE_ENV: 'production',
  DATABASE_URL: dbUrl.toString(),
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  SEED_DEMO: 'false',
  WEB_DIR: hasWeb ? web : '/nonexistent',
  ...PRODUCTION_BENCH_ENV,
  HOST: '127.0.0.1',
};
const profDir = process.env.BENCH_CPU_PROF;
// The heap cap `npm start` and the Docker image give the app (KASUWA_HEAP_MB; 0 = V8's own limit).
const heapMb = Number(process.env.KASUWA_HEAP_MB ?? 192);
const appArgs = [
  ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []),
  ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profDir)}`] : []),
];
// glibc's malloc arenas as `npm start` and the Docker image set them (MALLOC_ARENA_MAX, default 2).
const app = await start(
  `${dist}/main.js`,
  [],
  { ...env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', READY_PATH: '/api/auth/providers' },
  appArgs,
);
const bare = await start(resolve(import.meta.dirname, 'bare-server.mjs'), [], { DATABASE_URL: dbUrl.toString(), READY_PATH: '/hello' });
// Kasuwa's compiled services behind bare node:http (services-server.mjs): the same work with no framework.
const services = await start(
  resolve(import.meta.dirname, 'services-server.mjs'),
  [],
  { ...env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2', READY_PATH: '/hello' },
  heapMb ? [`--max-old-space-size=${heapMb}`] : [],
);
const idle = rssMb(app.child.pid);

const q = (o) => `/api/products?${new URLSearchParams(o)}`;
// Rows are picked by a part of their name (`--only page` is the page rows: no other row name says "page").
const only = (name) => !ONLY.length || ONLY.some((o) => name.includes(o));
// A signed-in visitor (for the token check's cost).
const email = `bench.${Date.now()}@kasuwa.test`;
const { accessToken } = await fetch(`${app.base}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, firstName: 'Bench', lastName: 'User', password: 'Bench-Pass-2026!' }),
}).then((r) => r.json());
const browser = { 'accept-encoding': 'br, gzip' };
const hot = bigIds.slice(0, 100);
const needTail = !ONLY.length || ONLY.some((o) => /mix|browse/.test(o));
const tail = needTail ? longTail(categoryIds) : [];
const deep = needTail ? await deepPages(app.base, categoryIds) : [];
const browse = tail.filter((u) => u.includes('category='));
// Landing pages as a search engine finds them: every address the sitemap lists (state × category and LGA × category
// pages with listings); one popular page, and a long tail of 1,000 distinct ones (mostly page-cache misses).
const landing = hasWeb && only('page: landing') ? await landingPages(app.base) : [];
const popularLanding = landing.find((u) => u.split('/').length === 3) ?? landing[0];
const shuffled = landing.slice().sort(() => Math.random() - 0.5);
const landingTail = shuffled.slice(0, 1000);
// The crawler's row walks the other pages in order, each asked once (a miss), so none is one the row before left in
// the page cache; the bulk seed spreads 1M listings over every state and LGA (~8,000 landing pages).
const crawlTail = shuffled.length > 1000 ? shuffled.slice(1000) : landingTail;
let crawled = 0;
const popular = () => q({ search: pick(POPULAR) });
// The long tail: generated searches, and deep pages for one ask in six.
const longTailPath = () => (Math.random() < 1 / 6 && deep.length ? pick(deep) : pick(tail));

/** The landing pages' paths, read from the sitemap index's landing-pages children. */
async function landingPages(base) {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const children = [...index.matchAll(/<loc>([^<]*\/sitemaps\/landing-pages-\d+\.xml\.gz)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const paths = [];
  for (const child of children) {
    const xml = gunzipSync(Buffer.from(await (await fetch(`${base}${child}`)).arrayBuffer())).toString();
    for (const m of xml.matchAll(/<loc>([^<]*)<\/loc>/g)) paths.push(new URL(m[1]).pathname);
  }
  return paths;
}

const cases = [
  { name: 'no SQL (providers / hello)', kasuwa: () => '/api/auth/providers', bare: () => '/hello', services: () => '/hello' },
  {
    name: `product by id, big seller (${COUNT.toLocaleString()})`,
    kasuwa: () => `/api/products/${pick(bigIds)}`,
    bare: () => `/product/${pick(bigIds)}`,
    services: () => `/api/products/${pick(bigIds)}`,
  },
  {
    name: 'product by id, small sellers (20)',
    kasuwa: () => `/api/products/${pick(smallIds)}`,
    bare: () => `/product/${pick(smallIds)}`,
    services: () => `/api/products/${pick(smallIds)}`,
  },
  { name: 'signed in: /api/profile/me', kasuwa: () => '/api/profile/me', headers: { authorization: `Bearer ${accessToken}` } },
  {
    name: 'search "tecno phone"',
    kasuwa: () => q({ search: 'tecno phone' }),
    bare: () => '/search?q=tecno%20phone',
    ranked: () => '/search-ranked?q=tecno%20phone',
    services: () => q({ search: 'tecno phone' }),
  },
  {
    name: 'search "generator"',
    kasuwa: () => q({ search: 'generator' }),
    bare: () => '/search?q=generator',
    ranked: () => '/search-ranked?q=generator',
    services: () => q({ search: 'generator' }),
  },
  { name: 'search, 8 popular terms (cached)', kasuwa: popular, services: popular },
  { name: 'category + price sort', kasuwa: () => q({ category: String(categoryId), sort: 'price_asc' }) },
  { name: 'location = Lagos', kasuwa: () => q({ location: 'Lagos' }) },
  {
    name: `browse: every sort, price ranges, places, deep cursors (${browse.length} + ${deep.length} URLs)`,
    kasuwa: () => (Math.random() < 0.25 && deep.length ? pick(deep) : pick(browse)),
  },
  ...(hasWeb
    ? [
        { name: 'page: home (HTML, br)', kasuwa: () => '/', headers: browser },
        {
          name: 'page: search, 8 everyday terms (HTML, br)',
          kasuwa: () => `/?${new URLSearchParams({ search: pick(POPULAR) })}`,
          headers: browser,
        },
        { name: 'page: product, 100 hot listings (HTML, br)', kasuwa: () => `/product/${pick(hot)}`, headers: browser },
        { name: 'page: product, 5,000 listings (HTML, br)', kasuwa: () => `/product/${pick(bigIds)}`, headers: browser },
        ...(landing.length
          ? [
              { name: `page: landing, one popular ${popularLanding} (HTML, br)`, kasuwa: () => popularLanding, headers: browser },
              {
                name: `page: landing, long tail of ${landingTail.length} distinct pages (HTML, br)`,
                kasuwa: () => pick(landingTail),
                headers: browser,
              },
              // A search engine's crawler reads a site a few pages at a time, each page once: pages not yet cached.
              {
                name: `page: landing, crawler's pace: ${crawlTail.length} other distinct pages, each once (misses), 8 conn. (HTML, br)`,
                kasuwa: () => crawlTail[crawled++ % crawlTail.length],
                headers: browser,
                connections: 8,
              },
            ]
          : []),
      ]
    : []),
  {
    name: `search mix: 8 popular terms (40 conn.) + long tail of ${tail.length} searches and ${deep.length} deep cursors (24 conn.)`,
    mix: [
      [popular, 40],
      [longTailPath, 24],
    ],
  },
].filter((c) => only(c.name));

console.log(
  `\nKasuwa vs bare node:http + pg — ${COUNT.toLocaleString()} listings (${DB}), ${CONNECTIONS} connections, ${DURATION} s each; statements counted by ${counter}; app heap cap ${heapMb ? `${heapMb} MB (KASUWA_HEAP_MB)` : 'V8 default'}`,
);
if (!hasWeb) console.log(`(no storefront server build in ${web}: no page rows)`);
console.log('');
const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const head = [
  'request',
  'server',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'SQL/req',
  'CPU ms/req',
  'DB CPU ms/req',
  'errors',
  'shells (not rendered)',
  'RSS peak MB',
  'ratio',
];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
const row = (name, who, r, ratio = '') =>
  console.log(
    `| ${name} | ${who} | ${f(r.rps)} | ${f(r.p50, 1)} | ${f(r.p95, 1)} | ${f(r.p99, 1)} | ${f(r.sqlPerReq, 2)} | ${f(r.cpuMs, 3)} | ${f(r.dbCpuMs, 3)} | ${r.errors} | ${r.shells ?? ''} | ${r.peak ? f(r.peak) : ''} | ${ratio} |`,
  );
let peak = idle.rss;
for (const c of cases) {
  if (c.mix) {
    const [pop, long] = await loadMix(app.base, app.child, c.mix);
    peak = Math.max(peak, pop.peak);
    row(c.name, 'Kasuwa, popular', pop);
    row(c.name, 'Kasuwa, long tail', long);
    row(c.name, 'Kasuwa, all', { ...pop, rps: pop.rps + long.rps, p50: NaN, p95: NaN, p99: NaN, errors: pop.errors + long.errors });
    await printMemory(c.name);
    continue;
  }
  const b = c.bare ? await load(bare.base, c.bare, bare.child) : null;
  // Relevance ranks every hit up to 1,000 (a small catalogue's searches): the plainest ranked search is its yardstick.
  const r = c.ranked ? await load(bare.base, c.ranked, bare.child) : null;
  const s = c.services ? await load(services.base, c.services, services.child) : null;
  const k = await load(app.base, c.kasuwa, app.child, c.headers, c.connections);
  peak = Math.max(peak, k.peak);
  if (b) row(c.name, 'bare', b);
  if (r) row(c.name, 'bare, ranked', r);
  if (s) row(c.name, "Kasuwa's services on bare node:http", s, b ? `${(s.rps / b.rps).toFixed(2)}× bare` : '');
  const ratios = [
    b && `**${(k.rps / b.rps).toFixed(2)}×** bare`,
    r && `**${(k.rps / r.rps).toFixed(2)}×** bare ranked`,
    s && `**${(k.rps / s.rps).toFixed(2)}×** services (CPU ${(k.cpuMs / s.cpuMs).toFixed(2)}×)`,
  ].filter(Boolean);
  row(c.name, 'Kasuwa', k, ratios.join(', '));
  await printMemory(c.name);
}
const end = rssMb(app.child.pid);
console.log(`\nKasuwa RSS: idle ${f(idle.rss)} MB, peak sampled ${f(peak)} MB, high-water ${f(end.hwm)} MB`);
await Promise.all([stopChild(app.child), stopChild(bare.child), stopChild(services.child)]);
await db.end();
await stopDatabase();
process.exit(0);
