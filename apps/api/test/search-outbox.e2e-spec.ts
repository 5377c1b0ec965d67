import { CacheService } from '../src/modules/cache/cache.service';
import { CatalogueVersion } from '../src/modules/catalog/catalogue-version.service';
import { productCacheTag } from '../src/modules/catalog/product-cache';
import { SEARCH_ENGINE, type SearchEngine } from '../src/modules/catalog/search-engine';
import { SearchOutboxService } from '../src/modules/catalog/search-outbox.service';
import { SeoService } from '../src/pages/seo.service';
import { registerUser } from './utils/actors';
import { createTestApp, TestApp } from './utils/test-app';

/** Every listing change, from any raw-SQL writer, reaches search_outbox (triggers); the job drains it into the engine. */
describe('search outbox', () => {
  let t: TestApp;
  let seller: number;
  beforeAll(async () => {
    // Role web runs no jobs: the test drains by hand and sees the outbox as the triggers left it.
    t = await createTestApp({ KASUWA_ROLE: 'web' });
    seller = (await registerUser(t)).user.id;
  });
  afterAll(() => t.close());

  const pending = async () =>
    (await t.db.query(`SELECT product_id, op FROM search_outbox ORDER BY id`)) as { product_id: number; op: string }[];
  const insert = (name: string) =>
    t.db.query(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images)
       VALUES ($1, $2, 'An outbox item', 100000, 'Abuja', 2, 'active', '[]'), ($1, $2 || ' two', 'Another', 100000, 'Abuja', 2, 'active', '[]') RETURNING id`,
      [seller, name],
    ) as Promise<{ id: number }[]>;

  it('inserts, updates and deletes by raw SQL each leave one row per listing', async () => {
    await t.app.get(SearchOutboxService).drain();
    const [a, b] = await insert('Outbox radio');
    await t.db.query(`UPDATE product SET quantity = quantity - 1 WHERE id = $1`, [a.id]);
    await t.db.query(`DELETE FROM product WHERE id = $1`, [b.id]);
    expect(await pending()).toEqual([
      { product_id: a.id, op: 'upsert' },
      { product_id: b.id, op: 'upsert' },
      { product_id: a.id, op: 'upsert' },
      { product_id: b.id, op: 'delete' },
    ]);
  });

  it('the drain hands the engine the last change of each listing once and empties the outbox', async () => {
    const engine = t.app.get<SearchEngine>(SEARCH_ENGINE);
    const seen: unknown[] = [];
    const apply = engine.apply.bind(engine);
    engine.apply = async (changes) => {
      seen.push(...changes);
      return apply(changes);
    };
    const rows = await pending();
    expect(await t.app.get(SearchOutboxService).drain()).toBe(rows.length);
    expect(seen).toEqual([
      { productId: rows[0].product_id, op: 'upsert' },
      { productId: rows[1].product_id, op: 'delete' },
    ]);
    expect(await pending()).toEqual([]);
    expect(await t.app.get(SearchOutboxService).drain()).toBe(0);
    engine.apply = apply;
  });

  it('a failing engine leaves the changes in the outbox for the next run', async () => {
    const engine = t.app.get<SearchEngine>(SEARCH_ENGINE);
    const apply = engine.apply.bind(engine);
    await insert('Outbox kettle');
    engine.apply = async () => {
      throw new Error('engine down');
    };
    await expect(t.app.get(SearchOutboxService).drain()).rejects.toThrow('engine down');
    expect(await pending()).toHaveLength(2);
    engine.apply = apply;
    expect(await t.app.get(SearchOutboxService).drain()).toBe(2);
  });

  it('a backlog drains in batches, each starting after the last; a change committed meanwhile under a lower id waits for the next run', async () => {
    const engine = t.app.get<SearchEngine>(SEARCH_ENGINE);
    const apply = engine.apply.bind(engine);
    await t.app.get(SearchOutboxService).drain();
    const [listing] = await insert('Outbox backlog');
    // 2,500 changes: a bulk load's backlog in small.
    await t.db.query(`INSERT INTO search_outbox (product_id, op) SELECT $1, 'upsert' FROM generate_series(1, 2500)`, [listing.id]);
    const [{ low }] = (await t.db.query(`SELECT min(id)::text AS low FROM search_outbox`)) as { low: string }[];
    let batches = 0;
    engine.apply = async (changes) => {
      // After the first batch, a slow writer commits a change whose id is below the ones already taken.
      if (batches++ === 0)
        await t.db.query(`INSERT INTO search_outbox (id, product_id, op) VALUES ($1, $2, 'delete')`, [BigInt(low) - 1n, listing.id]);
      return apply(changes);
    };
    expect(await t.app.get(SearchOutboxService).drain()).toBe(2502);
    expect(batches).toBe(3);
    engine.apply = apply;
    expect(await pending()).toEqual([{ product_id: listing.id, op: 'delete' }]);
    expect(await t.app.get(SearchOutboxService).drain()).toBe(1);
  });

  it("a change by a writer that knows nothing of caches still drops the listing's cached meta tags", async () => {
    const [p] = await insert('Outbox lamp');
    const seo = t.app.get(SeoService);
    expect((await seo.productMeta(p.id))?.title).toMatch(/^Outbox lamp/);
    await t.db.query(`UPDATE product SET product_name = 'Outbox lantern' WHERE id = $1`, [p.id]);
    expect((await seo.productMeta(p.id))?.title).toMatch(/^Outbox lamp/); // cached
    await t.app.get(SearchOutboxService).drain();
    expect((await seo.productMeta(p.id))?.title).toMatch(/^Outbox lantern/);
  });

  it('the drain drops cached reads without moving the catalogue version: the change moved it when it was written', async () => {
    const cache = t.app.get(CacheService);
    const version = t.app.get(CatalogueVersion);
    for (let i = 0; i < 100 && version.current === null; i++) await new Promise((r) => setTimeout(r, 50)); // listening
    const tag = productCacheTag(424_242); // no such listing: nothing announces a change of it
    let loads = 0;
    const read = () => cache.getOrSet('outbox-test:meta', 60_000, async () => ++loads, { tags: [tag] });
    await read();
    const before = version.current;
    expect(before).not.toBeNull();
    await t.db.query(`INSERT INTO search_outbox (product_id, op) VALUES (424242, 'upsert')`);
    expect(await t.app.get(SearchOutboxService).drain()).toBe(1);
    expect(await read()).toBe(2); // the cached read was dropped
    expect(version.current).toBe(before); // pages cached since the change was written are still good
    // A writer's own invalidation (right after its commit) moves it at once.
    await cache.invalidateTags(tag);
    expect(version.current).not.toBe(before);
  });

  it('search answers through the engine seam', async () => {
    const res = await fetch(
      `http://127.0.0.1:${(t.http.listening ? t.http : t.http.listen(0)).address().port}/api/products?search=lantern`,
    );
    const body = (await res.json()) as { data: { productName: string }[] };
    expect(body.data.map((p) => p.productName)).toContain('Outbox lantern');
  });
});
