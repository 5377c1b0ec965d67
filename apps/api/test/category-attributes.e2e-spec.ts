import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { withFields } from './utils/catalog-fixtures';
import { createTestApp, TestApp } from './utils/test-app';

type Attrs = Record<string, string | number>;
type Row = { id: number; productName: string; attributes: Attrs; productCategoryID: number | null };
type Facet = { key: string; label: string; type: string; values: { value: string; count: number; estimated: boolean }[] };

const CAR_ATTRIBUTES = [
  { key: 'make', label: 'Make', type: 'choice', required: true, values: ['Toyota', 'Honda', 'Lexus', 'Kia'] },
  { key: 'model', label: 'Model', type: 'text' },
  { key: 'year', label: 'Year', type: 'year', required: true },
  { key: 'mileage', label: 'Mileage', type: 'number', unit: 'km' },
  { key: 'transmission', label: 'Transmission', type: 'choice', values: ['Automatic', 'Manual'] },
];

describe('category attributes: definitions, listing values, filters and facet counts', () => {
  let t: TestApp;
  let admin: string;
  let seller: string;
  const cat: Record<string, number> = {};
  /** Every car listed, with its attributes as answered (the brute-force side of the filter and facet checks). */
  const cars: Row[] = [];

  const form = (fields: Record<string, unknown>) =>
    withFields(request(t.http).post('/api/products').set(bearer(seller)), {
      productName: 'A car',
      productPrice: '5000000',
      productLocation: 'Ikeja, Lagos',
      platformCommissionAgreement: 'agreed',
      ...fields,
    });
  const edit = (id: number, fields: Record<string, unknown>) =>
    withFields(request(t.http).put(`/api/products/edit/${id}`).set(bearer(seller)), fields);
  const search = (q: Record<string, string | number | string[]>) => request(t.http).get('/api/products').query(q);
  const messages = (res: request.Response) => (res.body.error ?? []).map((e: { message: string }) => e.message).join(' | ');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
    seller = (await registerUser(t)).token;
    const mk = async (categoryName: string, parentCategoryID?: number, attributes?: unknown) =>
      (
        await request(t.http)
          .post('/api/admin/categories')
          .set(bearer(admin))
          .send({ categoryName, parentCategoryID, attributes })
          .expect(201)
      ).body.id as number;
    cat.vehicles = await mk('Vehicles');
    cat.cars = await mk('Cars', cat.vehicles, CAR_ATTRIBUTES);
    cat.parts = await mk('Vehicle Parts', cat.vehicles, [{ key: 'make', label: 'Fits make', type: 'choice', values: ['Toyota', 'Honda'] }]);
    cat.fashion = await mk('Fashion', undefined, [{ key: 'size', label: 'Size', type: 'choice', values: ['S', 'M', 'L'] }]);
    cat.shoes = await mk('Shoes', cat.fashion);
    cat.plain = await mk('Plain things');
    // 40 cars: makes, years and mileages cycled so filters and facets have overlapping, uneven groups.
    const makes = ['Toyota', 'Toyota', 'Honda', 'Lexus', 'Kia'];
    for (let i = 0; i < 40; i++) {
      const attributes: Attrs = { make: makes[i % 5], year: 2005 + (i % 11), transmission: i % 3 ? 'Automatic' : 'Manual' };
      if (i % 4) attributes.mileage = 20_000 + i * 7_000;
      const res = await form({ productName: `Car ${i}`, productCategoryID: String(cat.cars), attributes }).expect(201);
      cars.push(res.body.data);
    }
    // Listings without attributes (other categories, no category) keep working beside them.
    await form({ productName: 'Plain lamp', productCategoryID: String(cat.plain) }).expect(201);
    await form({ productName: 'Uncategorised thing' }).expect(201);
  });
  afterAll(() => t.close());

  describe('definitions', () => {
    it('are stored, answered and inherited by sub-categories (parent first)', async () => {
      const shoes = (await request(t.http).get(`/api/category/categories/${cat.shoes}`).expect(200)).body.data;
      expect(shoes.attributes).toEqual([]);
      expect(shoes.effectiveAttributes.map((d: { key: string }) => d.key)).toEqual(['size']);
      const cars = (await request(t.http).get(`/api/category/categories/${cat.cars}`).expect(200)).body.data;
      expect(cars.attributes.map((d: { key: string }) => d.key)).toEqual(['make', 'model', 'year', 'mileage', 'transmission']);
      expect(cars.attributes[3]).toEqual({ key: 'mileage', label: 'Mileage', type: 'number', unit: 'km', required: false });
      // The public list stays lean: a form asks one category.
      const list = (await request(t.http).get('/api/category/categories').expect(200)).body.data.categories;
      expect(list.find((c: { id: number }) => c.id === cat.cars).attributes).toBeUndefined();
    });

    it('are edited by an admin only, checked, and audited', async () => {
      const id = cat.plain;
      await request(t.http).put(`/api/admin/categories/${id}`).send({ attributes: [] }).expect(401);
      await request(t.http)
        .put(`/api/admin/categories/${id}`)
        .set(bearer(seller))
        .send({ attributes: [] })
        .expect((r) => expect([401, 403]).toContain(r.status));
      const bad = async (attributes: unknown, text: RegExp) => {
        const res = await request(t.http)
          .put(`/api/admin/categories/${id}`)
          .set(bearer(admin))
          .send({ categoryName: 'Plain things', attributes })
          .expect(422);
        expect(messages(res)).toMatch(text);
      };
      await bad([{ key: 'Make!', label: 'Make', type: 'choice', values: ['A'] }], /key must be lowercase/);
      await bad([{ key: 'make', label: 'Make', type: 'choice' }], /"Make": a choice needs its allowed values/);
      await bad([{ key: 'make', label: 'Make', type: 'colour' }], /type must be one of choice, number, year, text/);
      await bad(
        [
          { key: 'a', label: 'A', type: 'text' },
          { key: 'a', label: 'B', type: 'text' },
        ],
        /used twice/,
      );
      await bad([{ key: 'a', label: 'A', type: 'choice', values: ['x', 'X'] }], /listed twice/);
      await bad('not a list', /must be a list/);
      const [{ max }] = await t.db.query(`SELECT coalesce(max(id), 0) AS max FROM audit_log`);
      const defs = [{ key: 'wattage', label: 'Wattage', type: 'number', unit: 'W' }];
      await request(t.http)
        .put(`/api/admin/categories/${id}`)
        .set(bearer(admin))
        .send({ categoryName: 'Plain things', attributes: defs })
        .expect(200);
      const [entry] = await t.db.query(`SELECT action, before, after FROM audit_log WHERE id > $1 AND target_type = 'categories'`, [max]);
      expect(entry).toMatchObject({
        action: 'categories.update',
        before: { attributes: [] },
        after: { attributes: [{ key: 'wattage', unit: 'W' }] },
      });
      // The listing posted before the definitions keeps working: read, edited, found.
      const lamp = (await search({ search: 'plain lamp' }).expect(200)).body.data[0];
      expect(lamp.attributes).toEqual({});
      await edit(lamp.id, { productPrice: '6000' }).expect(200);
      await request(t.http)
        .put(`/api/admin/categories/${id}`)
        .set(bearer(admin))
        .send({ categoryName: 'Plain things', attributes: [] })
        .expect(200);
    });
  });

  describe('listing values', () => {
    it('are checked on create: each problem names the field by its label', async () => {
      const refused = async (attributes: unknown, field: string, text: RegExp, category = cat.cars) => {
        const res = await form({ productCategoryID: String(category), attributes }).expect(422);
        expect(res.body.error).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.stringMatching(text) })]));
      };
      await refused({ year: 2012 }, 'attributes.make', /^Make is required$/);
      await refused({ make: 'Toyota' }, 'attributes.year', /^Year is required$/);
      await refused({ make: 'Tesla', year: 2012 }, 'attributes.make', /^Make must be one of: Toyota, Honda, Lexus, Kia$/);
      await refused({ make: 'Toyota', year: 'twenty twelve' }, 'attributes.year', /^Year must be a year from 1900/);
      await refused({ make: 'Toyota', year: 1850 }, 'attributes.year', /^Year must be a year/);
      await refused({ make: 'Toyota', year: 2012, mileage: -5 }, 'attributes.mileage', /^Mileage must be a number from 0/);
      await refused({ make: 'Toyota', year: 2012, mileage: '1e400' }, 'attributes.mileage', /^Mileage must be a number/);
      await refused({ make: 'Toyota', year: 2012, mileage: 10 ** 15 }, 'attributes.mileage', /^Mileage must be a number/);
      await refused({ make: 'Toyota', year: 2012, engine: 'V6' }, 'attributes.engine', /"engine" is not an attribute of this category/);
      await refused({ make: { $gt: '' }, year: 2012 }, 'attributes.make', /^Make must be one of/);
      await refused({ make: ['Toyota'], year: 2012 }, 'attributes.make', /^Make must be one of/);
      await refused({ size: 'M' }, 'attributes.size', /This category has no attributes/, cat.plain);
      await form({ productCategoryID: String(cat.cars), attributes: '["make"]' }).expect(422);
      await form({ productCategoryID: String(cat.cars), attributes: '{"make": "Toy' }).expect(422);
      // Nesting and NUL bytes inside the JSON text meet the same guard as a body.
      await form({
        productCategoryID: String(cat.cars),
        attributes: JSON.stringify({
          make: 'Toyota',
          year: 2012,
          model: { a: { b: { c: { d: { e: { f: { g: { h: { i: { j: { k: 1 } } } } } } } } } } },
        }),
      }).expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));
      await form({
        productCategoryID: String(cat.cars),
        attributes: JSON.stringify({ make: 'Toyota', year: 2012, model: 'Co\u0000rolla' }),
      }).expect((r) => expect([400, 422]).toContain(r.status));
      await form({ productCategoryID: String(cat.cars), attributes: 'x'.repeat(9000) }).expect(422);
    });

    it('are stored in their canonical form: the listed spelling of a choice, numbers as numbers, commas allowed', async () => {
      const res = await form({
        productName: 'Honda Accord',
        productCategoryID: String(cat.cars),
        attributes: { make: 'honda', year: '2010', mileage: '85,000', model: ' Accord ', transmission: '' },
      }).expect(201);
      expect(res.body.data.attributes).toEqual({ make: 'Honda', year: 2010, mileage: 85000, model: 'Accord' });
      expect((await request(t.http).get(`/api/products/${res.body.data.id}`).expect(200)).body.data.attributes).toEqual({
        make: 'Honda',
        year: 2010,
        mileage: 85000,
        model: 'Accord',
      });
      // A sub-category's listings give what they inherit.
      const shoe = await form({ productName: 'Loafers', productCategoryID: String(cat.shoes), attributes: { size: 'm' } }).expect(201);
      expect(shoe.body.data.attributes).toEqual({ size: 'M' });
      await request(t.http).delete(`/api/products/${res.body.data.id}`).set(bearer(seller)).expect(200);
    });

    it("on edit: sent ones replace the listing's; a category change keeps those that fit and drops the rest (required ones enforced)", async () => {
      const car = (
        await form({
          productName: 'Toyota to edit',
          productCategoryID: String(cat.cars),
          attributes: { make: 'Toyota', year: 2011, mileage: 5000, transmission: 'Manual' },
        }).expect(201)
      ).body.data as Row;
      const e1 = await edit(car.id, { attributes: { make: 'Kia', year: 2015 } }).expect(200);
      expect(e1.body.data.attributes).toEqual({ make: 'Kia', year: 2015 });
      expect(messages(await edit(car.id, { attributes: { make: 'Kia' } }).expect(422))).toBe('Year is required');
      // Untouched by an edit that sends none.
      expect((await edit(car.id, { productPrice: '4000000' }).expect(200)).body.data.attributes).toEqual({ make: 'Kia', year: 2015 });
      // Moved to parts: "make" is defined there too but Kia is not one of its choices, so it is dropped; year does not apply.
      await edit(car.id, { attributes: { make: 'Toyota', year: 2015 } }).expect(200);
      const moved = await edit(car.id, { productCategoryID: String(cat.parts) }).expect(200);
      expect(moved.body.data).toMatchObject({ productCategoryID: cat.parts, attributes: { make: 'Toyota' } });
      // Back to cars without the required year: refused, naming it; with it: accepted.
      expect(messages(await edit(car.id, { productCategoryID: String(cat.cars) }).expect(422))).toBe('Year is required');
      expect(
        (await edit(car.id, { productCategoryID: String(cat.cars), attributes: { make: 'Toyota', year: 2013 } }).expect(200)).body.data
          .attributes,
      ).toEqual({ make: 'Toyota', year: 2013 });
      await request(t.http).delete(`/api/products/${car.id}`).set(bearer(seller)).expect(200);
    });
  });

  describe('search', () => {
    const ids = (body: { data: Row[] }) => body.data.map((p) => p.id).sort((a, b) => a - b);
    /** The brute-force answer: every car whose attributes pass `keep`. */
    const expected = (keep: (a: Attrs) => boolean) =>
      cars
        .filter((c) => keep(c.attributes))
        .map((c) => c.id)
        .sort((a, b) => a - b);
    const bruteFacets = (keep: (a: Attrs) => boolean, key: string) => {
      const counts = new Map<string, number>();
      for (const c of cars.filter((x) => keep(x.attributes)))
        if (c.attributes[key] !== undefined) counts.set(String(c.attributes[key]), (counts.get(String(c.attributes[key])) ?? 0) + 1);
      return Object.fromEntries(counts);
    };
    const asMap = (f: Facet) => Object.fromEntries(f.values.map((v) => [v.value, v.count]));

    it('filters by a choice, a year range and a number range, as a brute-force filter does', async () => {
      const keep = (a: Attrs) => a.make === 'Toyota' && Number(a.year) >= 2010 && a.mileage !== undefined && Number(a.mileage) <= 200_000;
      const body = (
        await search({ category: 'cars', 'attr.make': 'Toyota', 'attr.year.min': 2010, 'attr.mileage.max': '200,000', limit: 100 }).expect(
          200,
        )
      ).body;
      expect(ids(body)).toEqual(expected(keep));
      expect(body.meta.total).toBe(expected(keep).length);
      expect(body.meta.total).toBeGreaterThan(0);
      // Several values of a choice: any of them; one number: exactly it; case of a choice forgiven.
      const many = (await search({ category: cat.cars, 'attr.make': ['honda', 'Kia'], 'attr.year': 2008, limit: 100 }).expect(200)).body;
      expect(ids(many)).toEqual(expected((a) => (a.make === 'Honda' || a.make === 'Kia') && a.year === 2008));
      // From the parent category too (its sub-categories' listings, their attributes: here none of vehicles' own).
      const text = (await search({ search: 'car', category: 'cars', 'attr.transmission': 'Manual', limit: 100 }).expect(200)).body;
      expect(ids(text)).toEqual(expected((a) => a.transmission === 'Manual'));
    });

    it('answers facets for the chosen category equal to a brute-force count (few hits: exact)', async () => {
      const keep = (a: Attrs) => Number(a.year) >= 2008 && Number(a.year) <= 2013;
      const body = (await search({ category: 'cars', 'attr.year.min': 2008, 'attr.year.max': 2013 }).expect(200)).body;
      const facets = body.meta.facets as Facet[];
      expect(facets.map((f) => f.key)).toEqual(['make', 'year', 'transmission']);
      for (const f of facets) {
        // The year's own range is left out of the year's counts (disjunctive: see below).
        expect(asMap(f)).toEqual(bruteFacets(f.key === 'year' ? () => true : keep, f.key));
        expect(f.values.every((v) => v.estimated === false)).toBe(true);
      }
      expect(facets[1].values.map((v) => v.value)).toEqual([
        '2015',
        '2014',
        '2013',
        '2012',
        '2011',
        '2010',
        '2009',
        '2008',
        '2007',
        '2006',
        '2005',
      ]);
      expect(facets[0].values[0]).toEqual({ value: 'Toyota', count: bruteFacets(keep, 'make').Toyota, estimated: false });
      // Disjunctive: an attribute's counts ignore its own filter and apply the others (make=Toyota chosen still
      // shows how many Hondas switching finds); an attribute without a filter counts the search's own listings.
      const toyota = (await search({ category: 'cars', 'attr.make': 'Toyota', 'attr.year.min': 2010 }).expect(200)).body.meta
        .facets as Facet[];
      expect(asMap(toyota[0])).toEqual(bruteFacets((a) => Number(a.year) >= 2010, 'make'));
      expect(asMap(toyota[0]).Honda).toBeGreaterThan(0);
      expect(asMap(toyota[1])).toEqual(bruteFacets((a) => a.make === 'Toyota', 'year'));
      expect(asMap(toyota[2])).toEqual(bruteFacets((a) => a.make === 'Toyota' && Number(a.year) >= 2010, 'transmission'));
      // Several filters and several values of one: each attribute's counts without its own filter only.
      const q = {
        category: 'cars',
        'attr.make': ['Honda', 'Kia'],
        'attr.year.max': 2012,
        'attr.transmission': 'Automatic',
        'attr.mileage.min': 50_000,
      };
      const many = (await search(q).expect(200)).body.meta.facets as Facet[];
      const mileage = (a: Attrs) => a.mileage !== undefined && Number(a.mileage) >= 50_000;
      const make = (a: Attrs) => a.make === 'Honda' || a.make === 'Kia';
      expect(asMap(many[0])).toEqual(bruteFacets((a) => mileage(a) && Number(a.year) <= 2012 && a.transmission === 'Automatic', 'make'));
      expect(asMap(many[1])).toEqual(bruteFacets((a) => mileage(a) && make(a) && a.transmission === 'Automatic', 'year'));
      expect(asMap(many[2])).toEqual(bruteFacets((a) => mileage(a) && make(a) && Number(a.year) <= 2012, 'transmission'));
      expect(many.every((f) => f.values.every((v) => !v.estimated))).toBe(true);
      // No category, no facets; a category without facet attributes: none either; a later page: none.
      expect((await search({ search: 'car' }).expect(200)).body.meta.facets).toBeUndefined();
      expect((await search({ category: 'plain-things' }).expect(200)).body.meta.facets).toBeUndefined();
      const first = (await search({ category: 'cars', limit: 5 }).expect(200)).body;
      expect((await search({ category: 'cars', limit: 5, cursor: first.meta.nextCursor }).expect(200)).body.meta.facets).toBeUndefined();
    });

    it('past the sample cap, facets are scaled from a sample and marked estimated', async () => {
      // 1,500 more Toyotas of 2020 straight into the table (the API would take minutes), then counted again.
      await t.db.query(
        `INSERT INTO product (user_id, category_id, product_name, price_kobo, location, attributes)
         SELECT (SELECT user_id FROM product WHERE id = $1), $2, 'Bulk car ' || g, 100000, 'Ikeja, Lagos', jsonb_build_object('make', 'Toyota', 'year', 2020)
         FROM generate_series(1, 1500) g`,
        [cars[0].id, cat.cars],
      );
      try {
        const body = (await search({ category: 'cars', 'attr.make': 'Toyota' }).expect(200)).body;
        const year = (body.meta.facets as Facet[]).find((f) => f.key === 'year')!;
        const y2020 = year.values.find((v) => v.value === '2020')!;
        expect(y2020.estimated).toBe(true);
        // About right: the true count is 1,500 of ~1,516 hits.
        expect(y2020.count).toBeGreaterThan(1_300);
        expect(y2020.count).toBeLessThan(1_700);
        // The make counts leave out make=Toyota (every car): scaled by the share of the sample that is a Toyota, so
        // the chosen make shows the search's own total, and another make about its true count (8 Hondas).
        const make = (body.meta.facets as Facet[]).find((f) => f.key === 'make')!;
        const toyota = make.values.find((v) => v.value === 'Toyota')!;
        expect(toyota.estimated).toBe(true);
        expect(Math.abs(toyota.count - body.meta.total)).toBeLessThanOrEqual(body.meta.total * 0.02); // rounded: "about 1,500"
        const honda = make.values.find((v) => v.value === 'Honda');
        if (honda) expect(honda.count).toBeLessThan(40);
      } finally {
        await t.db.query(`DELETE FROM product WHERE product_name LIKE 'Bulk car %'`);
      }
    });

    it('refuses bad filters with a message (4xx, never 500)', async () => {
      const refused = async (q: Record<string, string | string[]>, text: RegExp) => {
        const res = await search(q);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(JSON.stringify(res.body)).toMatch(text);
      };
      await refused({ category: 'cars', 'attr.engine': 'V6' }, /\\"engine\\" is not an attribute of this category/);
      await refused({ 'attr.make': 'Toyota' }, /Attribute filters need a category/);
      await refused({ category: 'cars', 'attr.make': 'Tesla' }, /Make must be one of/);
      await refused({ category: 'cars', 'attr.make.min': '3' }, /Make is not a number/);
      await refused({ category: 'cars', 'attr.year.min': 'abc' }, /Year minimum must be a number/);
      await refused({ category: 'cars', 'attr.year.min': '1e400' }, /Year minimum must be a number/);
      await refused({ category: 'cars', 'attr.mileage.max': '9'.repeat(400) }, /Mileage maximum must be a number/);
      await refused({ category: 'cars', 'attr.year.min': ['2010', '2011'] }, /give one minimum/);
      await refused({ category: 'cars', "attr.make'--": 'x' }, /is not an attribute of this category/);
      await refused({ category: 'cars', 'attr.make': 'Toy\u0000ota' }, /./);
      // Nested objects in a query (qs-style brackets) are not attributes either.
      const nested = await request(t.http).get('/api/products?category=cars&attr.make[a][b]=1');
      expect(nested.status).toBeGreaterThanOrEqual(400);
      expect(nested.status).toBeLessThan(500);
      // Bad data already stored (a text where a number belongs) cannot make a range fail.
      await t.db.query(`UPDATE product SET attributes = attributes || '{"mileage": "lots"}' WHERE id = $1`, [cars[1].id]);
      const ok = (await search({ category: 'cars', 'attr.mileage.max': '1000000', limit: 100 }).expect(200)).body;
      expect(ids(ok)).not.toContain(cars[1].id);
      await t.db.query(`UPDATE product SET attributes = $2::jsonb WHERE id = $1`, [cars[1].id, JSON.stringify(cars[1].attributes)]);
    });
  });
});
