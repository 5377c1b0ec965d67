import request from 'supertest';
import { Locations1764030000001 } from '../src/database/migrations/1764030000001-locations';
import { DeliveryPlaces1764240000001 } from '../src/database/migrations/1764240000001-delivery-places';
import { bearer, registerUser } from './utils/actors';
import { withFields } from './utils/catalog-fixtures';
import { CITY, STATE } from './utils/places';
import { createTestApp, TestApp } from './utils/test-app';

/** docs/delivery.md (Location): state and city ids from a fixed list, the one-line place built from them. */
describe('location: states and cities on listings and in search', () => {
  let t: TestApp;
  let token: string;
  const { LAGOS, FCT, RIVERS } = STATE;
  const { IKEJA, LEKKI, YABA, WUSE, PORT_HARCOURT } = CITY;

  async function post(productName: string, fields: Record<string, string | number>, status = 201) {
    const f = { productName, productPrice: '1000', productDescription: 'Clean', platformCommissionAgreement: 'agreed', ...fields };
    return (await withFields(request(t.http).post('/api/products').set(bearer(token)), f).expect(status)).body;
  }
  const search = async (q: Record<string, string | number>) =>
    ((await request(t.http).get('/api/products').query(q).expect(200)).body.data as { productName: string }[])
      .map((p) => p.productName)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerUser(t)).token;
  });
  afterAll(() => t.close());

  it('GET /api/locations lists the 36 states and the FCT with their cities, public and cacheable', async () => {
    const res = await request(t.http).get('/api/locations').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body.data).toHaveLength(37);
    const lagos = res.body.data.find((s: { id: number }) => s.id === LAGOS);
    expect(lagos.name).toBe('Lagos');
    expect(lagos.cities).toEqual(
      expect.arrayContaining([
        { id: IKEJA, name: 'Ikeja' },
        { id: LEKKI, name: 'Lekki' },
      ]),
    );
    expect(res.body.data.find((s: { id: number }) => s.id === FCT).cities).toEqual(expect.arrayContaining([{ id: WUSE, name: 'Wuse' }]));
  });

  it("GET /api/locations/{stateId}/lgas lists a state's local government areas (774 in the database), public and cacheable", async () => {
    expect((await t.db.query(`SELECT count(*)::int AS n FROM location_lga`))[0].n).toBe(774);
    const res = await request(t.http).get(`/api/locations/${LAGOS}/lgas`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        { id: 250008, name: 'Eti Osa' },
        { id: 250011, name: 'Ikeja' },
      ]),
    );
    expect((await request(t.http).get(`/api/locations/${FCT}/lgas`).expect(200)).body.data.map((l: { name: string }) => l.name)).toEqual(
      expect.arrayContaining(['Abuja Municipal Area Council', 'Bwari', 'Gwagwalada', 'Kuje', 'Kwali', 'Abaji']),
    );
    for (const bad of ['99', '0', 'abc', '99999999999'])
      expect((await request(t.http).get(`/api/locations/${bad}/lgas`).expect(404)).body.code).toBe('STATE_NOT_FOUND');
    expect((await request(t.http).get(`/api/locations/1%00/lgas`)).status).toBe(422);
    // The cities that lie in one LGA know it (Lekki is in Eti-Osa; Ibadan spreads over five and knows none).
    const lgaOf = async (cityId: number) => (await t.db.query(`SELECT lga_id FROM location_city WHERE id = $1`, [cityId]))[0].lga_id;
    expect(await lgaOf(LEKKI)).toBe(250008);
    expect(await lgaOf(IKEJA)).toBe(250011);
    expect(await lgaOf(3101)).toBeNull();
  });

  it('a listing takes stateId + cityId and answers with the ids and "Ikeja, Lagos"', async () => {
    const { data } = await post('Location gas cooker', { stateId: LAGOS, cityId: IKEJA, productLocation: 'ignored when ids are sent' });
    expect(data).toMatchObject({ stateId: LAGOS, cityId: IKEJA, productLocation: 'Ikeja, Lagos' });
    const again = await request(t.http).get(`/api/products/${data.id}`).expect(200);
    expect(again.body.data).toMatchObject({ stateId: LAGOS, cityId: IKEJA, productLocation: 'Ikeja, Lagos' });
    const edited = await request(t.http)
      .put(`/api/products/edit/${data.id}`)
      .set(bearer(token))
      .field('stateId', String(FCT))
      .field('cityId', String(WUSE))
      .expect(200);
    expect(edited.body.data).toMatchObject({ stateId: FCT, cityId: WUSE, productLocation: 'Wuse, Abuja (FCT)' });
    const renamed = await request(t.http)
      .put(`/api/products/edit/${data.id}`)
      .set(bearer(token))
      .field('productName', 'Location gas cooker 2')
      .expect(200);
    expect(renamed.body.data).toMatchObject({ stateId: FCT, cityId: WUSE, productLocation: 'Wuse, Abuja (FCT)' });
  });

  it('the city must be on the list and in the state', async () => {
    const fields = (body: { error: { field: string; message: string }[] }) => body.error;
    expect(fields(await post('x', { stateId: LAGOS, cityId: PORT_HARCOURT }, 422))).toEqual([
      { field: 'cityId', message: 'Port Harcourt is not in Lagos' },
    ]);
    expect(fields(await post('x', { stateId: 999, cityId: IKEJA }, 422))).toEqual([
      { field: 'stateId', message: 'Choose a state from the list' },
    ]);
    expect(fields(await post('x', { stateId: LAGOS }, 422))).toEqual([{ field: 'cityId', message: 'Choose a city or area' }]);
    expect(fields(await post('x', { stateId: LAGOS, cityId: 999999 }, 422))).toEqual([
      { field: 'cityId', message: 'Choose a city or area from the list' },
    ]);
    expect(fields(await post('x', { stateId: 'lagos', cityId: IKEJA }, 422))[0].field).toBe('stateId');
    expect(fields(await post('x', {}, 422))).toEqual([{ field: 'productLocation', message: 'Location is required' }]);
    expect(fields(await post('x', { productLocation: 'Moon base' }, 422))).toEqual([
      { field: 'productLocation', message: 'Choose a state and a city or area from the list' },
    ]);
  });

  it("a client sending only the spec's productLocation gets the place it names", async () => {
    const { data } = await post('Location text sofa', { productLocation: 'yaba lagos' });
    expect(data).toMatchObject({ stateId: LAGOS, cityId: YABA, productLocation: 'Yaba, Lagos' });
  });

  it("search filters by stateId and cityId (the spec's location only as a place name); free text never filters location", async () => {
    await post('Locfilter fridge Ikeja', { stateId: LAGOS, cityId: IKEJA });
    await post('Locfilter fridge Lekki', { stateId: LAGOS, cityId: LEKKI });
    await post('Locfilter fridge PH', { stateId: RIVERS, cityId: PORT_HARCOURT });
    expect(await search({ search: 'locfilter', stateId: LAGOS })).toEqual(['Locfilter fridge Ikeja', 'Locfilter fridge Lekki']);
    expect(await search({ search: 'locfilter', cityId: LEKKI })).toEqual(['Locfilter fridge Lekki']);
    expect(await search({ search: 'locfilter', stateId: LAGOS, cityId: PORT_HARCOURT })).toEqual([]);
    expect(await search({ search: 'locfilter', location: 'Lagos' })).toEqual(['Locfilter fridge Ikeja', 'Locfilter fridge Lekki']);
    expect(await search({ search: 'locfilter', location: 'Port Harcourt' })).toEqual(['Locfilter fridge PH']);
    expect(await search({ search: 'locfilter', location: 'fridge' })).toEqual([]);
    // The place is not in the searched text: "lagos" finds no listing whose name and description do not say it.
    // (Near-miss searches fall back to listings matching some words, labelled partial: none matches "lagos".)
    const near = (await request(t.http).get('/api/products').query({ search: 'locfilter lagos' }).expect(200)).body;
    expect(near.meta).toMatchObject({ partial: true, matchedWords: ['locfilter'] });
    const bad = await request(t.http).get('/api/products').query({ stateId: 'lagos' }).expect(422);
    expect(bad.body.error[0].field).toBe('stateId');
  });

  it('a search by place costs no statement of its own: at most 2 in all (count and page; 1 in a small catalogue), the place list read once per process', async () => {
    await search({ stateId: LAGOS }); // the list is read on first use
    const pg = (t.db.driver as unknown as { postgres: { Client: { prototype: { query: (...a: unknown[]) => unknown } } } }).postgres;
    const query = pg.Client.prototype.query;
    const sent: unknown[] = [];
    pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
      // The job queue polls through the same driver: its statements are not the search's.
      if (!/pgboss\./.test(String((args[0] as { text?: string })?.text ?? args[0]))) sent.push(args[0]);
      return query.apply(this, args);
    };
    try {
      // Every statement reads listings: none reads the place list (a small catalogue's page comes with its count).
      const listingsOnly = () =>
        sent.length >= 1 && sent.length <= 2 && sent.every((x) => /FROM product p\b/.test(String((x as { text?: string })?.text ?? x)));
      await search({ stateId: LAGOS, cityId: IKEJA, sort: 'price_asc' });
      expect(listingsOnly()).toBe(true);
      sent.length = 0;
      await search({ location: 'Ikeja, Lagos' });
      expect(listingsOnly()).toBe(true);
    } finally {
      pg.Client.prototype.query = query;
    }
  });

  it('the location filter uses the state and city indexes, like the category filter', async () => {
    // A small table may rightly be read whole; with that off, the planner shows the index it would use at scale.
    const runner = t.db.createQueryRunner();
    try {
      await runner.query(`SET enable_seqscan = off`);
      const plan = async (col: string, id: number) =>
        (
          (await runner.query(
            `EXPLAIN SELECT id FROM product WHERE status = 'active' AND ${col} = ${id} ORDER BY created_at DESC, id DESC LIMIT 25`,
          )) as { 'QUERY PLAN': string }[]
        )
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      expect(await plan('state_id', LAGOS)).toMatch(/Index (Only )?Scan using product_state_newest_idx/);
      expect(await plan('city_id', IKEJA)).toMatch(/Index (Only )?Scan using product_city_newest_idx/);
      // A category in a place, with a price range: the hits come from one index, without reading the listings (the
      // category-and-place index, or the price index, which carries the category and place too).
      const hits = (
        (await runner.query(
          `EXPLAIN SELECT p.id, p.price_kobo FROM product p WHERE p.status = 'active' AND p.category_id = ANY('{1,2}') AND p.state_id = ${LAGOS} AND p.city_id = ${IKEJA} AND p.price_kobo >= 100 AND p.price_kobo <= 900000`,
        )) as { 'QUERY PLAN': string }[]
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(hits).toMatch(/Index Only Scan using product_(category_place|price)_idx/);
    } finally {
      await runner.query(`RESET ALL`);
      await runner.release();
    }
  });

  it('words in a state or a city are one GIN scan over both (product_search_place_idx), not two bitmaps intersected', async () => {
    // A table big enough for the planner to choose as it does at scale: 6,000 listings in a transaction rolled back.
    const seller = (await registerUser(t)).user.id;
    const runner = t.db.createQueryRunner();
    await runner.startTransaction();
    try {
      await runner.query(
        `INSERT INTO product (user_id, product_name, price_kobo, location, state_id, city_id)
         SELECT $1, CASE WHEN i % 50 = 0 THEN 'Dell laptop ' ELSE 'Tecno phone ' END || i, 100000, 'x',
                CASE WHEN i % 3 = 0 THEN ${LAGOS} ELSE ${FCT} END, CASE WHEN i % 3 = 0 THEN ${IKEJA} ELSE ${WUSE} END
         FROM generate_series(1, 6000) AS i`,
        [seller],
      );
      await runner.query(`ANALYZE product`);
      // New rows wait in the GIN's pending list (fastupdate) until a vacuum; at scale it holds a moment's writes at most.
      await runner.query(`SELECT gin_clean_pending_list('product_search_place_idx')`);
      await runner.query(`SET LOCAL enable_seqscan = off`); // still small enough to be read whole
      for (const [col, id] of [
        ['state_id', LAGOS],
        ['city_id', IKEJA],
      ] as const) {
        // Parameters untyped, as the search sends them: Postgres reads the place as the column's own type.
        const plan = (
          (await runner.query(
            `EXPLAIN SELECT p.id FROM product p WHERE p.status = 'active' AND p.search @@ to_tsquery('english', $1) AND p.${col} = $2`,
            ['laptop:*', id],
          )) as {
            'QUERY PLAN': string;
          }[]
        )
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan).toMatch(
          new RegExp(`Bitmap Index Scan on product_search_place_idx.*\\n\\s+Index Cond: \\(\\(search @@ .*\\) AND \\(${col} = `),
        );
        expect(plan).not.toMatch(/BitmapAnd/);
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('the migration reads old free-text locations: a city (with its state), else a state; text naming no place keeps its words', async () => {
    const seller = (await registerUser(t)).user.id;
    const migration = new Locations1764030000001();
    // The LGAs and delivery options build on the places: taken down first and put back after, reading the same rows.
    const later = new DeliveryPlaces1764240000001();
    const runner = t.db.createQueryRunner();
    try {
      await later.down(runner);
      await migration.down(runner);
      const texts = ['Plot 5, Allen Avenue, Ikeja', 'Wuse 2, Abuja', 'PH', 'Delta State', 'Behind the big mosque'];
      const ids: number[] = [];
      for (const text of texts) {
        const [row] = await runner.query(
          `INSERT INTO product (user_id, product_name, price_kobo, location) VALUES ($1, 'Old listing', 100, $2) RETURNING id`,
          [seller, text],
        );
        ids.push(row.id);
      }
      await migration.up(runner);
      const rows: { location: string; state_id: number | null; city_id: number | null }[] = await runner.query(
        `SELECT location, state_id, city_id FROM product WHERE id = ANY($1) ORDER BY id`,
        [ids],
      );
      expect(rows).toEqual([
        { location: 'Ikeja, Lagos', state_id: LAGOS, city_id: IKEJA },
        { location: 'Wuse 2, Abuja (FCT)', state_id: FCT, city_id: 1503 },
        { location: 'Port Harcourt, Rivers', state_id: RIVERS, city_id: PORT_HARCOURT },
        { location: 'Delta', state_id: 10, city_id: null },
        { location: 'Behind the big mosque', state_id: null, city_id: null },
      ]);
      await later.up(runner);
      // A listing in a city that lies in one LGA knows it (Ikeja; Wuse 2 in the Abuja Municipal Area Council; Port
      // Harcourt by its LGA's name); every old listing keeps the product's delivery terms.
      const delivery = await runner.query(
        `SELECT lga_id, pickup, delivery_lga_kobo::int AS lga, delivery_state_kobo::int AS state, delivery_other_kobo::int AS other, pay_on_delivery
           FROM product WHERE id = ANY($1) ORDER BY id`,
        [ids],
      );
      expect(delivery.map((d: { lga_id: number | null }) => d.lga_id)).toEqual([250011, 150002, 330022, null, null]);
      for (const d of delivery)
        expect(d).toMatchObject({ pickup: false, lga: 450000, state: 450000, other: 450000, pay_on_delivery: false });
    } finally {
      await runner.release();
    }
  });
});
