// `npm run restore -- <file.dump>`: restores a `npm run backup` dump into the EMPTY database DATABASE_URL (it refuses
// one that holds any table), then checks it: the row counts against the manifest beside the dump, and the migrations
// table against every migration the app ships (apps/api/src/database/migrations/index.ts).
// `npm run restore -- --check` runs only the migrations check on DATABASE_URL.
// Exit codes: 0 restored and complete; 1 refused or failed; 3 restored but migrations pending or counts differ.
// RESTORE_JOBS=4 restores with 4 parallel jobs (faster on big databases, but not in one transaction).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { assertClientFits, clientMajor, expectedMigrations, fail, KEY_TABLES, redact } from './backup-common.mjs';

const url = process.env.DATABASE_URL;
if (!url) fail('Set DATABASE_URL to the empty database to restore into (create it first: createdb, or CREATE DATABASE).');
const arg = process.argv[2];
if (!arg) fail('Usage: npm run restore -- <backup.dump>   (or --check to check the migrations of DATABASE_URL)');
const checkOnly = arg === '--check';

const client = new pg.Client({ connectionString: url });
await client.connect().catch((e) => fail(`Cannot connect to ${redact(url)}: ${e.message}`));

/** Compares the migrations table with the app's list; returns the names the database still lacks. */
async function migrationsCheck() {
  const expected = expectedMigrations();
  const hasTable = (await client.query(`SELECT to_regclass('public.migrations') IS NOT NULL AS ok`)).rows[0].ok;
  const applied = new Set(hasTable ? (await client.query('SELECT name FROM migrations')).rows.map((r) => r.name) : []);
  const pending = expected.filter((n) => !applied.has(n));
  const unknown = [...applied].filter((n) => !expected.includes(n));
  if (pending.length)
    console.error(
      `Migrations pending (${pending.length}): ${pending.join(', ')}. Run \`npm run migrate\` (or the image's migrate job) before starting the app.`,
    );
  else console.log(`Migrations: all ${expected.length} applied.`);
  if (unknown.length)
    console.error(`The database has migrations this app does not know (a newer release made the backup?): ${unknown.join(', ')}`);
  return pending;
}

if (checkOnly) {
  const pending = await migrationsCheck();
  await client.end();
  process.exit(pending.length ? 3 : 0);
}

if (!existsSync(arg)) fail(`No such backup file: ${arg}`);
const manifestPath = arg.replace(/\.dump$/, '') + '.manifest.json';
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;

// Empty means no relation of any kind outside the system schemas: restoring over data would mix two histories.
const {
  rows: [{ n }],
} = await client.query(`
  SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
  WHERE c.relkind IN ('r','p','v','m','S','f') AND s.nspname NOT IN ('pg_catalog','information_schema')
    AND s.nspname NOT LIKE 'pg_toast%' AND s.nspname NOT LIKE 'pg_temp%'`);
if (n > 0) {
  await client.end();
  fail(
    `Refusing to restore: ${redact(url)} is not empty (${n} tables, views or sequences). Restore into a new database (CREATE DATABASE kasuwa_restored), check it, then point DATABASE_URL at it.`,
  );
}
const serverVersionNum = Number((await client.query('SHOW server_version_num')).rows[0].server_version_num);
assertClientFits('pg_restore', clientMajor('pg_restore'), serverVersionNum);

const jobs = Number(process.env.RESTORE_JOBS || 1);
// Owners and grants are left out: the restoring role owns everything, whatever role made the backup.
const args = ['--no-owner', '--no-acl', '--exit-on-error', ...(jobs > 1 ? [`--jobs=${jobs}`] : ['--single-transaction']), '-d', url, arg];
const started = Date.now();
const child = spawn('pg_restore', args, { stdio: ['ignore', 'inherit', 'inherit'] });
const code = await new Promise((ok) => child.on('exit', ok));
if (code !== 0) {
  await client.end();
  fail(
    `pg_restore failed (exit ${code}).${jobs > 1 ? ' With RESTORE_JOBS the database may hold part of the backup: drop and recreate it before trying again.' : ' Nothing was restored (one transaction).'}`,
  );
}
const seconds = (Date.now() - started) / 1000;
await client.query('ANALYZE'); // fresh planner statistics: a restored database has none
console.log(`Restored ${arg} into ${redact(url)} in ${seconds.toFixed(1)} s.`);

let problems = 0;
if (manifest) {
  for (const t of KEY_TABLES) {
    if (!(t in manifest.rowCounts)) continue;
    const got = Number((await client.query(`SELECT count(*)::bigint AS c FROM "${t}"`)).rows[0].c);
    if (got !== manifest.rowCounts[t]) {
      console.error(`Row count differs for ${t}: manifest ${manifest.rowCounts[t]}, restored ${got}`);
      problems++;
    }
  }
  if (!problems) console.log(`Row counts match the manifest for ${Object.keys(manifest.rowCounts).length} tables.`);
  if (manifest.uploads?.keys?.length)
    console.log(
      `Photos: ${manifest.uploads.keys.length} storage keys are listed in ${manifestPath}; copy them from ${manifest.uploads.storage} if the storage was lost too.`,
    );
} else {
  console.log(`No manifest beside the dump (${manifestPath}): row counts not compared.`);
}
const pending = await migrationsCheck();
await client.end();
process.exit(pending.length || problems ? 3 : 0);
