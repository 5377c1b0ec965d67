// `npm start` entry: uses DATABASE_URL when set, otherwise an embedded Postgres in .data/pg;
// then boots the compiled API, which also serves the storefront and the back office.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { startEmbeddedPostgres } from './scripts/embedded-postgres.mjs';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root);

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
  console.log(`[main] ${signal}: shutting down`);
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
