// What the benches share: the repository root, their command-line options, their databases (on BENCH_DATABASE_URL or
// the embedded Postgres), the API server they boot, CPU readings and latency figures.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';

export const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

/** The API build the benches load and run: KASUWA_DIST (a private copy, so a shared dist/ may be rebuilt meanwhile) or dist/. */
export const dist = process.env.KASUWA_DIST ? resolve(process.env.KASUWA_DIST) : resolve(root, 'dist/apps/api/apps/api/src');

/** `--name value` from the command line, or `dflt`. */
export const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};

/** BENCH_DATABASE_URL's server, or one embedded Postgres under .data/pg-bench for the whole run. */
let server;
const benchServer = () =>
  (server ??= process.env.BENCH_DATABASE_URL
    ? Promise.resolve({ url: process.env.BENCH_DATABASE_URL, stop: async () => undefined })
    : startEmbeddedPostgres({ dir: resolve(root, '.data/pg-bench'), database: 'postgres', log: () => {} }).then((e) => ({
        url: e.url,
        stop: () => e.stop(),
      })));

/** The bench database `name` on the bench server: made if missing, or made afresh with `fresh`. `stop` stops an embedded server. */
export async function openBenchDatabase(name, { fresh = false } = {}) {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`--db: a plain database name, not ${name}`);
  const { url, stop } = await benchServer();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (fresh || !(await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount)
    await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { dbUrl, stop };
}

/**
 * Migrates the bench database and tops it up to `count` listings with seed:bulk's loader (one big seller). `counted` is
 * the SQL (`… AS n`) counting the listings the bench goes by; `log` gets the loader's progress (default: the console).
 */
export async function fillBenchDatabase(dbUrl, count, { counted = 'SELECT count(*)::int AS n FROM product', tag = 'bench', log } = {}) {
  const { bulkLoad } = require(`${dist}/database/seeds/bulk.js`);
  const { createDataSource } = require(`${dist}/database/data-source.js`);
  const ds = createDataSource(dbUrl.toString());
  await ds.initialize();
  await ds.runMigrations();
  const [{ n: have }] = await ds.query(counted);
  if (have < count) {
    console.log(`[${tag}] loading ${count - have} listings (have ${have})…`);
    await bulkLoad(dbUrl.toString(), count - have, log);
    // The load leaves every listing in search_outbox for the search engine; the app would spend the first minutes
    // of the bench draining millions of them (one busy Postgres backend). Nothing is cached yet that they could
    // invalidate, so a fresh load starts with an empty outbox.
    await ds.query(`TRUNCATE search_outbox`);
  }
  await ds.destroy();
}

/** CPU seconds (user + system) the process has used: per request, a figure the other load on a shared machine does not skew. */
export function cpuSeconds(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (100 per second)
}

/** The CPU seconds so far of each Postgres backend serving database `name` (the servers' pools), by pid, read like cpuSeconds. */
export async function dbCpuSnapshot(db, name) {
  const { rows } = await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  const byPid = new Map();
  for (const { pid } of rows) {
    try {
      byPid.set(pid, cpuSeconds(pid));
    } catch {
      /* gone meanwhile, or another machine's Postgres */
    }
  }
  return byPid;
}

/**
 * The CPU seconds the database's backends used between two snapshots (dbCpuSnapshot): per backend, so a connection
 * that closed meanwhile (another server's idle pool) does not take its whole lifetime's CPU off the figure.
 */
export function dbCpuBetween(before, after) {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/**
 * What NODE_ENV=production makes the API insist on (its secrets, the first admin's password, its public address), with
 * bench values, and the built-in test checkout and SMS outbox the benches pay and sign up through.
 */
export const PRODUCTION_BENCH_ENV = {
  JWT_USER_SECRET: 'bench-user-secret-0123456789abcdef',
  JWT_ADMIN_SECRET: 'bench-admin-secret-0123456789abcdef',
  ADMIN_PASSWORD: 'bench-admin-Pass-1',
  ALLOW_TEST_CHECKOUT: 'true',
  ALLOW_SMS_OUTBOX: 'true',
  PUBLIC_URL: 'http://127.0.0.1',
};

/** Waits (200 ms apart, `tries` times at most) for `base` + `path` to answer 2xx; fails at once if `child` exits. */
export async function untilUp(child, base, { path = '/api/health', tries = 600 } = {}) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}${path}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > tries) throw new Error('server did not come up');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Boots the built API (`apiDist`/main.js) as its own process on a free port (so its CPU and memory are the server's
 * alone): no demo data, no verification step, quiet (BENCH_LOG_LEVEL), no web app, `env` on top; resolves once
 * /api/health answers to { child, base, stopServer }.
 */
export async function startApiServer(env, { apiDist = dist, tries = 600 } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [`${apiDist}/main.js`], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SEED_DEMO: 'false',
      ACCOUNT_VERIFICATION: 'off',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      WEB_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stopServer = () =>
    child.exitCode !== null ? Promise.resolve() : new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
  try {
    await untilUp(child, base, { tries });
  } catch (err) {
    await stopServer();
    throw err;
  }
  return { child, base, stopServer };
}

/** The `p`th percentile of `xs` (nearest rank). */
export const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** One printed line of latencies in ms: `label` padded to `width`, the count, p50, p95 and max (`digits` decimals, `pad` wide). */
export const latencyRow = (label, xs, { width, pad = 6, digits = 1 }) =>
  `${label.padEnd(width)} n=${String(xs.length).padEnd(5)} p50 ${pct(xs, 50).toFixed(digits).padStart(pad)} ms   p95 ${pct(xs, 95).toFixed(digits).padStart(pad)} ms   max ${Math.max(
    ...xs,
  )
    .toFixed(digits)
    .padStart(pad)} ms`;
