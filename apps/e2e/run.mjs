// Browser journeys: boots the built app once on a fresh database (a real Postgres: TEST_DATABASE_URL's server
// or an embedded one), then runs every journeys/*.test.mjs with node's test runner in Debian's Chromium.
// Screenshots of each page land in test-results/e2e/ (look at them).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../api/scripts/embedded-postgres.mjs';

const root = resolve(import.meta.dirname, '../..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH)`);
  process.exit(1);
}

let embedded = null;
let server = process.env.TEST_DATABASE_URL;
if (!server) {
  embedded = await startEmbeddedPostgres({ dir: resolve(root, '.data/pg-test'), database: 'postgres', log: () => {} });
  server = embedded.url;
}
const dbName = `kasuwa_e2e_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(server);
dbUrl.pathname = `/${dbName}`;

const port = await freePort();
const base = `http://localhost:${port}`;
const uploads = resolve(root, `.data/e2e-uploads-${dbName}`);
const app = spawn(process.execPath, [resolve(root, 'apps/api/launch.mjs')], {
  env: { ...process.env, DATABASE_URL: dbUrl.toString(), PORT: String(port), PUBLIC_URL: base, UPLOAD_DIR: uploads, SEED_DEMO: 'true', AUTH_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function cleanup() {
  app.kill('SIGTERM');
  await new Promise((ok) => (app.exitCode !== null ? ok() : app.once('exit', ok)));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  rmSync(uploads, { recursive: true, force: true });
  await admin.end();
  if (embedded) await embedded.stop();
}

let code = 1;
try {
  const started = Date.now();
  for (;;) {
    if (app.exitCode !== null) throw new Error('the app exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() - started > 180_000) throw new Error('the app did not start within 3 minutes');
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(`[e2e] app up at ${base} in ${Date.now() - started} ms`);
  // Only this run's screenshots: an old one must not pass for a page nobody looked at today.
  rmSync(resolve(root, 'test-results/e2e'), { recursive: true, force: true });
  mkdirSync(resolve(root, 'test-results/e2e'), { recursive: true });
  const only = process.argv.slice(2);
  const files = readdirSync(resolve(import.meta.dirname, 'journeys'))
    .filter((f) => f.endsWith('.test.mjs') && (!only.length || only.some((o) => f.includes(o))))
    .map((f) => resolve(import.meta.dirname, 'journeys', f));
  const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    env: { ...process.env, E2E_BASE_URL: base, CHROMIUM_PATH: chromium, E2E_SHOTS: resolve(root, 'test-results/e2e') },
    stdio: 'inherit',
  });
  code = await new Promise((ok) => runner.on('exit', ok));
} catch (err) {
  console.error(`[e2e] ${err.message}`);
} finally {
  await cleanup();
}
process.exit(code ?? 1);
