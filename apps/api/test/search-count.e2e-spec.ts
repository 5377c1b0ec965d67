import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { searchProducts } from './utils/catalog-fixtures';
import { ProductSearchService } from '../src/modules/catalog/product-search.service';
import { COUNT_FIRST_ROWS, hitCountSql, SAMPLE_ROWS, toHitCount } from '../src/modules/catalog/search-count';
import { createTestApp, TestApp } from './utils/test-app';

/**
 * Counts that cost no more than the page (docs/search.md: Counts): exact up to 1,000 hits or in a small table,
 * estimated from a sample beyond, flagged `totalIsEstimate`; and paging still walks every hit once.
 */
describe('search counts: exact when cheap, estimated when large', () => {
  let t: TestApp;
  const search = (q: Record<string, string | number>) => searchProducts(t, q);

  /**
   * A bulk insert, free of the app's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS): every row goes into a dozen
   * indexes, ~60 µs a row here, so 150,000 rows take ~10 s, and longer on a busy CI machine.
   */
  const bulkInsert = (sql: string, params: unknown[]) =>
    t.db.transaction(async (m) => {
      await m.query('SET LOCAL statement_timeout = 0');
      await m.query(sql, params);
    });

  /** n listings named "<word> item <i>", straight into the table (the API would take minutes for 30,000). */
  async function load(word: string, n: number, seller: number) {
    await bulkInsert(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, created_at)
       SELECT $1, $2 || ' item ' || i, 'bulk row', 100000 + i, 'Wuse, Abuja', now() - make_interval(secs => i) FROM generate_series(1, $3) i`,
      [seller, word, n],
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    await registerUser(t);
    const [{ id }] = await t.db.query(`SELECT id FROM app_user ORDER BY id LIMIT 1`);
    await load('kettle', 1500, id);
    await load('mortar', 40, id);
  });
  afterAll(() => t.close());

  it('counts a small table exactly, even past 1,000 hits', async () => {
    const body = await search({ search: 'kettle' });
    expect(body.meta).toMatchObject({ total: 1500, totalIsEstimate: false });
    expect((await search({})).meta).toMatchObject({ total: 1540, totalIsEstimate: false });
  });

  it('filters by a category inside the count and page statements; an over-long id is no category, not a 500', async () => {
    expect((await search({ category: '99999999999' })).meta.total).toBe(0);
    expect((await search({ category: 'no-such-slug', search: 'kettle' })).meta.total).toBe(0);
  });

  it('a category filter sees a sub-category made a moment ago (the cached subtree is dropped on every category write)', async () => {
    const admin = await adminToken(t);
    const mk = async (categoryName: string, parentCategoryID?: number) =>
      (await request(t.http).post('/api/category/categories').set(bearer(admin)).send({ categoryName, parentCategoryID }).expect(201)).body
        .data.id as number;
    const parent = await mk('Kitchen');
    expect((await search({ category: String(parent) })).meta.total).toBe(0);
    const child = await mk('Kettles', parent);
    await t.db.query(`UPDATE product SET category_id = $1 WHERE product_name LIKE 'mortar item %'`, [child]);
    expect((await search({ category: String(parent) })).meta.total).toBe(40);
    await t.db.query(`UPDATE product SET category_id = NULL WHERE category_id = $1`, [child]);
  });

  it('up to COUNT_FIRST_ROWS listings, few hits are counted from the indexes and the sample never runs; many hits still get it', async () => {
    const [{ id }] = await t.db.query(`SELECT id FROM app_user ORDER BY id LIMIT 1`);
    await load('whisk', 3000, id); // 4,540 listings: past SAMPLE_ROWS, under COUNT_FIRST_ROWS
    await t.db.query('ANALYZE product');
    const [{ rows }] = await t.db.query(`SELECT reltuples::int AS rows FROM pg_class WHERE oid = 'product'::regclass`);
    expect(rows).toBeGreaterThan(SAMPLE_ROWS);
    expect(rows).toBeLessThanOrEqual(COUNT_FIRST_ROWS);
    /** Whether the count statement for one word started its sample scan, and what it counted. */
    const counted = async (word: string) => {
      const where = `p.status = 'active' AND p.search @@ to_tsquery('english', $1)`;
      const [{ 'QUERY PLAN': plan }] = await t.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${hitCountSql(where)}`, [word]);
      const nodes: { 'Node Type': string; 'Actual Loops': number }[] = [];
      const walk = (n: { Plans?: unknown[] }) => (nodes.push(n as never), (n.Plans ?? []).forEach((c) => walk(c as never)));
      walk(plan[0].Plan);
      const [row] = await t.db.query(hitCountSql(where), [word]);
      return { sampled: nodes.find((n) => n['Node Type'] === 'Sample Scan')!['Actual Loops'] > 0, count: toHitCount(row) };
    };
    expect(await counted('mortar')).toMatchObject({ sampled: false, count: { total: 40, estimated: false } });
    expect((await counted('mortar')).count.share).toBeCloseTo(40 / rows, 5); // the share, from the exact count
    expect(await counted('nothingmatcheshere')).toMatchObject({ sampled: false, count: { total: 0, estimated: false } });
    const whisks = await counted('whisk');
    expect(whisks).toMatchObject({ sampled: true, count: { estimated: true } });
    expect(whisks.count.total).toBeGreaterThan(3000 * 0.8);
    expect(whisks.count.total).toBeLessThan(3000 * 1.2);
    // The same through the API: the page comes with the count.
    expect((await search({ search: 'mortar' })).meta).toMatchObject({ total: 40, totalIsEstimate: false });
    expect((await search({ search: 'whisk' })).meta.totalIsEstimate).toBe(true);
  });

  it('estimates a large hit count from a sample, counts a small one exactly, and still pages through every hit', async () => {
    const [{ id }] = await t.db.query(`SELECT id FROM app_user ORDER BY id LIMIT 1`);
    await load('blender', 30000, id);
    await t.db.query('ANALYZE product');
    const broad = await search({ search: 'blender' });
    expect(broad.meta.totalIsEstimate).toBe(true);
    expect(broad.meta.total).toBeGreaterThan(30000 * 0.8);
    expect(broad.meta.total).toBeLessThan(30000 * 1.2);
    expect(broad.data).toHaveLength(24);
    expect((await search({ search: 'mortar' })).meta).toMatchObject({ total: 40, totalIsEstimate: false });
    expect((await search({ search: 'nothingmatcheshere' })).meta).toMatchObject({ total: 0, totalIsEstimate: false });
    // 1,500 kettles: more than the exact cap in a large table, so an estimate; keyset paging still finds them all.
    const seen = new Set<number>();
    let cursor: string | undefined;
    do {
      const page = await search(cursor ? { search: 'kettle', limit: 100, cursor } : { search: 'kettle', limit: 100 });
      expect(page.meta.totalIsEstimate).toBe(true);
      for (const p of page.data) seen.add(p.id);
      cursor = page.meta.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.size).toBe(1500);
  });

  it('in a large table, a search with few hits is answered in one statement (the count carries the page), later pages too', async () => {
    const pg = (t.db.driver as unknown as { postgres: { Client: { prototype: { query: (...a: unknown[]) => unknown } } } }).postgres;
    const query = pg.Client.prototype.query;
    const sent: string[] = [];
    pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
      // The job queue polls through the same driver: its statements are not the search's.
      const text =
        typeof args[0] === 'string' || typeof (args[0] as { text?: string })?.text === 'string'
          ? String((args[0] as { text?: string }).text ?? args[0])
          : null;
      if (text !== null && !/pgboss\./.test(text)) sent.push(text);
      return query.apply(this, args);
    };
    const statements = async (q: Record<string, string | number>) => {
      sent.length = 0;
      const body = await search(q);
      return { body, sent: sent.filter((s) => /FROM product p/.test(s)).length };
    };
    try {
      // 40 mortars among 34,540 listings: ranked (relevance), and by price, each page with its count in one statement.
      const ranked = await statements({ search: 'mortar', limit: 25 });
      expect(ranked.body.meta).toMatchObject({ total: 40, totalIsEstimate: false });
      expect(ranked.sent).toBe(1);
      const next = await statements({ search: 'mortar', limit: 25, cursor: ranked.body.meta.nextCursor });
      expect(next.sent).toBe(1);
      expect(new Set([...ranked.body.data, ...next.body.data].map((p: { id: number }) => p.id)).size).toBe(40);
      const cheap = await statements({ search: 'mortar', sort: 'price_asc', limit: 10 });
      expect(cheap.sent).toBe(1);
      expect(cheap.body.data.map((p: { productPrice: string }) => p.productPrice)).toEqual(
        [...Array(10)].map((_, i) => (1000 + (i + 1) / 100).toFixed(2)),
      ); // kobo 100001…
      // Many hits (an estimate): the count alone, then the page walks the newest index (two statements).
      const broad = await statements({ search: 'blender', limit: 5 });
      expect(broad.body.meta.totalIsEstimate).toBe(true);
      expect(broad.sent).toBe(2);
      // No hit: one statement, and no page.
      expect((await statements({ search: 'mortar', minPrice: 999999 })).sent).toBe(1);
    } finally {
      pg.Client.prototype.query = query;
    }
  });

  it('a price sort with a price range walks the price index when the hits are few in the table but dense in the range', async () => {
    const [{ id }] = await t.db.query(`SELECT id FROM app_user ORDER BY id LIMIT 1`);
    // 1,200 pots priced ₦5,000.01–₦5,012.00 beside 1,000 other listings in that range, in ~180,000 listings: 0.7% of
    // the table (under WALK_SHARE, 1%), more than half of the range.
    await bulkInsert(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location)
       SELECT $1, CASE WHEN i <= 1200 THEN 'Jollof pot ' ELSE 'Filler item ' END || i, 'bulk row',
              CASE WHEN i <= 2200 THEN 500000 + i ELSE 90000000 + i END, 'Wuse, Abuja'
       FROM generate_series(1, 150000) i ORDER BY (i * 7919) % 150001`, // spread over the table, as a range's listings are (the sample reads whole blocks)
      [id],
    );
    await t.db.query('ANALYZE product');
    const q = { search: 'jollof pot', sort: 'price_asc' as const, minPrice: '5000', maxPrice: '5030' };
    const page = await search(q);
    expect(page.meta.totalIsEstimate).toBe(true); // more than EXACT_CAP hits
    expect(page.data.map((p: { productName: string }) => p.productName)).toEqual([...Array(24)].map((_, i) => `Jollof pot ${i + 1}`));
    // The page walks the listings in the range in price order, the words checked as it goes (hidden from the
    // planner's index choice and estimate: "COALESCE"), instead of fetching every text hit and sorting them.
    const plan = await t.app.get(ProductSearchService).explain(q);
    expect(plan).toMatch(/Index Scan using product_price_idx/);
    expect(plan).toMatch(/COALESCE\(\(search @@/);
  }, 60_000);

  it('past 1,000 hits, words that are 0.25–1% of the table walk the newest index instead of collecting every text hit', async () => {
    // The 1,200 pots of the test before: 0.7% of ~180,000 listings, newest first (relevance past RANK_CAP).
    const page = await search({ search: 'jollof pot' });
    expect(page.meta.totalIsEstimate).toBe(true);
    expect(page.data).toHaveLength(24);
    expect(page.data.every((p: { productName: string }) => p.productName.startsWith('Jollof pot'))).toBe(true);
    const plan = await t.app.get(ProductSearchService).explain({ search: 'jollof pot' });
    expect(plan).toMatch(/Index Scan using product_newest_idx/);
    expect(plan).toMatch(/COALESCE\(\(search @@/);
  });

  it('a page without words finds its ids in the indexes alone (category and place, or a price range: index-only)', async () => {
    const admin = await adminToken(t);
    const category = (await request(t.http).post('/api/category/categories').set(bearer(admin)).send({ categoryName: 'Pots' }).expect(201))
      .body.data.id as number;
    const [{ stateId, cityId }] = await t.db.query(`SELECT state_id AS "stateId", id AS "cityId" FROM location_city WHERE name = 'Wuse'`);
    await t.db.query(
      `UPDATE product SET category_id = $1, state_id = $2, city_id = $3 WHERE product_name LIKE 'Filler item %' AND id % 40 = 0`,
      [category, stateId, cityId],
    );
    // The visibility map, as autovacuum keeps it, and statistics from every row (ANALYZE's default is a random sample:
    // plans that flip from one run to the next).
    const runner = t.db.createQueryRunner();
    try {
      await runner.query('SET default_statistics_target = 1000');
      await runner.query('VACUUM ANALYZE product');
    } finally {
      await runner.release();
    }
    const explain = (q: object) => t.app.get(ProductSearchService).explain(q as never);
    const range = 'price_kobo BETWEEN 90010000 AND 90060000';
    const cases: [Record<string, string | number>, string, unknown[], RegExp][] = [
      [
        { category, stateId, cityId, sort: 'price_asc' },
        'state_id = $2 AND city_id = $3 ORDER BY price_kobo, id',
        [stateId, cityId],
        /Index Only Scan/,
      ],
      // The price index's own columns hold the category: the range walked in price order, nothing read from the table.
      [
        { category, minPrice: '900100', maxPrice: '900600', sort: 'price_desc' },
        `${range} ORDER BY price_kobo DESC, id DESC`,
        [],
        /Index Only Scan Backward using product_price_idx/,
      ],
      // Newest first, the planner may as well walk the newest index and check the category and price on the way.
      [
        { category, minPrice: '900100', maxPrice: '900600', sort: 'newest' },
        `${range} ORDER BY created_at DESC, id DESC`,
        [],
        /Index (Only )?Scan/,
      ],
    ];
    for (const [q, rest, params, plan] of cases) {
      const rows: { id: number }[] = await t.db.query(
        `SELECT id FROM product WHERE status = 'active' AND category_id = $1 AND ${rest} LIMIT 24`,
        [category, ...params],
      );
      expect(rows).toHaveLength(24);
      expect((await search(q)).data.map((p: { id: number }) => p.id)).toEqual(rows.map((r) => r.id));
      expect(await explain(q)).toMatch(plan);
    }
  }, 60_000);
});
