import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { searchProducts } from './utils/catalog-fixtures';
import { ProductSearchService } from '../src/modules/catalog/product-search.service';
import { WHOLE_WORD_DOCS } from '../src/modules/catalog/whole-words.service';
import { createTestApp, TestApp } from './utils/test-app';

type Row = { productName: string };

describe('search vocabulary: synonyms as data, no correction of real words, exact words first', () => {
  let t: TestApp;
  let admin: string;

  const search = (q: Record<string, string | number>) => searchProducts(t, q);
  const names = (body: { data: Row[] }) => body.data.map((p) => p.productName);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
    const { token } = await registerUser(t);
    for (const productName of [
      'Chest freezer 200L',
      'Kids ride-on car',
      'LG 43 inch Smart TV',
      'TVS Apache 160',
      'Qlink motorcycle',
      'Samsung Galaxy S22',
    ]) {
      await request(t.http)
        .post('/api/products')
        .set(bearer(token))
        .field({
          productName,
          productPrice: '1000',
          productLocation: 'Ikeja, Lagos',
          productDescription: '',
          platformCommissionAgreement: 'agreed',
        })
        .expect(201);
    }
  });
  afterAll(() => t.close());

  it('expands local words through the seeded synonyms instead of "correcting" them', async () => {
    const fridge = await search({ search: 'fridge' });
    expect(names(fridge)).toEqual(['Chest freezer 200L']);
    expect(fridge.meta).toMatchObject({ correctedSearch: null, didYouMean: null });
    expect(names(await search({ search: 'okada' }))).toEqual(['Qlink motorcycle']);
  });

  it('ranks a whole-word match above a stem or prefix match ("tv": the television before TVS)', async () => {
    expect(names(await search({ search: 'tv' }))).toEqual(['LG 43 inch Smart TV', 'TVS Apache 160']);
  });

  it('still fixes a sure typo and answers for the fixed words', async () => {
    const body = await search({ search: 'samsng' });
    expect(names(body)).toEqual(['Samsung Galaxy S22']);
    expect(body.meta).toMatchObject({ correctedSearch: 'samsung', didYouMean: null });
  });

  it('offers a guess as didYouMean and keeps the answer for what was typed', async () => {
    const list = await request(t.http)
      .get('/api/admin/synonyms')
      .set(bearer(admin))
      .query({ filter: JSON.stringify({ q: 'fridge' }) })
      .expect(200);
    const group = list.body.find((g: { terms: string[] }) => g.terms.includes('fridge'));
    await request(t.http).delete(`/api/admin/synonyms/${group.id}`).set(bearer(admin)).expect(200);
    // Without the synonym, "fridge" is outside the vocabulary and two edits from "ride": a guess, not a fix.
    const body = await search({ search: 'fridge' });
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, correctedSearch: null, didYouMean: 'ride' });
    // The edit applies at once (the in-memory map is invalidated), given as one comma-separated string.
    await request(t.http).post('/api/admin/synonyms').set(bearer(admin)).send({ terms: 'Fridge, refrigerator , FREEZER' }).expect(201);
    expect(names(await search({ search: 'fridge' }))).toEqual(['Chest freezer 200L']);
  });

  it('searches a common word typed in full as that word, and a word still being typed as a prefix', async () => {
    const [{ id }] = await t.db.query(`SELECT user_id AS id FROM product LIMIT 1`);
    await t.db.query(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location)
       SELECT $1::int, 'Electric kettle ' || i, '', 500000, 'Ikeja, Lagos' FROM generate_series(1, $2::int) i
       UNION ALL SELECT $1, 'Kettlebell 12kg', '', 900000, 'Ikeja, Lagos'`,
      [id, WHOLE_WORD_DOCS],
    );
    await t.app.get(ProductSearchService).rebuildDictionary(); // "kettle" is now in WHOLE_WORD_DOCS listings
    expect((await search({ search: 'kettle' })).meta.total).toBe(WHOLE_WORD_DOCS); // the word: not the kettlebell
    expect((await search({ search: 'electric kettle' })).meta.total).toBe(WHOLE_WORD_DOCS);
    expect((await search({ search: 'kettl' })).meta.total).toBe(WHOLE_WORD_DOCS + 1); // still typing: a prefix
    expect(names(await search({ search: 'kettleb' }))).toEqual(['Kettlebell 12kg']);
  });

  it('lets admins list, edit and delete synonym groups in ra-data-simple-rest form', async () => {
    const list = await request(t.http)
      .get('/api/admin/synonyms')
      .set(bearer(admin))
      .query({ range: '[0,4]', sort: '["id","ASC"]' })
      .expect(200);
    expect(list.body).toHaveLength(5);
    expect(list.headers['content-range']).toMatch(/^synonyms 0-4\/\d+$/);
    const newest = await request(t.http)
      .get('/api/admin/synonyms')
      .set(bearer(admin))
      .query({ range: '[0,4]', sort: '["id","DESC"]' })
      .expect(200);
    expect(newest.body[0].id).toBeGreaterThan(newest.body[4].id);
    const created = await request(t.http)
      .post('/api/admin/synonyms')
      .set(bearer(admin))
      .send({ terms: ['Bukka', 'canteen'] })
      .expect(201);
    expect(created.body).toMatchObject({ terms: ['bukka', 'canteen'] });
    const updated = await request(t.http)
      .put(`/api/admin/synonyms/${created.body.id}`)
      .set(bearer(admin))
      .send({ terms: ['buka', 'bukka', 'canteen'] })
      .expect(200);
    expect(updated.body.terms).toEqual(['buka', 'bukka', 'canteen']);
    expect((await request(t.http).get(`/api/admin/synonyms/${created.body.id}`).set(bearer(admin)).expect(200)).body.terms).toHaveLength(3);
    await request(t.http).delete(`/api/admin/synonyms/${created.body.id}`).set(bearer(admin)).expect(200);
    await request(t.http).get(`/api/admin/synonyms/${created.body.id}`).set(bearer(admin)).expect(404);
  });

  it('refuses bad groups with 422 and strangers with 401', async () => {
    const one = await request(t.http)
      .post('/api/admin/synonyms')
      .set(bearer(admin))
      .send({ terms: ['okada'] })
      .expect(422);
    expect(one.body.error[0]).toMatchObject({ field: 'terms', message: 'Give at least two terms that mean the same thing' });
    await request(t.http)
      .post('/api/admin/synonyms')
      .set(bearer(admin))
      .send({ terms: ['a b c d', 'x'] })
      .expect(422);
    await request(t.http).post('/api/admin/synonyms').set(bearer(admin)).send({}).expect(422);
    await request(t.http).get('/api/admin/synonyms').expect(401);
  });
});
