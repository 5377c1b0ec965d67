// Browser journeys: boots the built app on fresh databases (a real Postgres: TEST_DATABASE_URL's server or an embedded
// one), then runs every journeys/*.test.mjs with node's test runner in Debian's Chromium.
// Screenshots of each page land in test-results/e2e/ (look at them).
//
// Two lanes (E2E_LANES, 2 by default; 1 runs them all on one server as before): each lane has its own server and
// database, and takes the next journey from one alphabetical queue when its last one is done. Journeys are independent
// of one another (each also passes alone on a new server: `node apps/e2e/run.mjs <name>`), and on one server they still
// run one at a time, in alphabetical order, so a journey never shares its server's demo data with one running at once.
// Two lanes fill the 2 cores that one lane leaves idle while a journey waits for the server, a page or a clock.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { bootApp } from './lib/boot.mjs';
import { startEmbeddedPostgres } from '../api/scripts/embedded-postgres.mjs';

const root = resolve(import.meta.dirname, '../..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH)`);
  process.exit(1);
}

const only = process.argv.slice(2);
const files = readdirSync(resolve(import.meta.dirname, 'journeys'))
  .filter((f) => f.endsWith('.test.mjs') && (!only.length || only.some((o) => f.includes(o))))
  .sort();
const lanes = Math.max(1, Math.min(Number(process.env.E2E_LANES ?? 2) || 1, files.length));

/** Runs one journey file on `app`'s server (its database's address given, for journeys that set rows up directly); resolves to its exit code and output (printed whole, so lanes do not interleave). */
function runJourney(file, app) {
  return new Promise((ok) => {
    const started = Date.now();
    const runner = spawn(process.execPath, ['--test', '--test-reporter=spec', resolve(import.meta.dirname, 'journeys', file)], {
      env: {
        ...process.env,
        E2E_BASE_URL: app.base,
        E2E_DATABASE_URL: app.databaseUrl,
        CHROMIUM_PATH: chromium,
        E2E_SHOTS: resolve(root, 'test-results/e2e'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    runner.stdout.on('data', (d) => (out += d));
    runner.stderr.on('data', (d) => (out += d));
    runner.on('exit', (code, signal) => ok({ file, code: code ?? 1, signal, out, seconds: (Date.now() - started) / 1000 }));
  });
}

const apps = [];
let embedded = null;
let code = 1;
try {
  // One Postgres for every server of the run (the lanes' and those a journey boots itself): without TEST_DATABASE_URL,
  // one embedded server, handed to them all through TEST_DATABASE_URL.
  if (!process.env.TEST_DATABASE_URL) {
    embedded = await startEmbeddedPostgres({ dir: resolve(root, '.data/pg-test'), database: 'postgres', log: () => {} });
    process.env.TEST_DATABASE_URL = embedded.url;
  }
  // The journeys sign up and sell at once: the verification rule is off for them (a production server refuses `off`).
  const booted = await Promise.allSettled(
    Array.from({ length: lanes }, (_, i) =>
      bootApp({ root, name: lanes > 1 ? `e2e${i + 1}` : 'e2e', env: { ACCOUNT_VERIFICATION: 'off' } }),
    ),
  );
  for (const b of booted) if (b.status === 'fulfilled') apps.push(b.value);
  const failed = booted.find((b) => b.status === 'rejected');
  if (failed) throw failed.reason;
  // Only this run's screenshots: an old one must not pass for a page nobody looked at today.
  rmSync(resolve(root, 'test-results/e2e'), { recursive: true, force: true });
  mkdirSync(resolve(root, 'test-results/e2e'), { recursive: true });

  const queue = [...files];
  const results = [];
  const started = Date.now();
  await Promise.all(
    apps.map(async (app, lane) => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const r = await runJourney(file, app);
        results.push(r);
        process.stdout.write(`\n[e2e lane ${lane + 1}] ${file} (${r.seconds.toFixed(1)} s)\n${r.out}`);
      }
    }),
  );
  const bad = results.filter((r) => r.code !== 0);
  console.log(
    `\n[e2e] ${results.length - bad.length}/${results.length} journey files passed on ${apps.length} lane(s) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
    console.log(`[e2e]   ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}`);
  code = bad.length ? 1 : 0;
} catch (err) {
  console.error(`[e2e] ${err.message}`);
} finally {
  await Promise.all(apps.map((a) => a.stop()));
  await embedded?.stop();
}
process.exit(code);
