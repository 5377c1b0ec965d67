import request from 'supertest';
import { CatalogueVersion } from '../src/modules/catalog/catalogue-version.service';
import { POPULAR_HITS } from '../src/modules/catalog/popular-search-cache.service';
import { ProductSearchService } from '../src/modules/catalog/product-search.service';
import { ProductQueryDto } from '../src/modules/catalog/dto/product.dto';
import { sharedJson } from '../src/common/shared-json';
import { createValidationPipe } from '../src/common/validation';
import { weakEtag } from '../src/compression';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { createTestApp, TestApp } from './utils/test-app';

const names = async (t: TestApp, url: string) =>
  ((await request(t.http).get(url).expect(200)).body.data as { productName: string }[]).map((p) => p.productName).sort();

describe('page 1 of a popular search comes from a short-lived cache that any listing change drops', () => {
  let t: TestApp;
  let seller: number;

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CACHE_TTL: '600s' }); // long enough for a slow machine to finish the test
    seller = (await registerUser(t)).user.id;
    await createProduct(t, seller, { name: 'Tecno Camon 20' });
    const version = t.app.get(CatalogueVersion);
    for (let i = 0; i < 100 && version.current === null; i++) await new Promise((r) => setTimeout(r, 50));
    expect(version.current).not.toBeNull();
  }, 60_000);
  afterAll(async () => {
    // Left enabled for any later test of this file.
    await t?.db.query(`ALTER TABLE product ENABLE TRIGGER product_catalogue_changed`);
    await t?.close();
  });

  it('is cached once popular (the same words however typed), a one-off search is not, and a change is seen at once', async () => {
    // Asked POPULAR_HITS times at once (well within one counting window), then once more: that answer is kept.
    await Promise.all(Array.from({ length: POPULAR_HITS }, () => request(t.http).get('/api/products?search=tecno%20camon').expect(200)));
    await request(t.http).get('/api/products?search=tecno%20camon').expect(200);
    // A listing written while this process cannot hear it (trigger off): only what is cached misses it.
    await t.db.query(`ALTER TABLE product DISABLE TRIGGER product_catalogue_changed`);
    await createProduct(t, seller, { name: 'Tecno Camon 30' });
    expect(await names(t, '/api/products?search=tecno%20camon')).toEqual(['Tecno Camon 20']);
    expect(await names(t, '/api/products?search=Tecno%20%20CAMON')).toEqual(['Tecno Camon 20']);
    expect(await names(t, '/api/products?search=tecno')).toEqual(['Tecno Camon 20', 'Tecno Camon 30']);
    expect(await names(t, '/api/products?search=tecno%20camon&sort=newest')).toEqual(['Tecno Camon 20', 'Tecno Camon 30']);

    // Any change heard (here a listing of something else) drops it: the next answer is searched afresh.
    await t.db.query(`ALTER TABLE product ENABLE TRIGGER product_catalogue_changed`);
    await createProduct(t, seller, { name: 'Thermocool freezer' });
    let seen: string[] = [];
    for (let i = 0; i < 50 && seen.length < 2; i++) {
      seen = await names(t, '/api/products?search=tecno%20camon');
      if (seen.length < 2) await new Promise((r) => setTimeout(r, 40));
    }
    expect(seen).toEqual(['Tecno Camon 20', 'Tecno Camon 30']);
  });

  it("a listing change made through this process is seen by its next search at once, before Postgres's NOTIFY is heard", async () => {
    const kept = await createProduct(t, seller, { name: 'Binatone blender' });
    const url = '/api/products?search=binatone%20blender';
    await Promise.all(Array.from({ length: POPULAR_HITS }, () => request(t.http).get(url).expect(200)));
    expect(await names(t, url)).toEqual(['Binatone blender']);
    // No NOTIFY at all (trigger off): the block's own cache invalidation after its commit must move the version on.
    await t.db.query(`ALTER TABLE product DISABLE TRIGGER product_catalogue_changed`);
    const version = t.app.get(CatalogueVersion).current;
    try {
      const admin = await adminToken(t);
      await request(t.http).post(`/api/admin/products/${kept.id}/block`).set(bearer(admin)).send({ reason: 'Counterfeit' }).expect(200);
      expect(t.app.get(CatalogueVersion).current).not.toBe(version);
      expect(await names(t, url)).toEqual([]);
    } finally {
      await t.db.query(`ALTER TABLE product ENABLE TRIGGER product_catalogue_changed`);
    }
  });

  it('a cached page goes out as JSON and an ETag made once: the same bytes, headers and 304 as a page serialised per request', async () => {
    // Four listings: a page over the 1 kB below which answers are not compressed.
    for (let i = 1; i <= 4; i++) await createProduct(t, seller, { name: `Haier Thermocool chest freezer ${i}` });
    const url = '/api/products?search=chest%20freezer';
    await Promise.all(Array.from({ length: POPULAR_HITS }, () => request(t.http).get(url).expect(200)));
    const first = await request(t.http).get(url).expect(200);
    const again = await request(t.http).get(url).expect(200);
    expect(again.text).toBe(first.text);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toBe(weakEtag(first.text));
    expect(first.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    // Every listing with both words, before any partial match a short page is topped up with ("Thermocool freezer").
    const full = first.body.data.slice(0, first.body.meta.partialFrom ?? first.body.data.length);
    expect(full.map((p: { productName: string }) => p.productName).sort()).toEqual(
      [1, 2, 3, 4].map((i) => `Haier Thermocool chest freezer ${i}`),
    );
    expect(first.text.length).toBeGreaterThan(1024);
    await request(t.http).get(url).set('If-None-Match', first.headers.etag).expect(304);
    // The page the cache holds was serialised once, and that is what was sent.
    const dto = (await createValidationPipe().transform(
      { search: 'chest freezer' },
      { type: 'query', metatype: ProductQueryDto },
    )) as ProductQueryDto;
    const cached = await t.app.get(ProductSearchService).search(dto);
    expect(sharedJson(cached)?.json).toBe(first.text);
    // Compressed once for every client that accepts br: the same bytes each time, and they are that JSON.
    const raw = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    };
    const br1 = await request(t.http).get(url).set('Accept-Encoding', 'br').buffer(true).parse(raw).expect(200);
    const br2 = await request(t.http).get(url).set('Accept-Encoding', 'br').buffer(true).parse(raw).expect(200);
    expect(br1.headers['content-encoding']).toBe('br');
    expect(br1.headers.etag).toBe(first.headers.etag);
    // The client library undoes the brotli: the same JSON, sent in fewer bytes.
    expect((br1.body as Buffer).toString()).toBe(first.text);
    expect((br2.body as Buffer).toString()).toBe(first.text);
    expect(Number(br1.headers['content-length'])).toBeLessThan(Buffer.byteLength(first.text));
    expect(sharedJson(cached)?.compressed.has('br')).toBe(true);
  });
});
