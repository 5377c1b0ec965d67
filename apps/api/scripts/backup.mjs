// `npm run backup`: a consistent `pg_dump -Fc` of DATABASE_URL into BACKUP_DIR (default ./backups), named with the UTC
// time, and beside it a JSON manifest (row counts of the key tables, migrations applied, the storage keys of every
// uploaded photo) taken from the very snapshot the dump reads, so the two always agree.
// Needs pg_dump on PATH whose major version is at least the server's. Restore with `npm run restore -- <file>`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import pg from 'pg';
import { assertClientFits, clientMajor, fail, KEY_TABLES, redact } from './backup-common.mjs';

const url = process.env.DATABASE_URL;
if (!url) fail('Set DATABASE_URL to the database to back up (the embedded one of `npm start` is printed at its start).');
const dir = resolve(process.env.BACKUP_DIR || 'backups');
mkdirSync(dir, { recursive: true });

const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z'); // 20261127T184500Z
const base = `kasuwa-${stamp}`;
const dumpPath = join(dir, `${base}.dump`);
const manifestPath = join(dir, `${base}.manifest.json`);

const client = new pg.Client({ connectionString: url });
await client.connect().catch((e) => fail(`Cannot connect to ${redact(url)}: ${e.message}`));
const pgDump = clientMajor('pg_dump');
const serverVersionNum = Number((await client.query('SHOW server_version_num')).rows[0].server_version_num);
assertClientFits('pg_dump', pgDump, serverVersionNum);

// One snapshot for the manifest and the dump: this transaction exports it and stays open until pg_dump has started
// on it (pg_dump --snapshot). A standby cannot export one before Postgres 10; there pg_dump takes its own.
await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
let snapshot = null;
try {
  snapshot = (await client.query('SELECT pg_export_snapshot() AS s')).rows[0].s;
} catch {
  await client.query('ROLLBACK');
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

const existing = new Set((await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.tablename));
const rowCounts = {};
for (const t of KEY_TABLES)
  if (existing.has(t)) rowCounts[t] = Number((await client.query(`SELECT count(*)::bigint AS n FROM "${t}"`)).rows[0].n);
const migrations = existing.has('migrations')
  ? (await client.query('SELECT name FROM migrations ORDER BY id')).rows.map((r) => r.name)
  : [];

/** Every storage key the database points at: listing photos, dispute photos, chat photos (each `{…, keys: [...]}`). */
async function keysOf(table, sql) {
  if (!existing.has(table)) return [];
  try {
    return (await client.query(sql)).rows.map((r) => r.k);
  } catch {
    return []; // an older schema without that column
  }
}
const keys = [
  ...(await keysOf(
    'product',
    `SELECT jsonb_array_elements_text(i->'keys') AS k FROM product, jsonb_array_elements(images) i WHERE jsonb_typeof(i->'keys') = 'array'`,
  )),
  ...(await keysOf(
    'dispute',
    `SELECT jsonb_array_elements_text(i->'keys') AS k FROM dispute, jsonb_array_elements(photos) i WHERE jsonb_typeof(i->'keys') = 'array'`,
  )),
  ...(await keysOf(
    'message',
    `SELECT jsonb_array_elements_text(photo->'keys') AS k FROM message WHERE jsonb_typeof(photo->'keys') = 'array'`,
  )),
].sort();

const args = ['-Fc', '--compress=6', '-f', `${dumpPath}.partial`, ...(snapshot ? [`--snapshot=${snapshot}`] : []), '-d', url];
const started = Date.now();
const dump = spawn('pg_dump', args, { stdio: ['ignore', 'inherit', 'inherit'] });
const code = await new Promise((ok) => dump.on('exit', ok));
await client.query('COMMIT').catch(() => {});
await client.end();
if (code !== 0) {
  rmSync(`${dumpPath}.partial`, { force: true });
  fail(`pg_dump failed (exit ${code}); no backup written.`);
}
renameSync(`${dumpPath}.partial`, dumpPath);

const sha256 = await new Promise((ok, ko) => {
  const h = createHash('sha256');
  createReadStream(dumpPath)
    .on('data', (c) => h.update(c))
    .on('end', () => ok(h.digest('hex')))
    .on('error', ko);
});

/** Files in the local upload folder (UPLOAD_DIR when photos are not in S3), relative to it. */
function listLocal(root) {
  if (!existsSync(root)) return null;
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(root, p).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}
const uploadDir = resolve(process.env.UPLOAD_DIR || '.data/uploads');
const local = process.env.S3_BUCKET ? null : listLocal(uploadDir);
const localSet = new Set(local ?? []);

const manifest = {
  file: basename(dumpPath),
  format: 'pg_dump custom (-Fc)',
  createdAt: new Date(started).toISOString(),
  database: redact(url),
  serverVersion: serverVersionNum,
  pgDump: pgDump.version,
  sizeBytes: statSync(dumpPath).size,
  sha256,
  seconds: (Date.now() - started) / 1000,
  consistentSnapshot: Boolean(snapshot),
  rowCounts,
  migrations,
  uploads: {
    // The photos live outside the database: copy these keys (S3 bucket or UPLOAD_DIR) with the dump.
    storage: process.env.S3_BUCKET ? `s3://${process.env.S3_BUCKET}` : uploadDir,
    keys,
    ...(local ? { localFiles: local.length, missingLocally: keys.filter((k) => !localSet.has(k)) } : {}),
  },
};
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Backup written: ${dumpPath} (${(manifest.sizeBytes / 1e6).toFixed(1)} MB, ${manifest.seconds.toFixed(1)} s)`);
console.log(`Manifest: ${manifestPath} (${Object.keys(rowCounts).length} tables counted, ${keys.length} upload keys)`);
