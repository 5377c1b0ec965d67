// Phone sign-in bench: boots the built API (NODE_ENV=production, no SMS provider: ALLOW_SMS_OUTBOX=true, so each code
// is a row of sms_outbox and never a log line) on a fresh database, then N clients at once each sign in by phone:
// POST /api/auth/phone/start {phone} → the code read from sms_outbox → POST /api/auth/phone/verify {phone, code}
// (the account is made on first use) → GET /api/profile/me with the token answered. Prints the throughput, p50/p95/max
// of each step and of the whole sign-in, the server's CPU per sign-in, and the errors (must be 0).
// All the clients come from one address (127.0.0.1): the per-client code limit (PHONE_CODE_LIMIT_PER_CLIENT, 20 an
// hour) and the auth route limit (AUTH_RATE_LIMIT) are raised for the bench; the per-number limit is not (one number
// per client).
// `--compare <old dist>` then runs bench:http's "no SQL", "product by id" and "signed in" rows against this build and
// against that one (e.g. the commit before verification, built in a temporary worktree), one after the other in this
// run, and prints the ratios: the token check must not cost more per request.
// Usage: npm run bench:phone -- [--clients 200] [--compare /work/old/dist/apps/api/apps/api/src] [--rounds 2] [--count 10000] [--duration 10]
import { execFileSync, spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/embedded-postgres.mjs';
import { arg, cpuSeconds, dist, openBenchDatabase, PRODUCTION_BENCH_ENV, root, untilUp } from './bench-db.mjs';

const CLIENTS = Number(arg('clients', 200));
const COMPARE = arg('compare', '');

const { dbUrl, stop: stopDatabase } = await openBenchDatabase('kasuwa_bench_phone', { fresh: true });
const port = await freePort();
const child = spawn(process.execPath, [`${dist}/main.js`], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.toString(),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    WEB_DIR: '/nonexistent',
    ...PRODUCTION_BENCH_ENV,
    ACCOUNT_VERIFICATION: 'required',
    // Every bench client is 127.0.0.1: these two limits count per address.
    PHONE_CODE_LIMIT_PER_CLIENT: '100000',
    AUTH_RATE_LIMIT: '100000',
    MALLOC_ARENA_MAX: '2',
  },
  execArgv: ['--max-old-space-size=192'],
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const stopApp = () => (child.exitCode !== null ? Promise.resolve() : new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))));

await untilUp(child, base, { path: '/api/health/ready' });

const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
async function post(path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}
/** The newest code sent to `e164` (the outbox row holds the SMS text). */
async function codeFor(e164) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query(`SELECT body FROM sms_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`, [e164]);
    const code = rows[0] && /\b(\d{6})\b/.exec(rows[0].body)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code for ${e164} in sms_outbox`);
}

/** One client's sign-in: times of start, verify and the first signed-in request; the whole, server steps only. */
async function signIn(i, prefix) {
  const local = `0803${prefix}${String(i).padStart(7 - prefix.length, '0')}`;
  const e164 = `+234${local.slice(1)}`;
  const t0 = performance.now();
  await post('/api/auth/phone/start', { phone: local });
  const t1 = performance.now();
  const code = await codeFor(e164);
  const t2 = performance.now();
  const { accessToken } = await post('/api/auth/phone/verify', { phone: e164, code });
  const t3 = performance.now();
  const me = await fetch(`${base}/api/profile/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!me.ok) throw new Error(`/api/profile/me → ${me.status}`);
  const t4 = performance.now();
  return { start: t1 - t0, verify: t3 - t2, me: t4 - t3, signIn: t1 - t0 + (t3 - t2) };
}

async function round(n, prefix) {
  const began = performance.now();
  const cpu0 = cpuSeconds(child.pid);
  const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => signIn(i, prefix)));
  const wall = (performance.now() - began) / 1000;
  const cpu = cpuSeconds(child.pid) - cpu0;
  const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const errors = results.filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  return { ok, errors, wall, cpu };
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const line = (label, xs) => `| ${label} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 95).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`;

try {
  await round(10, '9'); // warm-up: connections, JIT
  const { ok, errors, wall, cpu } = await round(CLIENTS, '1');
  const {
    rows: [made],
  } = await db.query(
    `SELECT count(*)::int AS users, count(*) FILTER (WHERE phone_verified_at IS NOT NULL)::int AS verified FROM app_user WHERE phone_e164 LIKE '+2348031%'`,
  );
  console.log(`\nphone sign-in bench: ${CLIENTS} clients at once, each start → code from sms_outbox → verify → GET /api/profile/me`);
  console.log(
    `(NODE_ENV=production, ALLOW_SMS_OUTBOX=true, PHONE_CODE_LIMIT_PER_CLIENT and AUTH_RATE_LIMIT raised: every client is 127.0.0.1)\n`,
  );
  console.log(`sign-ins: ${ok.length} ok, ${errors.length} errors in ${wall.toFixed(2)} s → ${(ok.length / wall).toFixed(1)} sign-ins/s`);
  console.log(
    `accounts made: ${made.users}, phone verified: ${made.verified}; server CPU ${((1000 * cpu) / Math.max(ok.length, 1)).toFixed(1)} ms per sign-in (3 requests; a figure the machine's other load skews far less than the latencies)`,
  );
  if (errors.length) console.log(`first errors: ${errors.slice(0, 3).join(' | ')}`);
  console.log('\n| step | p50 ms | p95 ms | max ms |\n|---|---|---|---|');
  for (const [step, key] of [
    ['POST /api/auth/phone/start', 'start'],
    ['POST /api/auth/phone/verify', 'verify'],
    ['first signed-in request (GET /api/profile/me)', 'me'],
    ['sign-in (start + verify)', 'signIn'],
  ])
    console.log(
      line(
        step,
        ok.map((r) => r[key]),
      ),
    );
  console.log(
    `\nload average (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} on ${cpus().length} cores`,
  );
  if (errors.length) process.exitCode = 1;
} finally {
  await db.end();
  await stopApp();
  await stopDatabase();
}

if (COMPARE) {
  // The same bench:http rows against both builds, one after the other: the token check's cost per request.
  const rows = (label, distDir, db) => {
    console.log(`\n[${label}] bench:http on ${distDir}`);
    const out = execFileSync(
      process.execPath,
      [
        resolve(import.meta.dirname, 'http-bench.mjs'),
        '--only',
        'no SQL,product by id,signed in',
        '--count',
        arg('count', '10000'),
        '--duration',
        arg('duration', '10'),
        '--db',
        db,
      ],
      {
        env: { ...process.env, KASUWA_DIST: distDir, BENCH_WEB_DIR: '/nonexistent' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1 << 24,
      },
    );
    process.stdout.write(out);
    const parsed = new Map();
    for (const l of out.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| request'))) {
      const c = l.split('|').map((s) => s.trim());
      parsed.set(`${c[1]} / ${c[2]}`, {
        rps: Number(c[3]),
        sql: Number(c[7]),
        cpu: Number(c[8]),
        ratio: Number(c[12].replace(/[*×]/g, '')) || null,
      });
    }
    return parsed;
  };
  // Builds alternate (this, old, this, old, …) so a change in the machine's other load falls on both; each figure is
  // the median of its rounds.
  const ROUNDS = Number(arg('rounds', 2));
  const runs = { now: [], old: [] };
  for (let r = 1; r <= ROUNDS; r++) {
    runs.now.push(rows(`this build, round ${r}`, dist, 'kasuwa_http_ab_new'));
    runs.old.push(rows(`old build, round ${r}`, resolve(COMPARE), 'kasuwa_http_ab_old'));
  }
  const median = (xs) => {
    const v = xs.filter((x) => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
    return v.length ? v[Math.floor((v.length - 1) / 2)] : null;
  };
  const figure = (side, name, key) => median(runs[side].map((m) => m.get(name)?.[key] ?? null));
  console.log(
    `\nmedians of ${ROUNDS} alternating rounds (load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')})`,
  );
  console.log(
    '| row | ÷bare now | ÷bare old | ratio now ÷ old | req/s now / old | SQL/req now / old | CPU ms/req now / old |\n|---|---|---|---|---|---|---|',
  );
  for (const name of runs.now[0].keys()) {
    if (name.endsWith('/ bare')) continue;
    const [rn, ro] = [figure('now', name, 'ratio'), figure('old', name, 'ratio')];
    const change = rn && ro ? `${(rn / ro).toFixed(2)}` : '—';
    console.log(
      `| ${name} | ${rn ?? '—'} | ${ro ?? '—'} | ${change} | ${figure('now', name, 'rps')} / ${figure('old', name, 'rps')} | ${figure('now', name, 'sql')} / ${figure('old', name, 'sql')} | ${figure('now', name, 'cpu')} / ${figure('old', name, 'cpu')} |`,
    );
  }
}
process.exit(process.exitCode ?? 0);
