// Boots the built app (dist/) once on a brand-new database seeded with the demo data, for the journeys and the
// web bench. The database lives on TEST_DATABASE_URL's server or an embedded Postgres, and is dropped by stop().
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../api/scripts/embedded-postgres.mjs';

/** Starts the app; resolves to { base, stop, databaseUrl } once /api/health answers. `root` is the repo holding dist/. */
export async function bootApp({ root, name = 'e2e', env = {} }) {
  let embedded = null;
  let server = process.env.TEST_DATABASE_URL;
  if (!server) {
    embedded = await startEmbeddedPostgres({ dir: resolve(root, '.data/pg-test'), database: 'postgres', log: () => {} });
    server = embedded.url;
  }
  const dbName = `kasuwa_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const base = `http://localhost:${port}`;
  const uploads = resolve(root, `.data/${name}-uploads-${dbName}`);
  const app = spawn(process.execPath, [resolve(root, 'apps/api/launch.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      PUBLIC_URL: base,
      UPLOAD_DIR: uploads,
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  async function stop() {
    if (app.exitCode === null) {
      app.kill('SIGTERM');
      await new Promise((ok) => (app.exitCode !== null ? ok() : app.once('exit', ok)));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    rmSync(uploads, { recursive: true, force: true });
    await admin.end();
    if (embedded) await embedded.stop();
  }

  const started = Date.now();
  try {
    for (;;) {
      if (app.exitCode !== null) throw new Error('the app exited during start-up');
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      if (Date.now() - started > 180_000) throw new Error('the app did not start within 3 minutes');
      await new Promise((r) => setTimeout(r, 300));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  console.log(`[${name}] app up at ${base} in ${Date.now() - started} ms`);
  return { base, stop, databaseUrl: dbUrl.toString() };
}
