// Browser journeys: boots the built app once on a fresh database (a real Postgres: TEST_DATABASE_URL's server
// or an embedded one), then runs every journeys/*.test.mjs with node's test runner in Debian's Chromium.
// Screenshots of each page land in test-results/e2e/ (look at them).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { bootApp } from './lib/boot.mjs';

const root = resolve(import.meta.dirname, '../..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH)`);
  process.exit(1);
}

let app = null;
let code = 1;
try {
  // The journeys sign up and sell at once: the verification rule is off for them (a production server refuses `off`).
  app = await bootApp({ root, name: 'e2e', env: { ACCOUNT_VERIFICATION: 'off' } });
  const base = app.base;
  // Only this run's screenshots: an old one must not pass for a page nobody looked at today.
  rmSync(resolve(root, 'test-results/e2e'), { recursive: true, force: true });
  mkdirSync(resolve(root, 'test-results/e2e'), { recursive: true });
  const only = process.argv.slice(2);
  const files = readdirSync(resolve(import.meta.dirname, 'journeys'))
    .filter((f) => f.endsWith('.test.mjs') && (!only.length || only.some((o) => f.includes(o))))
    .map((f) => resolve(import.meta.dirname, 'journeys', f));
  const runner = spawn(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    env: { ...process.env, E2E_BASE_URL: base, E2E_DATABASE_URL: app.databaseUrl, CHROMIUM_PATH: chromium, E2E_SHOTS: resolve(root, 'test-results/e2e') },
    stdio: 'inherit',
  });
  code = await new Promise((ok) => runner.on('exit', ok));
} catch (err) {
  console.error(`[e2e] ${err.message}`);
} finally {
  await app?.stop();
}
process.exit(code ?? 1);
