import request from 'supertest';
import { rmSync } from 'node:fs';
import { bearer, registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { imageVariantsMade, makeImage } from './utils/images';
import { embedded, storefrontWithServerBuild, visible } from './utils/storefront-build';
import { createTestApp, TestApp } from './utils/test-app';
import { COLOR_MODE_COOKIE, PAGE_COLORS } from '@kasuwa/contracts';
import { createHash } from 'node:crypto';

/** The styles the render made (the components' and the global ones), without the head's pre-paint style. */
const renderedStyles = (html: string) =>
  [...html.matchAll(/<style data-(?:k-ssr|emotion)="[^"]+"[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join('');

describe('public pages are rendered on the server from the catalogue, with their data embedded once', () => {
  let t: TestApp;
  let web: string;
  const ids: Record<string, number> = {};
  let sellerId: number;

  beforeAll(async () => {
    web = storefrontWithServerBuild('kasuwa-ssr-');
    // Rendered on the main thread (SSR_WORKERS=0), where the checks below can watch it; render threads: ssr-threads.e2e-spec.ts.
    t = await createTestApp({ WEB_DIR: web, SSR_WORKERS: '0' });
    const seller = await registerUser(t, { firstName: 'Halima', lastName: 'Kano <Stores>' });
    sellerId = seller.user.id;
    for (const [name, price] of [
      ['Hisense chest freezer 200L', '210000'],
      ['Tecno Camon </script><b>20</b>', '185000'],
      ['Bajaj Boxer okada', '650000'],
    ]) {
      const res = await request(t.http)
        .post('/api/products')
        .set(bearer(seller.token))
        .field('productName', name)
        .field('productPrice', price)
        .field('productLocation', 'Kano')
        .field('platformCommissionAgreement', 'agreed')
        .attach('productImages', await makeImage(), 'a.jpg')
        .expect(201);
      ids[name] = res.body.data.id;
    }
    await imageVariantsMade(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('the home page shows the latest listings in its HTML, with the same answer as GET /api/products embedded once', async () => {
    const res = await request(t.http).get('/').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const text = visible(res.text);
    expect(text).toContain('Hisense Chest Freezer 200L');
    expect(text).toContain('Bajaj Boxer Okada');
    expect(text).toContain('Latest listings');
    expect(res.text.match(/id="kasuwa-data"/g)).toHaveLength(1);
    const data = embedded(res.text);
    const api = await request(t.http).get('/api/products?sort=newest&limit=24').expect(200);
    expect(data.products.list).toEqual(api.body);
    expect(JSON.parse(data.products.query)).toEqual({ sort: 'newest', limit: 24 });
    expect(data.categories).toEqual((await request(t.http).get('/api/category/categories').expect(200)).body.data.categories);
    // The page's styles come with it, and the first photo is asked for before any script runs.
    expect(res.text).toMatch(/<style data-k-ssr="[^"]+">\.k-/);
    expect(res.text).toMatch(/<link rel="preload" as="image" href="\/uploads\/products\/[^"]+\/400\.webp" fetchpriority="high">/);
  });

  it('a search in the address is rendered with its results', async () => {
    const res = await request(t.http).get('/?search=freezer&stateId=20').expect(200);
    const text = visible(res.text);
    expect(text).toContain('Search results');
    expect(text).toContain('Hisense Chest Freezer 200L');
    expect(text).not.toContain('Bajaj Boxer Okada');
    // "Save this search" is in the HTML: added only once the page had hydrated, it pushed the results down (CLS).
    expect(text).toContain('Save this search');
    const data = embedded(res.text);
    expect(data.products.list.data.map((p: { id: number }) => p.id)).toEqual([ids['Hisense chest freezer 200L']]);
    expect(JSON.parse(data.products.query)).toMatchObject({ search: 'freezer', stateId: 20, sort: 'relevance' });
  });

  it('a product page carries the product, its Open Graph tags and its data; a name cannot break out of the data script', async () => {
    const id = ids['Tecno Camon </script><b>20</b>'];
    const res = await request(t.http).get(`/product/${id}`).expect(200);
    expect(visible(res.text)).toContain('Tecno Camon &lt;/script&gt;&lt;b&gt;20&lt;/b&gt;');
    expect(res.text).toContain('<meta property="og:title"');
    expect(res.text).not.toContain('<b>20</b>');
    const data = embedded(res.text);
    const api = await request(t.http).get(`/api/products/${id}`).expect(200);
    expect(data.product).toEqual({ id: String(id), detail: api.body.data });
    expect(res.text).toMatch(
      /<link rel="preload" as="image" imagesrcset="[^"]*400\.webp 400w, [^"]*1200\.webp 1200w" imagesizes="[^"]+" fetchpriority="high">/,
    );
  });

  it('a rendered page leaves no timer behind: a timer started while rendering would keep the whole render in memory', async () => {
    // A timer holds the async context it was started in, and with it React's request (the page's element tree): the
    // data layer's 5-minute cache timers kept every uncached page alive for 5 minutes, next to the heap cap.
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const id = ids['Hisense chest freezer 200L'];
    await request(t.http).get(`/product/${id}?warm=1`).expect(200);
    await new Promise((ok) => setTimeout(ok, 50));
    const before = timers();
    for (let i = 0; i < 8; i++) await request(t.http).get(`/product/${id}?distinct=${i}`).expect(200);
    await new Promise((ok) => setTimeout(ok, 50));
    expect(timers() - before).toBeLessThan(4);
  });

  it('a photo whose variants are not made yet is shown from its stored original: one URL, no srcset, the same frame', async () => {
    const id = ids['Bajaj Boxer okada'];
    const original = '/uploads/products/pending/original.jpg';
    await t.db.query(`UPDATE product SET images = $2 WHERE id = $1`, [
      id,
      JSON.stringify([{ imageUrl: original, thumbnailUrl: original, originalUrl: original, keys: [] }]),
    ]);
    const res = await request(t.http).get(`/product/${id}`).expect(200);
    expect(res.text).toContain(`<link rel="preload" as="image" href="${original}" fetchpriority="high">`);
    const img = /<img[^>]*src="\/uploads\/products\/pending\/original\.jpg"[^>]*>/.exec(res.text)?.[0];
    expect(img).toBeDefined();
    expect(img).not.toContain('srcset');
    expect(img).toMatch(/width="1200"[^>]*height="900"|height="900"[^>]*width="1200"/);
  });

  it('an unknown or hidden product, and an address that is not a page, answer 404 with the not-found page', async () => {
    const missing = await request(t.http).get('/product/99999999').expect(404);
    expect(visible(missing.text)).toContain('Product not found.');
    await request(t.http).get('/product/abc').expect(404);
    const page = await request(t.http).get('/no/such/page').expect(404);
    expect(visible(page.text)).toContain('Page not found');
  });

  it('a sold listing is rendered, marked Sold with Add to Cart disabled (200, not 404); it is not in the home page', async () => {
    const sold = await createProduct(t, sellerId, { quantity: 0, name: 'Thermocool deep freezer' });
    const res = await request(t.http).get(`/product/${sold.id}`).expect(200);
    const text = visible(res.text);
    expect(text).toContain('Thermocool Deep Freezer');
    expect(text).toContain('This item has been sold and can no longer be bought.');
    expect(text).toMatch(/<button[^>]*\sdisabled(?:="")?[\s>][^>]*>(?:(?!<\/button>)[\s\S])*Sold<\/button>/);
    expect(embedded(res.text).product.detail).toMatchObject({ id: sold.id, availability: 'sold' });
    expect(visible((await request(t.http).get('/').expect(200)).text)).not.toContain('Thermocool');
  });

  it('a shop page carries the seller, their listings (searchable within the shop: ?search= in the address), Open Graph / Twitter tags and its data; an unknown shop is a 404', async () => {
    const res = await request(t.http).get(`/seller/${sellerId}`).expect(200);
    const text = visible(res.text);
    expect(text).toContain('Halima Kano &lt;Stores&gt;');
    expect(text).toContain('No ratings yet');
    for (const name of ['Hisense Chest Freezer 200L', 'Bajaj Boxer Okada']) expect(text).toContain(name);
    expect(res.text).toContain('<meta property="og:type" content="profile">');
    expect(res.text).toContain('<meta property="og:title" content="Halima Kano &lt;Stores&gt; — shop on Kasuwa">');
    expect(res.text).toMatch(/<meta property="og:description" content="No ratings yet · 3 listings on sale · Member since \w+ \d{4}">/);
    expect(res.text).toContain(`<meta property="og:url" content="http://localhost:3999/seller/${sellerId}">`);
    expect(res.text).toContain('<meta name="twitter:card" content="summary">');
    const data = embedded(res.text);
    expect(data.seller).toEqual({
      id: String(sellerId),
      profile: (await request(t.http).get(`/api/sellers/${sellerId}`)).body.data,
      reviews: [],
    });

    // The shop's own search: the same answer as GET /api/products?sellerId=, embedded for the page to hydrate from.
    const other = await registerUser(t);
    await request(t.http)
      .post('/api/products')
      .set(bearer(other.token))
      .field('productName', 'Honda okada 2019')
      .field('productPrice', '700000')
      .field('productLocation', 'Kano')
      .field('platformCommissionAgreement', 'agreed')
      .expect(201);
    const found = await request(t.http).get(`/seller/${sellerId}?search=okada`).expect(200);
    expect(visible(found.text)).toContain('Bajaj Boxer Okada');
    expect(visible(found.text)).not.toContain('Hisense');
    expect(visible(found.text)).not.toContain('Honda');
    const api = await request(t.http).get('/api/products').query({ search: 'okada', sellerId, sort: 'relevance', limit: 24 }).expect(200);
    expect(embedded(found.text).products.list).toEqual(api.body);
    expect(api.body.data.map((p: { id: number }) => p.id)).toEqual([ids['Bajaj Boxer okada']]);
    await request(t.http).get('/api/products').query({ sellerId: 'x' }).expect(422);

    const missing = await request(t.http).get('/seller/99999999').expect(404);
    expect(visible(missing.text)).toContain('Shop not found');
    expect(missing.text).not.toContain('og:title');
  });

  it("no light flash: a dark-mode visitor's page is rendered dark, told by the choice cookie or the browser's hint", async () => {
    const bodyBg = (html: string) => /body\{[^}]*background-color:(#[0-9a-f]{6})/.exec(renderedStyles(html))?.[1];
    for (const headers of [{ Cookie: `${COLOR_MODE_COOKIE}=dark` }, { 'Sec-CH-Prefers-Color-Scheme': '"dark"' }]) {
      for (const path of ['/', `/product/${ids['Hisense chest freezer 200L']}`]) {
        const res = await request(t.http).get(path).set(headers).expect(200);
        expect(res.text).toMatch(/^<!doctype html><html data-color-scheme="dark" lang="en">/);
        expect(embedded(res.text).colorMode).toBe('dark'); // the browser hydrates it in the same theme
        expect(bodyBg(res.text)).toBe(PAGE_COLORS.dark.background);
        expect(renderedStyles(res.text)).not.toContain(PAGE_COLORS.light.background);
        expect(res.headers['critical-ch']).toBeUndefined(); // the scheme is known: no second request
      }
    }
    // The choice made in the storefront wins over the system's scheme.
    const light = await request(t.http)
      .get('/')
      .set({ Cookie: `${COLOR_MODE_COOKIE}=light`, 'Sec-CH-Prefers-Color-Scheme': '"dark"' })
      .expect(200);
    expect(embedded(light.text).colorMode).toBe('light');
    expect(bodyBg(light.text)).toBe(PAGE_COLORS.light.background);
  });

  it('a first visit asks for the scheme hint, and the head script that sets the colours before the first paint may run under the CSP', async () => {
    const res = await request(t.http).get('/').expect(200);
    expect(res.headers['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(res.headers['critical-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
    expect(res.headers.vary).toMatch(/^Sec-CH-Prefers-Color-Scheme, Cookie, Save-Data, Accept-Encoding$/);
    expect(embedded(res.text).colorMode).toBe('light');
    // The page's only inline script is in <head> before any style or the body, and the policy allows it by its hash.
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    const scripts = [...res.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(head.indexOf(`<script>${scripts[0]}</script>`)).toBeLessThan(head.indexOf('<style'));
    expect(head).toContain(`html[data-color-scheme=dark] body{background-color:${PAGE_COLORS.dark.background}`);
    const hash = createHash('sha256').update(scripts[0]).digest('base64');
    expect(res.headers['content-security-policy']).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    // Pages the browser renders (signed-in pages, forms) carry it too.
    const shell = await request(t.http).get('/profile').set('Sec-CH-Prefers-Color-Scheme', '"dark"').expect(200);
    expect(shell.text).toContain(`<script>${scripts[0]}</script>`);
    expect(shell.text).toContain('<html data-color-scheme="dark"');
  });

  it('signed-in pages and forms stay the plain app shell; a page with an invalid filter lets the browser ask', async () => {
    for (const path of ['/profile', '/sell', '/auth', '/orders/5/buyer']) {
      const res = await request(t.http).get(path).expect(200);
      expect(res.text).toContain('<div id="root"></div>');
    }
    const res = await request(t.http).get('/?stateId=99999999').expect(200);
    expect(embedded(res.text).products).toBeUndefined();
    await request(t.http).get('/privacy-policy').expect(200);
  });
});
