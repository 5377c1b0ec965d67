import request from 'supertest';
import { gunzipSync } from 'node:zlib';
import { bearer, registerUser } from './utils/actors';
import { asBytes } from './utils/bytes';
import { imageVariantsMade, makeImage } from './utils/images';
import { webDir } from './utils/storefront-build';
import { createTestApp, TestApp } from './utils/test-app';

describe('one process serves the storefront, the back office, SEO files and Open Graph tags', () => {
  let t: TestApp;
  let productId: number;
  let sellerId: number;
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (const [dir, marker] of [
      ['storefront', 'STOREFRONT'],
      ['backoffice', 'BACKOFFICE'],
    ]) {
      files[`${dir}/index.html`] = `<html><head><title>Kasuwa</title></head><body>${marker}</body></html>`;
      files[`${dir}/assets/app-abc123.js`] = 'console.log(1)';
    }
    const web = webDir('kasuwa-web-', files);
    t = await createTestApp({ WEB_DIR: web });
    const u = await registerUser(t, { firstName: 'Ade', lastName: 'Phones' });
    sellerId = u.user.id;
    const res = await request(t.http)
      .post('/api/products')
      .set(bearer(u.token))
      .field('productName', 'Tecno <Camon> 20')
      .field('productPrice', '185000')
      .field('productLocation', 'Kano')
      .field('platformCommissionAgreement', 'agreed')
      .attach('productImages', await makeImage(), 'a.jpg')
      .expect(201);
    productId = res.body.data.id;
    await imageVariantsMade(t.db);
  });
  afterAll(() => t.close());

  it.each([['/'], ['/profile'], ['/orders/5/buyer'], ['/auth-success?access_token=x']])(
    'deep link %s reloads into the storefront',
    async (path) => {
      const res = await request(t.http).get(path).expect(200);
      expect(res.text).toContain('STOREFRONT');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([['/app.admin'], ['/app.admin/users'], ['/app.admin/users/3/edit']])(
    'deep link %s reloads into the back office',
    async (path) => {
      expect((await request(t.http).get(path).expect(200)).text).toContain('BACKOFFICE');
    },
  );

  it('hashed assets are cached for a year; a missing asset is a 404, not the shell', async () => {
    const res = await request(t.http).get('/assets/app-abc123.js').expect(200);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    // A file a page loads carries the file headers (nosniff, a policy under which it runs nothing as a page), not the
    // page's ~1,000 bytes: some 40 chunks make a first view.
    for (const asset of ['/assets/app-abc123.js', '/app.admin/assets/app-abc123.js']) {
      const file = await request(t.http).get(asset).expect(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(file.headers['x-frame-options']).toBeUndefined();
    }
    await request(t.http).get('/assets/missing-123.js').expect(404);
    const api = await request(t.http).get('/api/nothing-here').expect(404);
    expect(api.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
  });

  /** The JSON-LD blocks of a page, parsed. */
  const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

  it('a product page carries schema.org Product + Offer and BreadcrumbList with the properties Google requires, and its canonical address', async () => {
    const res = await request(t.http).get(`/product/${productId}?ref=share&utm_source=whatsapp`).expect(200);
    expect(res.text).toContain(`<link rel="canonical" href="http://localhost:3999/product/${productId}">`);
    // No text can close the script: the listing's "<Camon>" is escaped inside the JSON.
    expect(res.text).not.toMatch(/ld\+json">[^<]*<Camon>/);
    const [product, crumbs] = jsonLd(res.text);
    // Product snippets: name, and offers with price, priceCurrency; availability and itemCondition from schema.org's enumerations.
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Tecno <Camon> 20',
      image: [expect.stringMatching(/^http:\/\/localhost:3999\/uploads\//)],
      offers: {
        '@type': 'Offer',
        price: '185000.00',
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Person', name: 'Ade Phones' },
        url: `http://localhost:3999/product/${productId}`,
      },
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost:3999/' });
    for (const [i, c] of crumbs.itemListElement.entries())
      expect(c).toMatchObject({
        '@type': 'ListItem',
        position: i + 1,
        name: expect.any(String),
        item: expect.stringMatching(/^http:\/\/localhost:3999\//),
      });
    expect(crumbs.itemListElement.at(-1).name).toBe('Tecno <Camon> 20');
  });

  it('the home page carries WebSite with a SearchAction; filters and sort orders canonicalise to the plain page, a category to its page', async () => {
    const home = await request(t.http).get('/?sort=price_asc&page=2').expect(200);
    expect(home.text).toContain('<link rel="canonical" href="http://localhost:3999/">');
    const [site] = jsonLd(home.text);
    expect(site).toMatchObject({
      '@type': 'WebSite',
      url: 'http://localhost:3999/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'http://localhost:3999/?search={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
    const category = await request(t.http).get('/?category=phones&sort=newest').expect(200);
    expect(category.text).toContain('<link rel="canonical" href="http://localhost:3999/?category=phones">');
    const info = await request(t.http).get('/refund-policy/').expect(200);
    expect(info.text).toContain('<link rel="canonical" href="http://localhost:3999/refund-policy">');
    expect(jsonLd(info.text)).toEqual([]);
  });

  it('a product page carries its title, price and first photo as Open Graph tags (escaped)', async () => {
    const res = await request(t.http).get(`/product/${productId}`).expect(200);
    expect(res.text).toContain('STOREFRONT');
    expect(res.text).toContain('<meta property="og:title" content="Tecno &lt;Camon&gt; 20 — ₦185,000.00 · Kasuwa">');
    expect(res.text).toMatch(/<meta property="og:image" content="http:\/\/localhost:3999\/uploads\/products\/[^"]+\/1200\.webp">/);
    expect(res.text).toContain(`<meta property="og:url" content="http://localhost:3999/product/${productId}">`);
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    const unknown = await request(t.http).get('/product/999999').expect(404);
    expect(unknown.text).toContain('STOREFRONT');
    expect(unknown.text).not.toContain('og:title');
  });

  it("a shop page carries the seller's name, photo, rating and listing count as Open Graph / Twitter tags; an unknown shop is a 404", async () => {
    await t.db.query(`UPDATE app_user SET profile_image = '/uploads/profiles/ade.webp', rating_count = 2, rating_sum = 9 WHERE id = $1`, [
      sellerId,
    ]);
    const res = await request(t.http).get(`/seller/${sellerId}`).expect(200);
    expect(res.text).toContain('STOREFRONT');
    expect(res.text).toContain('<meta property="og:title" content="Ade Phones — shop on Kasuwa">');
    expect(res.text).toMatch(
      /<meta property="og:description" content="Rated 4\.5 of 5 from 2 ratings · 1 listing on sale · Member since \w+ \d{4}">/,
    );
    expect(res.text).toContain('<meta property="og:image" content="http://localhost:3999/uploads/profiles/ade.webp">');
    expect(res.text).toContain('<meta name="twitter:image" content="http://localhost:3999/uploads/profiles/ade.webp">');
    const unknown = await request(t.http).get('/seller/999999').expect(404);
    expect(unknown.text).toContain('STOREFRONT');
    expect(unknown.text).not.toContain('og:title');
  });

  it('serves sitemap.xml with listings and robots.txt pointing at it', async () => {
    const map = await request(t.http).get('/sitemap.xml').expect(200);
    expect(map.headers['content-type']).toMatch(/application\/xml/);
    expect(map.text).toContain(`<loc>http://localhost:3999/sitemaps/listings-0.xml.gz</loc>`);
    const child = await request(t.http).get('/sitemaps/listings-0.xml.gz').buffer(true).parse(asBytes);
    expect(gunzipSync(child.body as Buffer).toString()).toContain(`<loc>http://localhost:3999/product/${productId}</loc>`);
    const robots = await request(t.http).get('/robots.txt').expect(200);
    expect(robots.text).toContain('Sitemap: http://localhost:3999/sitemap.xml');
    expect(robots.text).toContain('Disallow: /api/');
  });
});
