// What the HTTP and load benches share: their database (on BENCH_DATABASE_URL or the embedded Postgres) and CPU readings.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';

/**
 * The bench database `name` (made if missing; with `fresh`, dropped and made again) on BENCH_DATABASE_URL's server,
 * or on an embedded one under .data/pg-bench.
 */
export async function openBenchDatabase(root, name, { fresh = false } = {}) {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`--db: a plain database name, not ${name}`);
  let embedded = null;
  let server = process.env.BENCH_DATABASE_URL;
  if (!server) {
    embedded = await startEmbeddedPostgres({ dir: resolve(root, '.data/pg-bench'), database: 'postgres', log: () => {} });
    server = embedded.url;
  }
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (!(await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { dbUrl, stop: async () => embedded?.stop() };
}

/** CPU seconds (user + system) the process has used: per request, a figure the other load on a shared machine does not skew. */
export function cpuSeconds(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (100 per second)
}

/** CPU seconds of the Postgres backends serving database `name` (the servers' pools), read like cpuSeconds. */
export async function dbCpuSeconds(db, name) {
  const { rows } = await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  let sum = 0;
  for (const { pid } of rows) {
    try {
      sum += cpuSeconds(pid);
    } catch {
      /* gone meanwhile, or another machine's Postgres */
    }
  }
  return sum;
}
