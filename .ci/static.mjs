// `npm test`'s first step: the typecheck, the lint and the build (the journeys run on dist/), two at a time.
// Each is one single-threaded process (tsc, eslint, vite), so one after the other they leave one of CI's 2 cores idle.
// The typecheck's commands are read from package.json's `typecheck` script (one list to keep); its apps/api app
// project is checked by `build:api`, which runs tsc on the same tsconfig and fails on the same errors.
// Each command's output is printed whole when it ends; the first failure fails the step (the others still finish).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const scripts = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).scripts;
const lanes = Math.max(1, Number(process.env.CI_STATIC_LANES ?? 2) || 1);

const appTsconfig = 'tsc -p apps/api/tsconfig.app.json --noEmit';
const typecheck = scripts.typecheck.split('&&').map((c) => c.trim());
if (!typecheck.includes(appTsconfig) || !scripts['build:api'].startsWith('tsc -p apps/api/tsconfig.app.json ')) {
  throw new Error('.ci/static.mjs: the typecheck or build:api script changed; update which typecheck build:api stands for');
}
// Longest first (measured on 2 cores), so the two lanes end close together; the build last but in one piece
// (build:api then build:web, as `npm run build` does).
const jobs = [
  ...typecheck.filter((c) => c !== appTsconfig).map((c) => `npx ${c}`),
  'npm run -s lint',
  'npm run -s build:api && npm run -s build:web',
];
// The lint builds the type-checked programs of every project (about 55 s): the longest job, so it starts first.
const weight = (c) =>
  /lint/.test(c) ? 5 : /storefront|backoffice|tsconfig\.spec/.test(c) ? 3 : /build/.test(c) ? 4 : /libs\/ui/.test(c) ? 2 : 1;
jobs.sort((a, b) => weight(b) - weight(a));

function run(cmd) {
  return new Promise((ok) => {
    const started = Date.now();
    const p = spawn(cmd, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => {
      process.stdout.write(
        `[static] ${code === 0 ? 'ok  ' : 'FAIL'} ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${cmd}\n${out}`,
      );
      ok(code ?? 1);
    });
  });
}

const started = Date.now();
const queue = [...jobs];
const codes = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let cmd = queue.shift(); cmd; cmd = queue.shift()) codes.push(await run(cmd));
  }),
);
console.log(`[static] typecheck, lint and build in ${((Date.now() - started) / 1000).toFixed(0)} s on ${lanes} lane(s)`);
process.exit(codes.every((c) => c === 0) ? 0 : 1);
