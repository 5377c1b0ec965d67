// A/B of the HTTP pipeline: two or more compiled API builds (KASUWA_DIST-style dirs) and Kasuwa's services on bare
// node:http, run side by side over the same rows, in alternating rounds, so the shared machine's load skews them alike.
// Prints req/s and the process's CPU per request split into user and system time (µs), per build and route.
// Usage: node apps/api/bench/ab-bench.mjs --db kasuwa_bench_10k --dists a=dir1,b=dir2 [--rounds 3] [--duration 8]
//   (fill the database first with `npm run bench:http -- --db … --count …`; BENCH_DATABASE_URL as there)
// --web: each dir is a copy of dist/apps (api, storefront, storefront-ssr), and the server-rendered product page is a
//   row too (at --page-connections, 16 by default: the renders the page cache runs at once; past them a page is shed
//   to the plain shell, counted apart as `shells`).
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/embedded-postgres.mjs';
import { arg, openBenchDatabase, PRODUCTION_BENCH_ENV } from './bench-db.mjs';
import { POPULAR } from './search-mix.mjs';

const DB = arg('db', 'kasuwa_http_bench');
const ROUNDS = Number(arg('rounds', 3));
const DURATION = Number(arg('duration', 8));
const CONNECTIONS = Number(arg('connections', 64));
/** --accept-encoding 'br, gzip': ask as a browser does (answers over 1 kB are compressed). */
const ACCEPT = arg('accept-encoding', '');
const WEB = process.argv.includes('--web');
const PAGE_CONNECTIONS = Number(arg('page-connections', 16));
// name=dir, or name=dir@--flag@NAME=value: node flags (e.g. GC settings) and settings for that server (e.g. SSR_WORKERS=0)
const dists = arg('dists', '')
  .split(',')
  .filter(Boolean)
  .map((s) => {
    const name = s.slice(0, s.indexOf('='));
    const rest = s.slice(s.indexOf('=') + 1);
    const [dir, ...more] = rest.split('@');
    const settings = Object.fromEntries(more.filter((f) => !f.startsWith('--')).map((f) => f.split(/=(.*)/s).slice(0, 2)));
    return [name, dir, more.filter((f) => f.startsWith('--')), settings];
  });
const { dbUrl, stop: stopDatabase } = await openBenchDatabase(DB);
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
const bigIds = (
  await db.query(
    `SELECT p.id FROM product p JOIN app_user u ON u.id = p.user_id WHERE p.status = 'active' AND u.email = 'bulk.seller@kasuwa.test' ORDER BY random() LIMIT 5000`,
  )
).rows.map((r) => r.id);
await db.end();

const ticks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(f[11]) / 100, sys: Number(f[12]) / 100 };
};
const env = {
  NODE_ENV: 'production',
  DATABASE_URL: dbUrl.toString(),
  LOG_LEVEL: 'info',
  SEED_DEMO: 'false',
  WEB_DIR: '/nonexistent',
  ...PRODUCTION_BENCH_ENV,
  HOST: '127.0.0.1',
  MALLOC_ARENA_MAX: '2',
};
async function start(file, extra, ready, nodeArgs = []) {
  const port = await freePort();
  const child = fork(file, [], {
    env: { ...process.env, ...env, ...extra, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: [
      '--max-old-space-size=192',
      ...nodeArgs,
      ...(process.env.AB_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.AB_CPU_PROF)}`] : []),
    ],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}${ready}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${file} did not start`);
}
const servers = [];
/** A build's compiled API (what KASUWA_DIST names) and, with --web, the storefront beside it. */
const apiDir = (dir) => (WEB ? resolve(dir, 'api/apps/api/src') : resolve(dir));
for (const [name, dir, flags, settings] of dists)
  servers.push({
    name,
    ...(await start(
      resolve(apiDir(dir), 'main.js'),
      { KASUWA_DIST: apiDir(dir), ...(WEB ? { WEB_DIR: resolve(dir) } : {}), ...settings },
      '/api/auth/providers',
      flags,
    )),
  });
console.error(
  'pids',
  servers.map((s) => s.child.pid),
);
servers.push({
  name: 'services',
  services: true,
  ...(await start(resolve(import.meta.dirname, 'services-server.mjs'), { KASUWA_DIST: apiDir(dists[0][1]) }, '/hello')),
});

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const routes = [
  { name: 'no SQL', kasuwa: () => '/api/auth/providers', services: () => '/hello' },
  { name: 'product by id', kasuwa: () => `/api/products/${pick(bigIds)}`, services: () => `/api/products/${pick(bigIds)}` },
  {
    name: 'popular search (cached)',
    kasuwa: () => `/api/products?${new URLSearchParams({ search: pick(POPULAR) })}`,
    services: () => `/api/products?${new URLSearchParams({ search: pick(POPULAR) })}`,
  },
  ...(WEB ? [{ name: 'page: product, 5,000 listings (HTML, br)', kasuwa: () => `/product/${pick(bigIds)}`, page: true }] : []),
].filter(
  (r) =>
    !arg('only') ||
    arg('only')
      .split(',')
      .some((o) => r.name.includes(o)),
);

/** One run; `shells`: answers that were the plain shell, not a rendered page (X-Page-Cache: shed). */
const cannon = (base, fn, duration, page = false) =>
  new Promise((ok, fail) => {
    let shells = 0;
    autocannon(
      {
        url: base,
        connections: page ? PAGE_CONNECTIONS : CONNECTIONS,
        duration,
        headers: page ? { 'accept-encoding': 'br, gzip' } : ACCEPT ? { 'accept-encoding': ACCEPT } : {},
        requests: [
          {
            setupRequest: (req) => ({ ...req, path: fn() }),
            onResponse: (_status, _body, _context, h) => void (h['x-page-cache'] === 'shed' && (shells += 1)),
          },
        ],
      },
      (e, r) => (e ? fail(e) : ok({ ...r, shells })),
    );
  });
const results = new Map();
const serversFor = (r) => (r.page ? servers.filter((s) => !s.services) : servers);
for (const r of routes) for (const s of serversFor(r)) await cannon(s.base, s.services ? r.services : r.kasuwa, 2, r.page); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const r of routes) {
    for (const s of round % 2 ? [...serversFor(r)].reverse() : serversFor(r)) {
      const t0 = ticks(s.child.pid);
      const res = await cannon(s.base, s.services ? r.services : r.kasuwa, DURATION, r.page);
      const t1 = ticks(s.child.pid);
      const n = res.requests.total;
      const key = `${r.name}|${s.name}`;
      const acc = results.get(key) ?? { n: 0, user: 0, sys: 0, secs: 0, bad: 0, shells: 0 };
      acc.n += n;
      acc.user += t1.user - t0.user;
      acc.sys += t1.sys - t0.sys;
      acc.secs += DURATION;
      acc.bad += res.non2xx + res.errors;
      acc.shells += res.shells;
      results.set(key, acc);
    }
  }
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`\n${ROUNDS} rounds × ${DURATION} s, ${CONNECTIONS} connections, ${DB}; load average at the end ${load}\n`);
console.log('| route | server | req/s | CPU µs/req | user µs | sys µs | errors | shells | RSS MB |\n|---|---|---|---|---|---|---|---|---|');
for (const r of routes)
  for (const s of serversFor(r)) {
    const a = results.get(`${r.name}|${s.name}`);
    const rss = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))[1]) / 1024;
    console.log(
      `| ${r.name} | ${s.name} | ${(a.n / a.secs).toFixed(0)} | ${((1e6 * (a.user + a.sys)) / a.n).toFixed(1)} | ${((1e6 * a.user) / a.n).toFixed(1)} | ${((1e6 * a.sys) / a.n).toFixed(1)} | ${a.bad} | ${a.shells} | ${rss.toFixed(0)} |`,
    );
  }
await Promise.all(servers.map((s) => new Promise((ok) => (s.child.once('exit', ok), s.child.kill('SIGTERM')))));
await stopDatabase();
process.exit(0);
