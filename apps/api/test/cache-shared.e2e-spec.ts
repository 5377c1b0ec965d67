import { SeoService } from '../src/pages/seo.service';
import { CacheService } from '../src/modules/cache/cache.service';
import { bootApp, describeRedis, freshDatabase, requireRedis, RunningApp, TEST_REDIS_URL } from './utils/scale-apps';

/** Two replicas, one Redis: a cached read filled through A is dropped by a write through B (shared entry + pub/sub). */
describeRedis('cache shared through Redis', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: RunningApp;
  let b: RunningApp;
  let adminB: string;
  beforeAll(async () => {
    await requireRedis();
    db = await freshDatabase();
    a = await bootApp(db.url, { REDIS_URL: TEST_REDIS_URL });
    b = await bootApp(db.url, { REDIS_URL: TEST_REDIS_URL });
    const res = await fetch(`${b.base}/api/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kasuwa.test', password: 'kasuwa-admin-2026' }),
    });
    adminB = ((await res.json()) as { accessToken: string }).accessToken;
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
  });

  /** Pub/sub reaches the other process a moment after the write's answer: poll briefly for it. */
  async function eventually<T>(read: () => Promise<T>, want: T): Promise<void> {
    const until = Date.now() + 3000;
    let last = await read();
    while (JSON.stringify(last) !== JSON.stringify(want) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
      last = await read();
    }
    expect(last).toEqual(want);
  }
  const names = async (app: RunningApp): Promise<string[]> => {
    const res = await fetch(`${app.base}/api/category/categories`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { categories: { categoryName: string }[] } }).data.categories.map((c) => c.categoryName).sort();
  };
  const admin = (app: RunningApp, method: string, path: string, body?: unknown) =>
    fetch(`${app.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminB}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('the category list cached through A is dropped by a category write through B', async () => {
    const before = await names(a);
    // Written behind the API's back: A keeps answering from its cache, so the list really is cached.
    await a.db.query(`INSERT INTO category (category_name, slug, status) VALUES ('Behind the back', 'behind-the-back', 'active')`);
    expect(await names(a)).toEqual(before);
    expect(await names(b)).toEqual(before); // B finds A's entry in Redis
    expect((await admin(b, 'POST', '/api/category/categories', { categoryName: 'Written via B' })).status).toBe(201);
    const after = [...before, 'Behind the back', 'Written via B'].sort();
    await eventually(() => names(a), after);
    expect(await names(b)).toEqual(after);
  });

  it("a listing page's meta tags cached in A are dropped when B blocks the listing", async () => {
    const [user] = await a.db.query(
      `INSERT INTO app_user (email, first_name, last_name, password_hash, status) VALUES ('seller-cache@example.com', 'S', 'C', 'x', 'active') RETURNING id`,
    );
    // Written behind the API's back with the triggers off: the search outbox's drain (every 5 s) would otherwise
    // drop the cached entry on its own, at a moment of its choosing, and this test is about B's write reaching A.
    const quietly = <T>(sql: string, params: unknown[]): Promise<T> =>
      a.db.transaction(async (m) => {
        await m.query(`SET LOCAL session_replication_role = replica`);
        return m.query(sql, params);
      });
    const [p] = await quietly<{ id: number }[]>(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images)
       VALUES ($1, 'Cached kettle', 'A kettle', 250000, 'Kano', 3, 'active', '[]') RETURNING id`,
      [user.id],
    );
    const seoA = a.app.get(SeoService);
    expect((await seoA.productMeta(p.id))?.title).toMatch(/^Cached kettle/);
    await quietly(`UPDATE product SET product_name = 'Renamed kettle' WHERE id = $1`, [p.id]);
    expect((await seoA.productMeta(p.id))?.title).toMatch(/^Cached kettle/);
    expect((await admin(b, 'POST', `/api/admin/products/${p.id}/block`, { reason: 'Counterfeit' })).status).toBeLessThan(300);
    await eventually(() => seoA.productMeta(p.id), null);
  });

  it('getOrSet, delete and prefixes reach the other replica', async () => {
    const ca = a.app.get(CacheService);
    const cb = b.app.get(CacheService);
    let loads = 0;
    const load = async () => ++loads;
    expect(await ca.getOrSet('t:one', 60_000, load)).toBe(1);
    expect(await cb.getOrSet('t:one', 60_000, load)).toBe(1); // from Redis, not loaded again
    await cb.delete('t:one');
    await eventually(() => ca.getOrSet('t:one', 60_000, load), 2);
    expect(await ca.getOrSet('t:pre:x', 60_000, load)).toBe(3);
    await cb.deletePrefix('t:pre:');
    await eventually(() => ca.getOrSet('t:pre:x', 60_000, load), 4);
  });
});
