import request from 'supertest';
import { rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { NIGERIA_LGAS } from '../src/modules/locations/nigeria-lgas';
import { NIGERIA_STATES } from '../src/modules/locations/nigeria-places';
import { landingPlaces } from '../src/pages/landing-pages.service';
import { adminToken, bearer, registerUser } from './utils/actors';
import { asBytes } from './utils/bytes';
import { LGA, STATE } from './utils/places';
import { embedded, storefrontWithServerBuild, visible } from './utils/storefront-build';
import { createTestApp, TestApp } from './utils/test-app';

const BASE = 'http://localhost:3999';
const ADMIN_SHELL = `<!doctype html><html><head><title>Kasuwa back office</title></head><body><div id="admin"></div></body></html>`;
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonical = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => m[1]);
const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(visible(html))?.[1]?.replace(/&amp;/g, '&');

const { LAGOS, FCT } = STATE;
const { IKEJA, ETI_OSA, AMAC } = LGA;

describe('landing pages: a category in a state or an LGA, rendered on the server', () => {
  let t: TestApp;
  let web: string;
  let sellerId: number;
  const cat: Record<string, number> = {};
  const ids: Record<string, number> = {};

  async function listing(name: string, category: number, stateId: number, lgaId: number | null, status = 'active') {
    const [row] = await t.db.query(
      `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status, images, state_id, lga_id, category_id)
       VALUES ($1, $2, $7, 5000000, 'Somewhere', 1, $3, '[]', $4, $5, $6) RETURNING id`,
      [sellerId, name, status, stateId, lgaId, category, `About ${name}`],
    );
    ids[name] = row.id;
  }

  beforeAll(async () => {
    web = storefrontWithServerBuild('kasuwa-landing-', { 'backoffice/index.html': ADMIN_SHELL });
    t = await createTestApp({ WEB_DIR: web });
    sellerId = (await registerUser(t, { firstName: 'Ada', lastName: 'Obi' })).user.id;
    for (const [name, slug, parent, status] of [
      ['Mobile Phones', 'mobile-phones', null, 'active'],
      ['Android Phones', 'android-phones', 'Mobile Phones', 'active'],
      ['Cars', 'cars', null, 'active'],
      ['Boats', 'boats', null, 'inactive'],
    ] as const) {
      const [row] = await t.db.query(
        `INSERT INTO category (category_name, slug, status, parent_category_id) VALUES ($1, $2, $3, $4) RETURNING id`,
        [name, slug, status, parent ? cat[parent] : null],
      );
      cat[name] = row.id;
    }
    await listing('Tecno Spark 10', cat['Mobile Phones'], LAGOS, IKEJA);
    await listing('iPhone 12 Pro', cat['Mobile Phones'], LAGOS, IKEJA);
    await listing('Samsung A14', cat['Android Phones'], LAGOS, ETI_OSA);
    await listing('Nokia 105 withdrawn', cat['Mobile Phones'], LAGOS, IKEJA, 'withdrawn');
    await listing('Infinix Hot in Abuja', cat['Mobile Phones'], FCT, AMAC);
    await listing('Toyota Corolla 2012', cat.Cars, FCT, AMAC);
    await listing('Honda Accord in Lagos, no LGA', cat.Cars, LAGOS, null);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('/lagos/mobile-phones: a real title and heading with the count, its listings (a sub-category too), links to the LGAs with listings and the plain address as canonical', async () => {
    const res = await request(t.http).get('/lagos/mobile-phones').expect(200);
    expect(title(res.text)).toBe('Mobile Phones in Lagos — 3 listings · Kasuwa');
    expect(h1(res.text)).toBe('Mobile Phones in Lagos — 3 listings');
    const text = visible(res.text);
    for (const name of ['Tecno Spark 10', 'iPhone 12 Pro', 'Samsung A14']) expect(text).toContain(name);
    for (const name of ['Nokia', 'Infinix', 'Toyota', 'Honda']) expect(text).not.toContain(name);
    expect(canonical(res.text)).toEqual([`${BASE}/lagos/mobile-phones`]);
    expect(res.text).toContain(`<meta property="og:url" content="${BASE}/lagos/mobile-phones">`);
    // Nearby: the same category in the state's LGAs that have listings, most first.
    expect(res.text).toMatch(/href="\/lagos\/ikeja\/mobile-phones"[^>]*>Mobile Phones in Ikeja<\/a>/);
    expect(res.text).toMatch(/href="\/lagos\/eti-osa\/mobile-phones"[^>]*>Mobile Phones in Eti Osa<\/a>/);
    expect(res.text).not.toContain('/lagos/epe/mobile-phones');
    // The embedded data is what the API answers, so the browser hydrates without asking again.
    const data = embedded(res.text);
    expect(data.landing.page).toEqual(
      (await request(t.http).get('/api/landing-pages').query({ path: '/lagos/mobile-phones' }).expect(200)).body.data,
    );
    const api = await request(t.http)
      .get('/api/products')
      .query({ category: 'mobile-phones', stateId: LAGOS, sort: 'newest', limit: 24 })
      .expect(200);
    expect(data.products.list).toEqual(api.body);
  });

  it('sorting and paging keep the plain landing address as canonical', async () => {
    const res = await request(t.http).get('/lagos/mobile-phones?sort=price_asc&condition=brand_new').expect(200);
    expect(canonical(res.text)).toEqual([`${BASE}/lagos/mobile-phones`]);
    expect(JSON.parse(embedded(res.text).products.query)).toMatchObject({
      category: 'mobile-phones',
      stateId: LAGOS,
      sort: 'price_asc',
      condition: 'brand_new',
    });
  });

  it('/lagos/ikeja/mobile-phones: the LGA page with its own count, a link up to the state page and to the other LGAs', async () => {
    const res = await request(t.http).get('/lagos/ikeja/mobile-phones').expect(200);
    expect(title(res.text)).toBe('Mobile Phones in Ikeja, Lagos — 2 listings · Kasuwa');
    expect(h1(res.text)).toBe('Mobile Phones in Ikeja, Lagos — 2 listings');
    expect(visible(res.text)).not.toContain('Samsung A14');
    expect(canonical(res.text)).toEqual([`${BASE}/lagos/ikeja/mobile-phones`]);
    expect(res.text).toMatch(/href="\/lagos\/mobile-phones"[^>]*>Mobile Phones in Lagos<\/a>/);
    expect(res.text).toMatch(/href="\/lagos\/eti-osa\/mobile-phones"/);
    expect(res.text).not.toMatch(/href="\/lagos\/ikeja\/mobile-phones"[^>]*>Mobile Phones in Ikeja</);
  });

  it('/abuja-fct/cars: the FCT by its slug, one listing', async () => {
    const res = await request(t.http).get('/abuja-fct/cars').expect(200);
    expect(h1(res.text)).toBe('Cars in Abuja (FCT) — 1 listing');
    expect(visible(res.text)).toContain('Toyota Corolla 2012');
    const lga = await request(t.http).get('/abuja-fct/abuja-municipal-area-council/cars').expect(200);
    expect(h1(lga.text)).toBe('Cars in Abuja Municipal Area Council, Abuja (FCT) — 1 listing');
  });

  it('a page with no listing on sale is still a page (it exists), saying so', async () => {
    const res = await request(t.http).get('/lagos/epe/cars').expect(200);
    expect(h1(res.text)).toBe('Cars in Epe, Lagos — 0 listings');
  });

  it('a slug naming nothing answers 404 with the not-found page', async () => {
    for (const path of [
      '/lagoss/cars',
      '/lagos/no-such-thing',
      '/lagos/nowhere/cars',
      '/lagos/boats',
      '/lagos/ikeja/boats',
      '/ikeja/lagos/cars',
    ]) {
      const res = await request(t.http).get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(visible(res.text)).toContain('Page not found');
    }
    const api = await request(t.http).get('/api/landing-pages').query({ path: '/lagoss/cars' }).expect(404);
    expect(api.body.code).toBe('LANDING_PAGE_NOT_FOUND');
    await request(t.http).get('/api/landing-pages').expect(422);
  });

  it('old spellings move permanently (301) to the canonical address, the query kept', async () => {
    const moves: [string, string][] = [
      ['/fct/cars', '/abuja-fct/cars'],
      ['/abuja/cars', '/abuja-fct/cars'],
      ['/Lagos/Mobile-Phones', '/lagos/mobile-phones'],
      ['/lagos/mobile_phones', '/lagos/mobile-phones'],
      ['/LAGOS/IKEJA/MOBILE_PHONES?sort=price_asc', '/lagos/ikeja/mobile-phones?sort=price_asc'],
      ['/lagos/eti_osa/mobile-phones', '/lagos/eti-osa/mobile-phones'],
      ['/lagos/cars/', '/lagos/cars'],
    ];
    for (const [from, to] of moves) {
      const res = await request(t.http).get(from).redirects(0);
      expect([from, res.status, res.headers.location]).toEqual([from, 301, to]);
    }
    // The storefront's own navigation gets the page under its canonical address.
    expect((await request(t.http).get('/api/landing-pages').query({ path: '/fct/cars' }).expect(200)).body.data.path).toBe(
      '/abuja-fct/cars',
    );
  });

  it("a product page's structured breadcrumbs are the visible ones: Home › State › Category in State", async () => {
    const res = await request(t.http).get(`/product/${ids['Samsung A14']}`).expect(200);
    const crumbs = [...res.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]))
      .find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((c: { name: string; item: string }) => [c.name, c.item])).toEqual([
      ['Home', `${BASE}/`],
      ['Lagos', `${BASE}/?stateId=${LAGOS}`],
      ['Android Phones in Lagos', `${BASE}/lagos/android-phones`],
      ['Samsung A14', `${BASE}/product/${ids['Samsung A14']}`],
    ]);
    expect(visible(res.text)).toMatch(/href="\/lagos\/android-phones"[^>]*>Android Phones in Lagos<\/a>/);
  });

  it('the routes that were there before still resolve to their own pages, not to landing pages', async () => {
    const product = await request(t.http).get(`/product/${ids['Tecno Spark 10']}`).expect(200);
    expect(embedded(product.text).product.id).toBe(String(ids['Tecno Spark 10']));
    expect(embedded((await request(t.http).get(`/seller/${sellerId}`).expect(200)).text).seller.id).toBe(String(sellerId));
    // Signed-in pages with two or three segments get the app shell (no landing data, no 404).
    for (const path of ['/orders/1/buyer', '/products/1/edit', '/inbox/5']) {
      const res = await request(t.http).get(path).expect(200);
      expect(res.text).not.toContain('kasuwa-data');
    }
    for (const path of ['/term-and-condition', '/auth', '/sign-up']) await request(t.http).get(path).expect(200);
    expect((await request(t.http).get('/sitemap.xml').expect(200)).headers['content-type']).toContain('application/xml');
    expect((await request(t.http).get('/sitemaps/pages.xml.gz').expect(200)).headers['content-type']).toBe('application/gzip');
    expect((await request(t.http).get('/robots.txt').expect(200)).text).toContain('Sitemap:');
    expect((await request(t.http).get('/api/products').expect(200)).body.data).toBeDefined();
    await request(t.http).get('/api/no/such/route').expect(404);
    expect((await request(t.http).get('/app.admin/products/create').expect(200)).text).toContain('Kasuwa back office');
    const asset = await request(t.http).get('/assets/nope/missing.js').expect(404);
    expect(asset.text).not.toContain('<div id="root">');
  });

  it('the sitemap index names a child of the landing pages that have listings: state × category and LGA × category, parents included', async () => {
    const index = (await request(t.http).get('/sitemap.xml').expect(200)).text;
    expect(index).toMatch(new RegExp(`<sitemap><loc>${BASE}/sitemaps/landing-pages-0\\.xml\\.gz</loc><lastmod>[^<]+</lastmod></sitemap>`));
    expect(index).not.toContain('landing-pages-1.xml.gz');
    const res = await request(t.http).get('/sitemaps/landing-pages-0.xml.gz').buffer(true).parse(asBytes).expect(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const xml = gunzipSync(res.body as Buffer).toString('utf8');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].slice(BASE.length));
    expect(locs).toEqual([
      '/abuja-fct/abuja-municipal-area-council/cars',
      '/abuja-fct/abuja-municipal-area-council/mobile-phones',
      '/abuja-fct/cars',
      '/abuja-fct/mobile-phones',
      '/lagos/android-phones',
      '/lagos/cars',
      '/lagos/eti-osa/android-phones',
      '/lagos/eti-osa/mobile-phones',
      '/lagos/ikeja/mobile-phones',
      '/lagos/mobile-phones',
    ]);
    expect([...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)]).toHaveLength(locs.length);
  });

  it('slugs are stable and unique: every state and every LGA of a state has its own, the FCT is abuja-fct', () => {
    const places = landingPlaces();
    expect(new Set(places.map((p) => p.slug)).size).toBe(NIGERIA_STATES.length);
    expect(places.map((p) => p.slug)).toContain('abuja-fct');
    for (const [i, s] of NIGERIA_STATES.entries()) {
      expect([s.name, places[i].lgas.length]).toEqual([s.name, NIGERIA_LGAS.filter((l) => l.stateId === s.id).length]);
      for (const slug of places[i].lgas) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(places.reduce((n, p) => n + p.lgas.length, 0)).toBe(774);
  });

  it('the places list gives each state its slug (the home page links its chips with it), and a product its state for its breadcrumbs', async () => {
    const list = (await request(t.http).get('/api/locations').expect(200)).body.data;
    expect(list.find((s: { id: number }) => s.id === FCT).slug).toBe('abuja-fct');
    const detail = (await request(t.http).get(`/api/products/${ids['Tecno Spark 10']}`).expect(200)).body.data;
    expect(detail).toMatchObject({ stateId: LAGOS, stateName: 'Lagos', stateSlug: 'lagos' });
  });
  it('a renamed category: its old slug moves to the new one (301)', async () => {
    const admin = await adminToken(t);
    await request(t.http).put(`/api/category/categories/${cat.Cars}`).set(bearer(admin)).send({ categoryName: 'Cars & Vans' }).expect(200);
    const res = await request(t.http).get('/abuja-fct/cars').redirects(0).expect(301);
    expect(res.headers.location).toBe('/abuja-fct/cars-vans');
    expect(h1((await request(t.http).get('/abuja-fct/cars-vans').expect(200)).text)).toBe('Cars & Vans in Abuja (FCT) — 1 listing');
    await request(t.http).put(`/api/category/categories/${cat.Cars}`).set(bearer(admin)).send({ categoryName: 'Cars' }).expect(200);
    expect((await request(t.http).get('/abuja-fct/cars-vans').redirects(0).expect(301)).headers.location).toBe('/abuja-fct/cars');
    await request(t.http).get('/abuja-fct/cars').expect(200);
  });
});
