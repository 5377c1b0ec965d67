// Runs the hostile-input test longer, bench-style: `npm run fuzz -- --runs 200 [--seed 42]`.
// Prints the cases sent per route (with the statuses they got) and every failure with its request, so a failure can be
// replayed with the same seed. Uses TEST_DATABASE_URL / DATABASE_URL like the tests (or the embedded Postgres).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = opt('runs', '100');
const seed = opt('seed', String(Math.floor(Math.random() * 2 ** 31)));
if (!/^\d+$/.test(runs) || !/^\d+$/.test(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S]');
  process.exit(2);
}
console.log(`hostile-input fuzz: ${runs} cases per route and actor, seed ${seed}`);
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const res = spawnSync(
  process.execPath,
  [jest, '-c', 'apps/api/jest.config.js', '--runTestsByPath', 'apps/api/test/hostile-input.e2e-spec.ts'],
  {
    stdio: 'inherit',
    env: { ...process.env, HOSTILE_RUNS: runs, HOSTILE_SEED: seed, HOSTILE_REPORT: '1' },
  },
);
process.exit(res.status ?? 1);
