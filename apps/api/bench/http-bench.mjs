// HTTP bench: Kasuwa beside a bare node:http + pg server (bare-server.mjs) over the same rows, autocannon at 64 connections.
// Prints req/s, p50/p95/p99, Kasuwa ÷ bare, SQL statements and CPU ms per request (of the server process) and the app's RSS.
// Usage: npm run bench:http -- [--count 100000] [--duration 20] [--connections 64] [--only product]
// BENCH_DATABASE_URL=postgres://… uses that server (database kasuwa_http_bench); default: the embedded Postgres.
// KASUWA_DIST=<dir> runs a private copy of dist/apps/api/apps/api/src; BENCH_CPU_PROF=<dir> writes the app's --cpu-prof there.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '../../..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const COUNT = Number(arg('count', 100_000));
const DURATION = Number(arg('duration', 20));
const CONNECTIONS = Number(arg('connections', 64));
const ONLY = arg('only', '');
const dist = process.env.KASUWA_DIST ? resolve(process.env.KASUWA_DIST) : resolve(root, 'dist/apps/api/apps/api/src');

let embedded = null;
let server = process.env.BENCH_DATABASE_URL;
if (!server) {
  embedded = await startEmbeddedPostgres({ dir: resolve(root, '.data/pg-bench'), database: 'postgres', log: () => {} });
  server = embedded.url;
}
const dbUrl = new URL(server);
dbUrl.pathname = '/kasuwa_http_bench';
{
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'kasuwa_http_bench'`);
  if (!exists.rowCount) await admin.query('CREATE DATABASE kasuwa_http_bench');
  await admin.end();
}

// The rows: N listings of one big seller (seed:bulk's loader), plus 50 small sellers of 20 listings each.
const { bulkLoad } = require(`${dist}/database/seeds/bulk.js`);
const { createDataSource } = require(`${dist}/database/data-source.js`);
const ds = createDataSource(dbUrl.toString());
await ds.initialize();
await ds.runMigrations();
const [{ n: have }] = await ds.query(`SELECT count(*)::int AS n FROM product p JOIN app_user u ON u.id = p.user_id WHERE u.email = 'bulk.seller@kasuwa.test'`);
await ds.destroy();
if (have < COUNT) {
  console.log(`[bench] loading ${COUNT - have} listings (have ${have})…`);
  await bulkLoad(dbUrl.toString(), COUNT - have, () => {});
}
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
const ids = async (where) => (await db.query(`SELECT p.id FROM product p JOIN app_user u ON u.id = p.user_id WHERE p.status = 'active' AND ${where} ORDER BY random() LIMIT 5000`)).rows.map((r) => r.id);
const bigIds = await ids(`u.email = 'bulk.seller@kasuwa.test'`);
const smallIds = await ids(`u.email LIKE 'small.seller.%'`);
const [{ id: categoryId }] = (await db.query(`SELECT id FROM category ORDER BY id LIMIT 1`)).rows;
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
  const child = fork(file, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], execArgv: ['--require', resolve(import.meta.dirname, 'count-queries.cjs'), ...execArgv] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}${env.READY_PATH}`).then((r) => r.ok, () => false);
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${file} did not start`);
}
const stopChild = (child) => new Promise((ok) => (child.exitCode !== null ? ok() : (child.once('exit', ok), child.kill('SIGTERM'))));
const rssMb = (pid) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(s)[1]) / 1024, hwm: Number(/VmHWM:\s+(\d+)/.exec(s)[1]) / 1024 };
};

/** CPU seconds (user + system) the process has used: per request, a figure the other load on a shared machine does not skew. */
const cpuSeconds = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (100 per second)
};
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
async function load(base, pathFn, child) {
  const before = await statements(child);
  const cpu0 = cpuSeconds(child.pid);
  const times = [];
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid).rss)), 500);
  const result = await new Promise((ok, fail) => {
    const inst = autocannon(
      { url: base, connections: CONNECTIONS, duration: DURATION, requests: [{ setupRequest: (req) => ({ ...req, path: pathFn() }) }] },
      (err, res) => (err ? fail(err) : ok(res)),
    );
    inst.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  clearInterval(sampler);
  const cpu = cpuSeconds(child.pid) - cpu0;
  const sql = (await statements(child)) - before;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  const done = result.requests.total;
  return { rps: done / DURATION, p50: pct(50), p95: pct(95), p99: pct(99), errors: result.non2xx + result.errors + result.timeouts, sqlPerReq: sql / Math.max(done, 1), cpuMs: (1000 * cpu) / Math.max(done, 1), peak };
}

const env = {
  NODE_ENV: 'production', DATABASE_URL: dbUrl.toString(), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', SEED_DEMO: 'false', WEB_DIR: '/nonexistent',
  JWT_USER_SECRET: 'bench-user-secret-0123456789abcdef', JWT_ADMIN_SECRET: 'bench-admin-secret-0123456789abcdef', ADMIN_PASSWORD: 'bench-admin-Pass-1',
  ALLOW_TEST_CHECKOUT: 'true', PUBLIC_URL: 'http://127.0.0.1', HOST: '127.0.0.1',
};
const profDir = process.env.BENCH_CPU_PROF;
const app = await start(`${dist}/main.js`, [], { ...env, READY_PATH: '/api/auth/providers' }, profDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profDir)}`] : []);
const bare = await start(resolve(import.meta.dirname, 'bare-server.mjs'), [], { DATABASE_URL: dbUrl.toString(), READY_PATH: '/hello' });
const idle = rssMb(app.child.pid);

const q = (o) => `/api/products?${new URLSearchParams(o)}`;
const cases = [
  ['no SQL (providers / hello)', () => '/api/auth/providers', () => '/hello'],
  [`product by id, big seller (${COUNT.toLocaleString()})`, () => `/api/products/${pick(bigIds)}`, () => `/product/${pick(bigIds)}`],
  ['product by id, small sellers (20)', () => `/api/products/${pick(smallIds)}`, () => `/product/${pick(smallIds)}`],
  ['search "tecno phone"', () => q({ search: 'tecno phone' }), () => '/search?q=tecno%20phone'],
  ['search "generator"', () => q({ search: 'generator' }), () => '/search?q=generator'],
  ['category + price sort', () => q({ category: String(categoryId), sort: 'price_asc' }), null],
].filter(([name]) => !ONLY || name.includes(ONLY));

console.log(`\nKasuwa vs bare node:http + pg — ${COUNT.toLocaleString()} listings, ${CONNECTIONS} connections, ${DURATION} s each; statements counted by ${counter}\n`);
const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');
const head = ['request', 'server', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'SQL/req', 'CPU ms/req', 'errors', 'ratio'];
console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`);
let peak = idle.rss;
for (const [name, kasuwaPath, barePath] of cases) {
  const b = barePath ? await load(bare.base, barePath, bare.child) : null;
  const k = await load(app.base, kasuwaPath, app.child);
  peak = Math.max(peak, k.peak);
  for (const [who, r] of [['bare', b], ['Kasuwa', k]]) {
    if (!r) continue;
    const ratio = who === 'Kasuwa' && b ? `**${(k.rps / b.rps).toFixed(2)}×**` : '';
    console.log(`| ${name} | ${who} | ${f(r.rps)} | ${f(r.p50, 1)} | ${f(r.p95, 1)} | ${f(r.p99, 1)} | ${f(r.sqlPerReq, 2)} | ${f(r.cpuMs, 3)} | ${r.errors} | ${ratio} |`);
  }
}
const end = rssMb(app.child.pid);
console.log(`\nKasuwa RSS: idle ${f(idle.rss)} MB, peak sampled ${f(peak)} MB, high-water ${f(end.hwm)} MB`);
await Promise.all([stopChild(app.child), stopChild(bare.child)]);
await db.end();
if (embedded) await embedded.stop();
process.exit(0);
