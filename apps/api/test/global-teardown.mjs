import pg from 'pg';

export default async function globalTeardown() {
  await globalThis.__oauth?.stop();
  await new Promise((ok) => (globalThis.__oauthControl ? globalThis.__oauthControl.close(ok) : ok()));
  await dropRunDatabases();
  await globalThis.__embeddedPg?.stop();
}

/**
 * The test apps' databases are dropped in the background once their file is done (test-app.ts): wait for those drops
 * (a minute at most), then drop what is left of this run, its migrated template last.
 */
async function dropRunDatabases() {
  const base = process.env.TEST_PG_BASE_URL;
  const tag = process.env.TEST_RUN_TAG;
  if (!base || !tag) return;
  const c = new pg.Client({ connectionString: base });
  try {
    await c.connect();
    const left = async () =>
      (await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`kasuwa\\_c\\_${tag}\\_%`])).rows.map((r) => r.datname);
    const until = Date.now() + 60_000;
    while ((await left()).length && Date.now() < until) await new Promise((ok) => setTimeout(ok, 250));
    for (const name of await left()) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (process.env.TEST_PG_TEMPLATE) await c.query(`DROP DATABASE IF EXISTS ${process.env.TEST_PG_TEMPLATE} WITH (FORCE)`);
  } catch (e) {
    console.warn(`[jest] could not drop this run's databases: ${e.message}`);
  } finally {
    await c.end().catch(() => undefined);
  }
}
