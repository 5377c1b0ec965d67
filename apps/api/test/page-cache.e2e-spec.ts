import request from 'supertest';
import { rmSync } from 'node:fs';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bearer, registerUser } from './utils/actors';
import { asBytes } from './utils/bytes';
import { createProduct } from './utils/catalog-fixtures';
import { COLOR_MODE_COOKIE, SYSTEM_SCHEME_COOKIE } from '@kasuwa/contracts';
import { withColorScheme } from '../src/color-scheme';
import { MAX_RENDERS } from '../src/pages/page-cache.service';
import { webDir } from './utils/storefront-build';
import { createTestApp, TestApp } from './utils/test-app';

const SHELL = `<!doctype html><html lang="en"><head><title>Kasuwa</title></head><body><div id="root"></div></body></html>`;
/**
 * A storefront server build that renders the names it is given and counts its renders (the real one is built and
 * checked in web-ssr.e2e-spec.ts): what is under test here is only whether a page is rendered again or not.
 */
const BUNDLE = `
globalThis.kasuwaRenders = 0;
exports.plan = (url) => {
  const path = url.split('?')[0];
  if (path === '/') return { page: 'home', query: { sort: 'newest', limit: 24 } };
  const m = /^\\/product\\/(\\d+)$/.exec(path);
  return m ? { page: 'product', id: m[1] } : null;
};
exports.queryKey = (q) => JSON.stringify(q);
exports.render = async (url, data) => {
  globalThis.kasuwaRenders++;
  if (globalThis.kasuwaRenderDelay) await new Promise((r) => setTimeout(r, globalThis.kasuwaRenderDelay));
  const names = data.product ? [data.product.detail ? data.product.detail.productName : 'Product not found.'] : data.products.list.data.map((p) => p.productName);
  return { status: data.product && !data.product.detail ? 404 : 200, html: '<ul class="' + data.colorMode + '">' + names.map((n) => '<li>' + n + '</li>').join('') + '</ul>' + '<p>' + 'padding '.repeat(200) + '</p>', head: '', data: '' };
};`;
const renders = () => (globalThis as unknown as { kasuwaRenders: number }).kasuwaRenders;
/** Slows every render of BUNDLE by `ms` (0: none). */
const setRenderDelay = (ms: number) => ((globalThis as unknown as { kasuwaRenderDelay: number }).kasuwaRenderDelay = ms);

/** A web build of SHELL and BUNDLE in a new temporary directory (removed by the caller). */
const fakeWebBuild = (prefix: string) => webDir(prefix, { 'storefront/index.html': SHELL, 'storefront-ssr/entry-server.js': BUNDLE });

/** Catalogue changes reach the cache by NOTIFY just after commit: the page is asked for until it shows the change. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error('the page never showed the change');
}

describe('anonymous storefront pages are answered from a micro-cache that any catalogue change drops', () => {
  let t: TestApp;
  let web: string;
  let seller: number;

  beforeAll(async () => {
    web = fakeWebBuild('kasuwa-page-cache-');
    // Renders on the main thread (SSR_WORKERS=0): BUNDLE counts them in this process's globals.
    t = await createTestApp({ WEB_DIR: web, PAGE_CACHE_TTL: '60s', SSR_WORKERS: '0' });
    seller = (await registerUser(t)).user.id;
    await createProduct(t, seller, { name: 'Hisense chest freezer' });
    // Listening starts with the app; the first page is rendered (and kept) once it does. The listing's own change
    // notice must have arrived too (a hit that still lacks the listing would be dropped by it during a test).
    await eventually(async () => {
      await request(t.http).get('/');
      const page = await request(t.http).get('/');
      return page.headers['x-page-cache'] === 'hit' && page.text.includes('Hisense chest freezer');
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('the same page again is not rendered again, and goes out compressed once', async () => {
    const first = await request(t.http).get('/?search=freezer').expect(200);
    const before = renders();
    const again = await request(t.http).get('/?search=freezer').set('Accept-Encoding', 'br').buffer(true).parse(asBytes).expect(200);
    expect(renders()).toBe(before);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers['cache-control']).toBe('no-cache');
    // The client library undoes the brotli: the same page, sent in fewer bytes.
    expect((again.body as Buffer).toString()).toBe(first.text);
    expect(Number(again.headers['content-length'])).toBeLessThan(Buffer.byteLength(first.text) / 2);
    expect(first.text).toContain('<li>Hisense chest freezer</li>');
    // Another URL is another page.
    await request(t.http).get('/?search=fridge').expect(200);
    expect(renders()).toBe(before + 1);
  });

  it('the visitors who waited for a render get the bytes and ETag its later visitors get: the page is compressed once', async () => {
    // Raw bytes (the test client would undo the brotli): one server listening for both requests.
    const server = (t.http as Server).listen(0, '127.0.0.1');
    try {
      await new Promise((r) => server.once('listening', r));
      const raw = (path: string, encoding: string) =>
        new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) =>
          get(
            { host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers: { 'accept-encoding': encoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          ).on('error', reject),
        );
      const before = renders();
      const miss = await raw('/?search=chest%20freezer', 'gzip, br');
      const hit = await raw('/?search=chest%20freezer', 'gzip, br');
      expect(renders()).toBe(before + 1);
      expect([miss.headers['x-page-cache'], hit.headers['x-page-cache']]).toEqual([undefined, 'hit']);
      expect(miss.headers['content-encoding']).toBe('br');
      expect(miss.headers.vary).toContain('Accept-Encoding');
      expect(miss.headers.etag).toBe(hit.headers.etag);
      expect(miss.body.equals(hit.body)).toBe(true);
      // A client without brotli is answered the same page gzipped, with the same ETag.
      const gzipped = await raw('/?search=chest%20freezer', 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.etag).toBe(miss.headers.etag);
      expect(renders()).toBe(before + 1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('a browser revalidating its copy gets 304 without a render', async () => {
    const page = await request(t.http).get('/').expect(200);
    const before = renders();
    await request(t.http).get('/').set('If-None-Match', page.headers.etag).expect(304);
    expect(renders()).toBe(before);
  });

  it('a listing written by any path (here plain SQL) drops the cached pages', async () => {
    expect((await request(t.http).get('/')).text).not.toContain('Bajaj Boxer');
    const p = await createProduct(t, seller, { name: 'Bajaj Boxer okada' });
    await eventually(async () => (await request(t.http).get('/')).text.includes('<li>Bajaj Boxer okada</li>'));
    // The product page too: withdrawn, it is a 404 at once.
    await request(t.http).get(`/product/${p.id}`).expect(200);
    await t.db.query(`UPDATE product SET status = 'withdrawn' WHERE id = $1`, [p.id]);
    await eventually(async () => (await request(t.http).get(`/product/${p.id}`)).status === 404);
    expect((await request(t.http).get('/')).text).not.toContain('Bajaj Boxer');
  });

  it('a category change drops them as well', async () => {
    await request(t.http).get('/').expect(200);
    const before = renders();
    await t.db.query(`INSERT INTO category (category_name, slug, position) VALUES ('Phones', 'phones', 1)`);
    await eventually(async () => (await request(t.http).get('/')).headers['x-page-cache'] !== 'hit');
    expect(renders()).toBe(before + 1);
  });

  it("a review written or hidden (the seller's rating printed on product pages and cards) drops them as well", async () => {
    await request(t.http).get('/').expect(200);
    const before = renders();
    // Statement-level trigger: any statement on review moves the version, whichever writer (service, admin, SQL) ran it.
    await t.db.query(`UPDATE review SET text = text WHERE id = 0`);
    await eventually(async () => (await request(t.http).get('/')).headers['x-page-cache'] !== 'hit');
    expect(renders()).toBe(before + 1);
  });

  it('a request carrying a session is rendered afresh', async () => {
    const { token } = await registerUser(t);
    await request(t.http).get('/product/999999').expect(404);
    expect((await request(t.http).get('/product/999999')).headers['x-page-cache']).toBe('hit');
    const before = renders();
    const res = await request(t.http).get('/product/999999').set(bearer(token)).expect(404);
    expect(res.headers['x-page-cache']).toBeUndefined();
    expect(renders()).toBe(before + 1);
  });

  it('past MAX_RENDERS renders at once, a page goes out as the plain shell (rendered by the browser), not queued', async () => {
    setRenderDelay(2_000); // long enough for every request to arrive while the first renders are under way
    try {
      const pages = await Promise.all(
        Array.from({ length: MAX_RENDERS + 8 }, (_, i) => request(t.http).get(`/?search=shed${i}`).expect(200)),
      );
      const rendered = pages.filter((p) => p.text.includes('<ul class="light">')).length;
      expect(rendered).toBe(MAX_RENDERS);
      const shells = pages.filter((p) => p.text === withColorScheme(SHELL, 'light'));
      expect(shells).toHaveLength(8);
      // Marked, so a load test does not count a shell as a rendered page.
      expect(shells.map((p) => p.headers['x-page-cache'])).toEqual(Array(8).fill('shed'));
      expect(pages.filter((p) => p.headers['x-page-cache'] === 'shed')).toHaveLength(8);
    } finally {
      setRenderDelay(0);
    }
  });

  it('one copy per colour scheme: a dark-mode visitor is never answered the light page, nor a light one the dark page', async () => {
    const url = '/?search=scheme';
    const dark = { Cookie: `${COLOR_MODE_COOKIE}=dark` };
    const before = renders();
    const light = await request(t.http).get(url).expect(200);
    expect(light.text).toContain('<ul class="light">');
    expect(light.text).toContain('<html data-color-scheme="light"');
    // The same URL for a dark-mode visitor: rendered dark, not the light copy.
    const first = await request(t.http).get(url).set(dark).expect(200);
    expect(first.headers['x-page-cache']).toBeUndefined();
    expect(first.text).toContain('<ul class="dark">');
    expect(first.text).toContain('<html data-color-scheme="dark"');
    expect(renders()).toBe(before + 2);
    // Each is then answered from its own copy, whichever tells the scheme: the cookie, the browser's hint, the system's
    // scheme the head script saw; an explicit choice wins over the hint.
    const asks: [Record<string, string>, 'light' | 'dark'][] = [
      [dark, 'dark'],
      [{ 'Sec-CH-Prefers-Color-Scheme': '"dark"' }, 'dark'],
      [{ Cookie: `${SYSTEM_SCHEME_COOKIE}=dark` }, 'dark'],
      [{ Cookie: `${COLOR_MODE_COOKIE}=light`, 'Sec-CH-Prefers-Color-Scheme': '"dark"' }, 'light'],
      [{ Cookie: `${COLOR_MODE_COOKIE}=system; ${SYSTEM_SCHEME_COOKIE}=dark` }, 'dark'],
      [{ 'Sec-CH-Prefers-Color-Scheme': '"light"' }, 'light'],
      [{}, 'light'],
    ];
    for (const [headers, scheme] of asks) {
      const res = await request(t.http).get(url).set(headers).expect(200);
      expect([res.headers['x-page-cache'], res.text.includes(`<ul class="${scheme}">`)]).toEqual(['hit', true]);
      // Caches on the way keep one copy per hint, cookie and Save-Data too (a data-saver page is another answer).
      expect(res.headers.vary).toBe('Sec-CH-Prefers-Color-Scheme, Cookie, Save-Data, Accept-Encoding');
      expect(res.headers['accept-ch']).toBe('Sec-CH-Prefers-Color-Scheme');
    }
    expect(renders()).toBe(before + 2);
    // A browser revalidating the light copy it holds, now dark: the dark page, not a 304.
    const switched = await request(t.http).get(url).set(dark).set('If-None-Match', light.headers.etag).expect(200);
    expect(switched.text).toContain('<ul class="dark">');
  });

  it('API answers are never taken from it', async () => {
    await request(t.http).get('/api/products').expect(200);
    const res = await request(t.http).get('/api/products').expect(200);
    expect(res.headers['x-page-cache']).toBeUndefined();
  });
});

describe('a page past its TTL is answered stale while one render refreshes it', () => {
  let t: TestApp;
  let web: string;
  const TTL_MS = 1_000;
  const cacheHeader = async (url: string) => (await request(t.http).get(url).expect(200)).headers['x-page-cache'];

  beforeAll(async () => {
    web = fakeWebBuild('kasuwa-page-stale-');
    t = await createTestApp({ WEB_DIR: web, PAGE_CACHE_TTL: `${TTL_MS / 1000}s`, SSR_WORKERS: '0' });
    await eventually(async () => {
      await request(t.http).get('/?search=stale');
      return (await cacheHeader('/?search=stale')) === 'hit';
    });
  }, 60_000);
  afterAll(async () => {
    setRenderDelay(0);
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('stale visitors do not wait for the render, the refresh happens once, and past a second TTL the page is rendered again', async () => {
    await new Promise((r) => setTimeout(r, TTL_MS + 50)); // its TTL runs out
    const before = renders();
    setRenderDelay(300); // a slow render: the stale answers below come while it is under way
    const answers = await Promise.all(Array.from({ length: 5 }, () => cacheHeader('/?search=stale')));
    expect(answers).toEqual(Array(5).fill('stale'));
    await eventually(async () => (await cacheHeader('/?search=stale')) === 'hit');
    expect(renders()).toBe(before + 1); // one background render for all of them
    setRenderDelay(0);
    // Untouched for two TTLs: too old to be answered, it is rendered while the visitor waits.
    await new Promise((r) => setTimeout(r, 2 * TTL_MS + 50));
    const again = await request(t.http).get('/?search=stale').expect(200);
    expect(again.headers['x-page-cache']).toBeUndefined();
    expect(renders()).toBe(before + 2);
  });
});
