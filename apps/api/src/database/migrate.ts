import { Client } from 'pg';
import { createDataSource } from './data-source';
import { scriptDatabaseUrl } from '../config/env';

/** Any fixed 64-bit number, the same in every process: the advisory lock that serialises migration runs. */
const MIGRATION_LOCK = 7_270_113_012;

/**
 * Runs pending migrations once across all processes: the first to take the Postgres advisory lock runs them, the others
 * wait on it and then find nothing left to do. The lock is held on its own connection (not the app's pool, so a pool of
 * one cannot deadlock) and migrations run without the app's statement timeout (an index build may take minutes).
 * Returns the names of the migrations this call ran.
 */
export async function runMigrationsLocked(url: string): Promise<string[]> {
  const lock = new Client({ connectionString: url, application_name: 'kasuwa-migrate-lock' });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const ds = await createDataSource(url).initialize();
    try {
      const ran = await ds.runMigrations({ transaction: 'each' });
      return ran.map((m) => m.name);
    } finally {
      await ds.destroy();
    }
  } finally {
    // Closing the session releases the lock even if the unlock is never reached.
    await lock.query<{ pg_advisory_unlock: boolean }>('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

// `npm run migrate`: run them and exit (a release step before starting replicas with MIGRATIONS_RUN=false).
if (require.main === module) {
  const url = scriptDatabaseUrl();
  if (!url) {
    console.error('DATABASE_URL is not set');
    process.exit(1);
  }
  runMigrationsLocked(url).then(
    (ran) => {
      console.log(ran.length ? `Ran ${ran.length} migration(s): ${ran.join(', ')}` : 'No pending migrations');
      process.exit(0);
    },
    (err) => {
      console.error(`Migrations failed: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
