import { Client } from 'pg';
import { bootApp, RunningApp } from './utils/scale-apps';
import { PgPair, startPrimaryAndReplica } from './utils/pg-replica';

/**
 * DATABASE_READ_URL at a real streaming replica: search and anonymous product pages read it (so they see a listing
 * only once it has replicated), while writes, sign-in and a seller's own view stay on the primary.
 */
describe('read replicas (DATABASE_READ_URL)', () => {
  const DB = 'kasuwa_scale_rr';
  let pair: PgPair;
  let app: RunningApp;
  let replicaAdmin: Client;
  beforeAll(async () => {
    pair = await startPrimaryAndReplica();
    await pair.createDatabase(DB);
    app = await bootApp(pair.primaryUrl(DB), { DATABASE_READ_URL: pair.replicaUrl(DB) });
    replicaAdmin = new Client({ connectionString: pair.replicaUrl('postgres') });
    await replicaAdmin.connect();
  }, 120_000);
  afterAll(async () => {
    await replicaAdmin?.query(`SELECT pg_wal_replay_resume()`).catch(() => undefined);
    await replicaAdmin?.end();
    await app?.stop();
    await pair?.stop();
  });

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${app.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const search = async (q: string): Promise<number[]> => {
    const res = await fetch(`${app.base}/api/products?search=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: number }[] }).data.map((p) => p.id);
  };

  it('a listing written on the primary is found by search only once the replica has it; writes and own reads stay on the primary', async () => {
    // Writes: the replica is read-only, so any of these sent to it would fail.
    const reg = await post('/api/auth/register', {
      email: 'replica-seller@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      password: 'Correct-Horse-9!',
    });
    expect(reg.status).toBe(201);
    const { accessToken: token, user } = (await reg.json()) as { accessToken: string; user: { id: number } };
    expect((await post('/api/auth/login', { email: 'replica-seller@example.com', password: 'Correct-Horse-9!' })).status).toBe(200);

    await pair.caughtUp();
    await replicaAdmin.query(`SELECT pg_wal_replay_pause()`);
    const [p] = await app.db.query(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images)
       VALUES ($1, 'Zinariya replicated lantern', 'A brass lantern', 450000, 'Kano', 2, 'active', '[]') RETURNING id`,
      [user.id],
    );
    // Replay paused: the replica has not got the listing, and search (reading the replica) does not find it …
    expect(await search('zinariya lantern')).toEqual([]);
    expect((await fetch(`${app.base}/api/products/${p.id}`)).status).toBe(404);
    // … while its seller, signed in, reads the primary and sees it at once.
    const own = await fetch(`${app.base}/api/products/${p.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(own.status).toBe(200);

    await replicaAdmin.query(`SELECT pg_wal_replay_resume()`);
    await pair.caughtUp();
    // Replayed is not always visible to the replica's pooled sessions in the same instant: asked again for up to 5 s.
    let found: number[] = [];
    for (let i = 0; i < 50 && !(found = await search('zinariya lantern')).length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(found).toEqual([p.id]);
    expect((await fetch(`${app.base}/api/products/${p.id}`)).status).toBe(200);
  });

  it('the replica serves reads and is never written to', async () => {
    const r = new Client({ connectionString: pair.replicaUrl(DB) });
    await r.connect();
    try {
      const [{ recovery }] = (await r.query(`SELECT pg_is_in_recovery() AS recovery`)).rows;
      expect(recovery).toBe(true); // a standby: a write sent here would have failed the requests above
      const [{ n }] = (
        await r.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name <> 'pg_basebackup'`, [DB])
      ).rows;
      expect(n).toBeGreaterThan(1); // the app's replica pool is connected (this client is one)
    } finally {
      await r.end();
    }
    const ready = await fetch(`${app.base}/api/health/ready`);
    expect(ready.status).toBe(200);
  });
});
