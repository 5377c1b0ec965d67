import { DATA_SAVER_COOKIE, DATA_SAVER_LOADER, DATA_SAVER_TAP } from '@kasuwa/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { securityHeaders } from './common/static-headers';
import { DATA_SAVER_SCRIPT_HASH, dataSaverOf } from './data-saver';
import { serveWebApps } from './web';

/** The built storefront as Vite writes it: the entry as a module script in the head, a preload, the root. */
const SHELL =
  '<!doctype html><html lang="en"><head><title>Kasuwa</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-X1.js"></head><body><div id="root"></div></body></html>';
/** A product page as the server renders it: its photo in two sizes (the carousel's srcset) and their preload. */
const PHOTO = 'srcset="/uploads/p/1-400.webp 400w, /uploads/p/1-1200.webp 1200w"';
const rendered = (html: string) =>
  html
    .replace(
      '</head>',
      `<link rel="preload" as="image" imagesrcset="/uploads/p/1-400.webp 400w, /uploads/p/1-1200.webp 1200w" imagesizes="100vw"></head>`,
    )
    .replace('<div id="root"></div>', `<div id="root"><h1>Phone</h1><img src="/uploads/p/1-1200.webp" ${PHOTO}></div>`);

describe('data-saver pages and the service worker, as the API serves them', () => {
  let dir: string;
  let http: FastifyInstance;
  let cacheAsked = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kasuwa-web-'));
    const sf = join(dir, 'storefront');
    mkdirSync(join(sf, 'assets'), { recursive: true });
    writeFileSync(join(sf, 'index.html'), SHELL);
    writeFileSync(join(sf, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(sf, 'sw.js.br'), 'compressed');
    writeFileSync(join(sf, 'offline.html'), '<!doctype html><title>You are offline</title>');
    writeFileSync(join(sf, 'assets', 'index-AbC123.js'), 'console.log(1)');
    http = Fastify();
    http.addHook('onRequest', (_req, reply, done) => {
      securityHeaders(reply.raw);
      done();
    });
    serveWebApps(
      http,
      dir,
      async (path, html) => (path.startsWith('/product/') ? rendered(html) : null),
      () => {
        cacheAsked++;
        return false;
      },
    );
    await http.ready();
  });

  afterAll(async () => {
    await http.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => http.inject({ method: 'GET', url, headers });

  it('a page normally comes with its scripts and both photo sizes, and says it varies by Save-Data', async () => {
    const res = await get('/product/1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>');
    expect(res.body).toContain('rel="modulepreload"');
    expect(res.body).toContain('1-1200.webp 1200w');
    expect(res.body).not.toContain(DATA_SAVER_LOADER);
    expect(String(res.headers.vary)).toContain('Save-Data');
  });

  it('with Save-Data: on, the same page has no script up front: a loader fetches the entry on the first tap, photos are 400 px', async () => {
    const before = cacheAsked;
    const res = await get('/product/1', { 'Save-Data': 'on' });
    expect(res.statusCode).toBe(200);
    expect(cacheAsked).toBe(before); // the page cache (full pages) is not asked
    expect(res.body).toContain('<h1>Phone</h1>'); // the HTML still reads
    expect(res.body).not.toMatch(/<script[^>]+type="module"/);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<meta name="kasuwa-entry" content="/assets/index-AbC123.js">');
    expect(res.body).toContain(`<script>${DATA_SAVER_LOADER}</script>`);
    expect(res.body).toContain('<html data-data-saver="on"');
    expect(res.body).toContain('srcset="/uploads/p/1-400.webp 400w"');
    expect(res.body).toContain('imagesrcset="/uploads/p/1-400.webp 400w"');
    expect(res.body).not.toContain('1200w');
    // The loader may run: the page's Content-Security-Policy allows it by its hash.
    const hash = `'sha256-${createHash('sha256').update(DATA_SAVER_LOADER).digest('base64')}'`;
    expect(DATA_SAVER_SCRIPT_HASH).toBe(hash);
    expect(String(res.headers['content-security-policy'])).toContain(hash);
  });

  it("the menu's toggle (a cookie) turns it on, and off even where the browser sends Save-Data", async () => {
    const on = await get('/product/1', { Cookie: `a=1; ${DATA_SAVER_COOKIE}=on` });
    expect(on.body).not.toMatch(/<script[^>]+type="module"/);
    const off = await get('/product/1', { Cookie: `${DATA_SAVER_COOKIE}=off`, 'Save-Data': 'on' });
    expect(off.body).toContain('<script type="module"');
    // Pages not rendered on the server (the shell) get the loader too.
    const shell = await get('/profile', { 'Save-Data': 'on' });
    expect(shell.body).toContain(`<script>${DATA_SAVER_LOADER}</script>`);
  });

  it('reads only "on" as on', () => {
    const req = (headers: Record<string, string>) => ({ headers }) as never;
    expect(dataSaverOf(req({ 'save-data': 'on' }))).toBe(true);
    expect(dataSaverOf(req({ 'save-data': 'off' }))).toBe(false);
    expect(dataSaverOf(req({ cookie: `${DATA_SAVER_COOKIE}=maybe` }))).toBe(false);
  });

  it('the loader adds the entry as a module script on the first tap, once', () => {
    const listeners = new Map<string, (e?: unknown) => void>();
    const appended: { type: string; src: string }[] = [];
    const win: Record<string, unknown> = {
      addEventListener: (t: string, f: () => void) => void listeners.set(t, f),
      removeEventListener: (t: string) => void listeners.delete(t),
    };
    const doc = {
      querySelector: () => ({ content: '/assets/index-AbC123.js' }),
      createElement: () => ({ type: '', src: '' }),
      head: { appendChild: (s: { type: string; src: string }) => void appended.push(s) },
    };
    new Function('window', 'document', DATA_SAVER_LOADER)(win, doc);
    expect([...listeners.keys()].sort()).toEqual(['click', 'focusin', 'keydown', 'pointerdown', 'touchstart']);
    listeners.get('pointerdown')!();
    expect(appended).toEqual([{ type: 'module', src: '/assets/index-AbC123.js' }]);
    // The click that follows is kept for the app to replay once it has hydrated; then nothing listens any more.
    const button = { tagName: 'BUTTON' };
    listeners.get('click')!({ target: button });
    expect(win[DATA_SAVER_TAP]).toBe(button);
    expect(listeners.size).toBe(0);
  });

  it('serves the service worker from the root scope, revalidated on every load; hashed assets for a year', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const brotli = await get('/sw.js', { 'Accept-Encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(String(sw.headers['content-security-policy'])).toContain("script-src 'self'");
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('You are offline');
    expect(offline.headers['cache-control']).toBe('no-cache');
    const asset = await get('/assets/index-AbC123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
