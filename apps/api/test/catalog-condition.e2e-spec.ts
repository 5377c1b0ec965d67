import request from 'supertest';
import { ProductCondition1763800011000 } from '../src/database/migrations/1763800011000-product-condition';
import { adminToken, bearer, registerUser } from './utils/actors';
import { postListing } from './utils/catalog-fixtures';
import { createTestApp, TestApp } from './utils/test-app';

type Row = { id: number; productName: string; productType: string; productCondition: string };

describe('listing condition: brand new, foreign used (Tokunbo), Nigerian used', () => {
  let t: TestApp;
  let token: string;
  let admin: string;

  async function post(productName: string, over: Record<string, string> = {}, status = 201) {
    const res = await postListing(t, token, {
      productName,
      productPrice: '250000',
      productLocation: 'Ikeja, Lagos',
      productDescription: 'Clean, works well.',
      ...over,
    }).expect(status);
    return res.body.data as Row;
  }
  /** A listing the form refuses (422): its errors. */
  const refused = async (over: Record<string, string>) =>
    (await postListing(t, token, { productName: 'x', productPrice: '1', productLocation: 'Kano', ...over }).expect(422)).body.error;
  const search = (q: Record<string, string>) =>
    request(t.http)
      .get('/api/products')
      .query(q)
      .expect(200)
      .then((r) => (r.body.data as Row[]).map((p) => p.productName));

  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerUser(t)).token;
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  it('stores the condition and derives the spec type from it', async () => {
    expect(await post('Toyota Camry 2014', { productCondition: 'foreign_used' })).toMatchObject({
      productCondition: 'foreign_used',
      productType: 'used',
    });
    expect(await post('Honda Accord 2010', { productCondition: 'NIGERIAN_USED' })).toMatchObject({
      productCondition: 'nigerian_used',
      productType: 'used',
    });
    expect(await post('Kia Rio 2015')).toMatchObject({ productCondition: 'brand_new', productType: 'new' });
    // A client that knows only the product's productType still gets a fitting condition.
    expect(await post('Lexus RX 350', { productType: 'used' })).toMatchObject({ productCondition: 'nigerian_used', productType: 'used' });
  });

  it('refuses an unknown or contradictory condition with 422', async () => {
    expect(await refused({ productCondition: 'refurbished' })).toContainEqual({
      field: 'productCondition',
      message: 'Condition must be brand_new, foreign_used or nigerian_used',
    });
    expect((await refused({ productCondition: 'brand_new', productType: 'used' }))[0].field).toBe('productCondition');
    await request(t.http).get('/api/products').query({ condition: 'old' }).expect(422);
  });

  it("edits the condition; a type-only edit keeps a used listing's kind of used", async () => {
    const p = await post('Toyota Corolla 2012', { productCondition: 'foreign_used' });
    const edit = (f: Record<string, string>) =>
      request(t.http)
        .put(`/api/products/edit/${p.id}`)
        .set(bearer(token))
        .field(f)
        .expect(200)
        .then((r) => r.body.data as Row);
    expect(await edit({ productType: 'used' })).toMatchObject({ productCondition: 'foreign_used', productType: 'used' });
    expect(await edit({ productCondition: 'brand_new' })).toMatchObject({ productCondition: 'brand_new', productType: 'new' });
    expect(await edit({ productType: 'used' })).toMatchObject({ productCondition: 'nigerian_used', productType: 'used' });
    const byAdmin = await request(t.http)
      .put(`/api/admin/products/${p.id}`)
      .set(bearer(admin))
      .send({ productCondition: 'foreign_used' })
      .expect(200);
    expect(byAdmin.body).toMatchObject({ productCondition: 'foreign_used', productType: 'used' });
    const adminList = await request(t.http)
      .get('/api/admin/products')
      .set(bearer(admin))
      .query({ filter: JSON.stringify({ condition: 'foreign_used' }) })
      .expect(200);
    expect(adminList.body.map((r: Row) => r.productName).sort()).toEqual(['Toyota Camry 2014', 'Toyota Corolla 2012']);
    await request(t.http).delete(`/api/products/${p.id}`).set(bearer(token)).expect(200);
  });

  it('filters by condition, and "tokunbo" finds a foreign-used listing whose text never says it', async () => {
    expect(await search({ condition: 'foreign_used' })).toEqual(['Toyota Camry 2014']);
    expect((await search({ condition: 'nigerian_used' })).sort()).toEqual(['Honda Accord 2010', 'Lexus RX 350']);
    expect(await search({ condition: 'brand_new' })).toEqual(['Kia Rio 2015']);
    expect((await search({ condition: 'all' })).length).toBe(4);
    expect(await search({ search: 'tokunbo camry' })).toEqual(['Toyota Camry 2014']);
    expect(await search({ search: 'foreign used toyota' })).toEqual(['Toyota Camry 2014']);
  });

  it('migrates existing used listings: tokunbo, foreign, UK or US used in the text → foreign_used, other used → nigerian_used', async () => {
    const migration = new ProductCondition1763800011000();
    const runner = t.db.createQueryRunner();
    try {
      await migration.down(runner);
      const [{ id: seller }] = await runner.query(`SELECT id FROM app_user LIMIT 1`);
      const rows: [string, string, string][] = [
        ['Migrated tokunbo Corolla', '', 'used'],
        ['Migrated laptop', 'Clean UK-used with charger', 'used'],
        ['Migrated fridge', 'Foreign fairly used', 'used'],
        ['Migrated phone', 'US used, neat', 'used'],
        ['Migrated sofa', 'Used for a year', 'used'],
        ['Migrated blender', 'UK brand, sealed', 'new'],
      ];
      for (const [name, description, type] of rows) {
        await runner.query(
          `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, product_type) VALUES ($1, $2, $3, 100, 'Kano', $4)`,
          [seller, name, description, type],
        );
      }
      await migration.up(runner);
      const got = await runner.query(
        `SELECT product_name, condition, product_type FROM product WHERE product_name LIKE 'Migrated %' ORDER BY id`,
      );
      expect(got.map((r: { product_name: string; condition: string }) => [r.product_name, r.condition])).toEqual([
        ['Migrated tokunbo Corolla', 'foreign_used'],
        ['Migrated laptop', 'foreign_used'],
        ['Migrated fridge', 'foreign_used'],
        ['Migrated phone', 'foreign_used'],
        ['Migrated sofa', 'nigerian_used'],
        ['Migrated blender', 'brand_new'],
      ]);
    } finally {
      await runner.release();
    }
  });
});
