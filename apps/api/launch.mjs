// `npm start` entry: uses DATABASE_URL when set, otherwise an embedded Postgres in .data/pg;
// then boots the compiled API, which also serves the storefront and the back office.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { startEmbeddedPostgres } from './scripts/embedded-postgres.mjs';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root);

// `npm run start:worker` passes --role=worker (KASUWA_ROLE in the environment wins).
const roleArg = process.argv.find((a) => a.startsWith('--role='));
if (roleArg && !process.env.KASUWA_ROLE) process.env.KASUWA_ROLE = roleArg.slice('--role='.length);
// The embedded Postgres belongs to one process: a worker beside it must share the web's database, not start its own.
if (process.env.KASUWA_ROLE === 'worker' && !process.env.DATABASE_URL) {
  console.error('A worker needs DATABASE_URL: the Postgres the web processes use (the embedded one serves `npm start` alone).');
  process.exit(1);
}

let db = null;
if (!process.env.DATABASE_URL) {
  db = await startEmbeddedPostgres({ dir: resolve(root, process.env.EMBEDDED_PG_DIR ?? '.data/pg') });
  process.env.DATABASE_URL = db.url;
}

let stopApp = async () => {};
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  // A JSON line like the app's own (json-logger.ts).
  console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, context: 'Main', msg: `${signal}: shutting down` }));
  try {
    await stopApp();
  } finally {
    if (db) await db.stop();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const { bootstrap } = require(resolve(root, 'dist/apps/api/apps/api/src/main.js'));
  stopApp = (await bootstrap()).stop;
} catch (err) {
  console.error(err?.constructor?.name === 'ConfigError' ? err.message : err);
  if (db) await db.stop();
  process.exit(1);
}
