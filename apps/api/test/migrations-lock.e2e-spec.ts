import { Client } from 'pg';
import { runMigrationsLocked } from '../src/database/migrate';
import { migrations } from '../src/database/migrations';
import { bootApp, freshDatabase, readiness } from './utils/scale-apps';

/** Replicas starting together on an empty database: migrations run once, the others wait and find them done. */
describe('migrations under an advisory lock', () => {
  const names = migrations.map((m) => m.name);

  async function appliedNames(url: string): Promise<string[]> {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(`SELECT name FROM migrations ORDER BY id`)).rows.map((r) => r.name);
    } finally {
      await c.end();
    }
  }

  it('two runs started at the same moment on an empty database run them once', async () => {
    const db = await freshDatabase();
    try {
      const [first, second] = await Promise.all([runMigrationsLocked(db.url), runMigrationsLocked(db.url)]);
      // One ran every migration, the other waited on the lock and had nothing left.
      expect([first, second].sort((x, y) => x.length - y.length)).toEqual([[], expect.arrayContaining(names)]);
      expect([...first, ...second]).toHaveLength(names.length);
      expect(await appliedNames(db.url)).toHaveLength(names.length);
      expect(await runMigrationsLocked(db.url)).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('two apps booted at the same moment on an empty database both start, and the migrations ran once', async () => {
    const db = await freshDatabase();
    const apps = await Promise.all([bootApp(db.url), bootApp(db.url)]);
    try {
      expect(await appliedNames(db.url)).toHaveLength(names.length);
      for (const a of apps) expect((await fetch(`${a.base}/api/health/ready`)).status).toBe(200);
    } finally {
      for (const a of apps) await a.stop();
      await db.drop();
    }
  });

  it('MIGRATIONS_RUN=false leaves them to `npm run migrate`: readiness stays 503 until they are applied', async () => {
    const db = await freshDatabase();
    await runMigrationsLocked(db.url);
    const last = names[names.length - 1];
    const c = new Client({ connectionString: db.url });
    await c.connect();
    // As if a release brought a new migration the release step has not applied yet.
    await c.query(`DELETE FROM migrations WHERE name = $1`, [last]);
    const app = await bootApp(db.url, { MIGRATIONS_RUN: 'false' });
    try {
      const res = await fetch(`${app.base}/api/health/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable', db: 'up', migrations: 'pending' });
      expect(await appliedNames(db.url)).not.toContain(last); // the app did not run it
      expect((await fetch(`${app.base}/api/health/live`)).status).toBe(200);
      await c.query(`INSERT INTO migrations (timestamp, name) VALUES ($1, $2)`, [Number(last.match(/\d{13}/)![0]), last]);
      const after = await fetch(`${app.base}/api/health/ready`);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual(readiness());
    } finally {
      await c.end();
      await app.stop();
      await db.drop();
    }
  });
});
