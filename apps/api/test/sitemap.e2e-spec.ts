import request from 'supertest';
import { gunzipSync } from 'node:zlib';
import { SITEMAP_URLS } from '../src/pages/seo.service';
import { registerUser } from './utils/actors';
import { asBytes } from './utils/bytes';
import { createTestApp, TestApp } from './utils/test-app';

/** sitemaps.org's limits: an index of ≤ 50,000 sitemaps; each sitemap ≤ 50,000 URLs and ≤ 50 MB unzipped; absolute locs ≤ 2,048 characters. */
const LIMITS = { sitemaps: 50_000, urls: 50_000, bytes: 50 * 1024 * 1024, loc: 2048 };
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const tags = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

describe('a sitemap index for a catalogue of millions', () => {
  let t: TestApp;
  const base = 'http://localhost:3999';

  beforeAll(async () => {
    t = await createTestApp();
    const seller = (await registerUser(t)).user.id;
    // Listings with ids spread over a 1.2M-id catalogue (ids set here, far above the sequence): ranges of SITEMAP_URLS ids.
    const ids = [1_000_001, 1_049_999, 1_050_000, 1_050_001, 1_999_999, 2_200_000];
    await t.db.query(
      `INSERT INTO product (id, user_id, product_name, price_kobo, location, status, updated_at)
       SELECT id, $1, 'Sitemap listing ' || id, 100000, 'Lagos', 'active', '2026-11-01T10:00:00Z'::timestamptz + (id % 7) * interval '1 day' FROM unnest($2::int[]) id`,
      [seller, ids],
    );
    // A listing not on sale is in no sitemap, and a range holding only such listings is not in the index.
    await t.db.query(
      `INSERT INTO product (id, user_id, product_name, price_kobo, location, status) VALUES (2500000, $1, 'Withdrawn', 100000, 'Lagos', 'withdrawn')`,
      [seller],
    );
  });
  afterAll(() => t.close());

  async function child(loc: string) {
    const path = loc.slice(base.length);
    const res = await request(t.http).get(path).buffer(true).parse(asBytes);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const xml = gunzipSync(res.body as Buffer).toString('utf8');
    expect(xml.length).toBeLessThanOrEqual(LIMITS.bytes);
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const locs = tags(xml, 'loc');
    expect(locs.length).toBeLessThanOrEqual(LIMITS.urls);
    for (const l of locs) expect(l.startsWith(`${base}/`) && l.length <= LIMITS.loc).toBe(true);
    for (const m of tags(xml, 'lastmod')) expect(m).toMatch(W3C_DATETIME);
    return locs;
  }

  it('/sitemap.xml is an index of the pages and one child per id range holding listings on sale, with lastmod', async () => {
    const res = await request(t.http).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.text).toMatch(/<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const locs = tags(res.text, 'loc');
    expect(locs.length).toBeLessThanOrEqual(LIMITS.sitemaps);
    const n = (id: number) => Math.floor((id - 1) / SITEMAP_URLS);
    expect(locs).toEqual([
      `${base}/sitemaps/pages.xml.gz`,
      ...[...new Set([n(1_000_001), n(1_050_000), n(1_050_001), n(1_999_999), n(2_200_000)])]
        .sort((a, b) => a - b)
        .map((r) => `${base}/sitemaps/listings-${r}.xml.gz`),
    ]);
    for (const m of tags(res.text, 'lastmod')) expect(m).toMatch(W3C_DATETIME);
    const robots = await request(t.http).get('/robots.txt').expect(200);
    expect(robots.text).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it('each child is gzip, within the limits, and every listing on sale is in exactly one child', async () => {
    const index = tags((await request(t.http).get('/sitemap.xml').expect(200)).text, 'loc');
    const all: string[] = [];
    for (const loc of index.slice(1)) all.push(...(await child(loc)));
    const listed = all.map((l) => Number(l.slice(`${base}/product/`.length))).sort((a, b) => a - b);
    const onSale: number[] = (await t.db.query(`SELECT id FROM product WHERE status = 'active' ORDER BY id`)).map(
      (r: { id: number }) => r.id,
    );
    expect(listed).toEqual(onSale);
    const pages = await child(index[0]);
    expect(pages).toEqual(expect.arrayContaining([`${base}/`, `${base}/contact-us`, `${base}/refund-policy`]));
  });

  it('a full range gives exactly SITEMAP_URLS listings, read a page at a time', async () => {
    const seller = (await registerUser(t)).user.id;
    await t.db.query(
      `INSERT INTO product (id, user_id, product_name, price_kobo, location, status) SELECT g, $1, 'Full range ' || g, 100000, 'Lagos', 'active' FROM generate_series($2::int, $3::int) g`,
      [seller, 3 * SITEMAP_URLS + 1, 4 * SITEMAP_URLS],
    );
    const locs = await child(`${base}/sitemaps/listings-3.xml.gz`);
    expect(locs).toHaveLength(SITEMAP_URLS);
    expect(locs[0]).toBe(`${base}/product/${3 * SITEMAP_URLS + 1}`);
    expect(locs[SITEMAP_URLS - 1]).toBe(`${base}/product/${4 * SITEMAP_URLS}`);
  });

  it('a name the index never gives is a 404', async () => {
    for (const name of ['listings-x.xml.gz', 'listings-1.xml', '..%2Fetc', 'listings-999999.xml.gz'])
      await request(t.http).get(`/sitemaps/${name}`).expect(404);
  });
});
