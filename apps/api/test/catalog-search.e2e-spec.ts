import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { searchProducts } from './utils/catalog-fixtures';
import { createTestApp, TestApp } from './utils/test-app';

type Row = { id: number; productName: string; productPrice: string; createdAt: string };

describe('search: full text, typos, filters, sorts, keyset paging', () => {
  let t: TestApp;
  let token: string;
  let admin: string;
  const cat: Record<string, number> = {};

  async function post(productName: string, over: Record<string, string> = {}) {
    const req = request(t.http).post('/api/products').set(bearer(token));
    const f = {
      productName,
      productPrice: '1000',
      productLocation: 'Wuse, Abuja',
      productType: 'new',
      productDescription: '',
      platformCommissionAgreement: 'agreed',
      ...over,
    };
    for (const [k, v] of Object.entries(f)) req.field(k, v);
    const res = await req.expect(201);
    return res.body.data as Row;
  }
  const search = (q: Record<string, string | number>) => searchProducts(t, q);
  const names = (body: { data: Row[] }) => body.data.map((p) => p.productName);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
    token = (await registerUser(t)).token;
    const mk = async (name: string, parent?: number) =>
      (await request(t.http).post('/api/category/categories').set(bearer(admin)).send({ categoryName: name, parentCategoryID: parent }))
        .body.data.id;
    cat.phones = await mk('Phones & Tablets');
    cat.mobile = await mk('Mobile Phones', cat.phones);
    cat.fashion = await mk('Fashion');
    await post('iPhone 13', {
      productPrice: '520000',
      productCategoryID: String(cat.mobile),
      productLocation: 'Ikeja, Lagos',
      productType: 'used',
      productDescription: 'Neat UK used phone',
    });
    await post('Samsung Galaxy Tab S8', { productPrice: '380000', productCategoryID: String(cat.phones), productLocation: 'Lekki, Lagos' });
    await post('Ankara maxi dress', {
      productPrice: '15000',
      productCategoryID: String(cat.fashion),
      productDescription: 'Handmade in Aba, fits like an iPhone case? No, like a glove.',
    });
    await post('Leather sandals', {
      productPrice: '9500',
      productCategoryID: String(cat.fashion),
      productLocation: 'Kano',
      productType: 'used',
    });
    await post('Infinix Hot 30 phone', { productPrice: '120000', productCategoryID: String(cat.mobile), productLocation: 'Port Harcourt' });
  });
  afterAll(() => t.close());

  it('matches words in name and description, name ranked above description', async () => {
    const body = await search({ search: 'iphone' });
    expect(names(body)).toEqual(['iPhone 13', 'Ankara maxi dress']);
    expect(body.meta).toMatchObject({ total: 2, nextCursor: null, correctedSearch: null });
  });

  it('forgives typos: "iphnoe" finds "iPhone 13" and says what it searched', async () => {
    const body = await search({ search: 'iphnoe' });
    expect(names(body)[0]).toBe('iPhone 13');
    expect(body.meta.correctedSearch).toBe('iphone');
    expect(names(await search({ search: 'samsnug galaxy' }))).toEqual(['Samsung Galaxy Tab S8']);
  });

  it('matches as you type (prefix of the last word) and is case-insensitive', async () => {
    expect(names(await search({ search: 'SAMS' }))).toEqual(['Samsung Galaxy Tab S8']);
  });

  it('filters by a category and its sub-categories, by id or slug; "all" means no filter', async () => {
    expect(names(await search({ category: cat.phones, sort: 'price_asc' }))).toEqual([
      'Infinix Hot 30 phone',
      'Samsung Galaxy Tab S8',
      'iPhone 13',
    ]);
    expect(names(await search({ category: 'mobile-phones', sort: 'price_asc' }))).toEqual(['Infinix Hot 30 phone', 'iPhone 13']);
    expect((await search({ category: 'all' })).meta.total).toBe(5);
    expect((await search({ category: 'no-such-category' })).meta.total).toBe(0);
  });

  it('filters by location, condition and price', async () => {
    expect(names(await search({ location: 'lagos', sort: 'price_desc' }))).toEqual(['iPhone 13', 'Samsung Galaxy Tab S8']);
    expect(names(await search({ type: 'used', sort: 'price_asc' }))).toEqual(['Leather sandals', 'iPhone 13']);
    expect(names(await search({ minPrice: '10000', maxPrice: '150000', sort: 'price_asc' }))).toEqual([
      'Ankara maxi dress',
      'Infinix Hot 30 phone',
    ]);
  });

  it('sorts newest, price ascending and descending', async () => {
    const newest = (await search({ sort: 'newest' })).data as Row[];
    const times = newest.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const asc = (await search({ sort: 'price_asc' })).data.map((p: Row) => Number(p.productPrice));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await search({ sort: 'price_desc' })).data.map((p: Row) => Number(p.productPrice));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('pages by cursor; new listings arriving do not shift or repeat later pages', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      const all = (await search({ sort, limit: 50 })).data.map((p: Row) => p.id);
      const first = await search({ sort, limit: 2 });
      const newcomer = await post(`Newcomer ${sort}`, { productPrice: '60000' });
      const second = await search({ sort, limit: 2, cursor: first.meta.nextCursor });
      const third = await search({ sort, limit: 2, cursor: second.meta.nextCursor });
      const seen = [...first.data, ...second.data, ...third.data].map((p: Row) => p.id).filter((id: number) => id !== newcomer.id);
      expect(seen).toEqual(all.slice(0, seen.length));
      expect(new Set(seen).size).toBe(seen.length);
      await request(t.http).delete(`/api/products/${newcomer.id}`).set(bearer(token)).expect(200);
    }
  });

  it('pages relevance-ranked results too', async () => {
    const first = await search({ search: 'phone', limit: 1 });
    expect(first.meta.nextCursor).toBeTruthy();
    const second = await search({ search: 'phone', limit: 1, cursor: first.meta.nextCursor });
    expect(second.data[0].id).not.toBe(first.data[0].id);
    // One listing a page to the end: every hit once, in the order of one big page (ranks are doubles: a cursor
    // rounded to real repeated a row or skipped one).
    for (const words of ['phone', 'iphone phone', 'used phone lagos']) {
      const all = (await search({ search: words, limit: 50 })).data.map((p: Row) => p.id);
      const walked: number[] = [];
      for (let cursor: string | null = null, n = 0; n <= all.length; n++) {
        const page: { data: Row[]; meta: { nextCursor: string | null } } = await search({
          search: words,
          limit: 1,
          ...(cursor ? { cursor } : {}),
        });
        walked.push(...page.data.map((p) => p.id));
        cursor = page.meta.nextCursor;
        if (!cursor) break;
      }
      expect(walked).toEqual(all);
    }
  });

  it('shows only active listings', async () => {
    const p = await post('Hidden gadget');
    await request(t.http).put(`/api/products/edit/${p.id}`).set(bearer(token)).field('productStatus', 'withdrawn').expect(200);
    expect((await search({ search: 'hidden gadget' })).meta.total).toBe(0);
    await request(t.http)
      .put(`/api/products/edit/${p.id}`)
      .set(bearer(token))
      .field('productQuantity', '0')
      .field('productStatus', 'active')
      .expect(200);
    expect((await search({ search: 'hidden gadget' })).meta.total).toBe(0);
  });

  it('refuses bad parameters with 422', async () => {
    await request(t.http).get('/api/products').query({ sort: 'cheapest' }).expect(422);
    await request(t.http).get('/api/products').query({ minPrice: '-1' }).expect(422);
    await request(t.http).get('/api/products').query({ type: 'broken' }).expect(422);
    await request(t.http).get('/api/products').query({ cursor: 'garbage' }).expect(422);
    const c = (await search({ sort: 'newest', limit: 1 })).meta.nextCursor;
    await request(t.http).get('/api/products').query({ sort: 'price_asc', cursor: c }).expect(422);
  });

  it('survives hostile search text', async () => {
    const body = await search({ search: "'; DROP TABLE product; -- & | ! :*" });
    expect(body.data).toBeDefined();
    expect((await search({})).meta.total).toBeGreaterThan(0);
  });
});
