// Shared by backup.mjs and restore.mjs: the pg binaries on PATH, the tables a manifest counts, the migration list.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The tables whose row counts a manifest records and a restore compares: people, the catalogue, orders and the money
 * (payments, the double-entry ledger, payouts, refunds, disputes), chat, and the migrations table itself.
 */
export const KEY_TABLES = [
  'app_user',
  'admin',
  'category',
  'product',
  'review',
  'order',
  'order_item',
  'order_status_history',
  'checkout_session',
  'payment_transaction',
  'journal_entry',
  'ledger_account',
  'ledger_posting',
  'payout',
  'refund',
  'refund_request',
  'dispute',
  'conversation',
  'message',
  'notification',
  'migrations',
];

/** Stops the script with a message for the operator (no stack trace: these are expected situations). */
export function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

/** `postgres://user:***@host:port/db`: a URL fit for logs and manifests. */
export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/** The major version of a Postgres client binary on PATH (`pg_dump (PostgreSQL) 17.2` → 17), or a clear stop. */
export function clientMajor(binary) {
  let out;
  try {
    out = execFileSync(binary, ['--version'], { encoding: 'utf8' });
  } catch {
    fail(
      `${binary} was not found on PATH. Install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client; their major version must be at least the server's), or run this from the image's "ops" target.`,
    );
  }
  const m = /(\d+)(?:\.\d+)?/.exec(out.replace(/^[^)]*\)/, ''));
  return { major: m ? Number(m[1]) : 0, version: out.trim() };
}

/** Refuses a client older than the server: pg_dump cannot read a newer server's catalogue. */
export function assertClientFits(binary, client, serverVersionNum) {
  const serverMajor = Math.floor(serverVersionNum / 10000);
  if (client.major < serverMajor) {
    fail(
      `${binary} is version ${client.major} but the server runs Postgres ${serverMajor}: install postgresql-client-${serverMajor} (or newer) and try again.`,
    );
  }
  return serverMajor;
}

/**
 * The names of every migration the app ships, in order: read from the TypeScript source in a checkout (the truth
 * there), else from the compiled app in an image (dist/…/migrations/index.js). Each class's `name` is its class name.
 */
export function expectedMigrations() {
  const src = resolve(repoRoot, 'apps/api/src/database/migrations/index.ts');
  if (existsSync(src)) {
    const m = /export const migrations\s*=\s*\[([^\]]*)\]/.exec(readFileSync(src, 'utf8'));
    if (m)
      return m[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  }
  const dist = resolve(repoRoot, 'dist/apps/api/apps/api/src/database/migrations/index.js');
  if (existsSync(dist)) {
    const require = createRequire(import.meta.url);
    return require(dist).migrations.map((M) => new M().name ?? M.name);
  }
  fail(
    'Cannot find the migration list (apps/api/src/database/migrations/index.ts or the compiled dist): run from the repository or the image.',
  );
}
