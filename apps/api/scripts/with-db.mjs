// Runs a compiled script with DATABASE_URL set: the given one, or the embedded Postgres in .data/pg.
// Usage: node apps/api/scripts/with-db.mjs <script.js> [args…]
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';

const [script, ...args] = process.argv.slice(2);
let db = null;
if (!process.env.DATABASE_URL) {
  db = await startEmbeddedPostgres({ dir: resolve(process.env.EMBEDDED_PG_DIR ?? '.data/pg') });
  process.env.DATABASE_URL = db.url;
}
const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit', env: process.env });
const code = await new Promise((ok) => child.on('exit', ok));
if (db) await db.stop();
process.exit(code ?? 1);
