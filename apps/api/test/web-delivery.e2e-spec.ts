import request from 'supertest';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { adminToken, bearer, registerUser } from './utils/actors';
import { webDir } from './utils/storefront-build';
import { createTestApp, TestApp } from './utils/test-app';

/** Raw bytes and headers as they go over the wire (supertest would decode them itself). */
function raw(base: string, path: string, encoding?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number; text: string }>((ok, fail) => {
    const h: Record<string, string> = { ...headers };
    if (encoding !== undefined) h['Accept-Encoding'] = encoding;
    get(`${base}${path}`, { headers: h }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', fail);
      res.on('end', () => {
        const body = Buffer.concat(parts);
        const enc = res.headers['content-encoding'];
        const text = (enc === 'br' ? brotliDecompressSync(body) : enc === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        ok({ status: res.statusCode ?? 0, headers: res.headers, bytes: body.length, text });
      });
    }).on('error', fail);
  });
}

// Built apps as vite-plugin-compression2 leaves them: each text asset with a .br and a .gz copy next to it.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const SHELL = `<!doctype html><html><head><title>Kasuwa</title>${'<meta name="x" content="padding for a shell over one kilobyte">'.repeat(30)}</head><body>STOREFRONT</body></html>`;

describe('web delivery: pre-compressed assets by Accept-Encoding, compressed JSON and HTML', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const built: Record<string, string | Buffer> = {};
    for (const app of ['storefront', 'backoffice']) {
      built[`${app}/index.html`] = SHELL;
      const files: Record<string, string> = {
        'assets/app-abc123.js': SCRIPT,
        'manifest.webmanifest': JSON.stringify({ name: 'Kasuwa', pad: 'x'.repeat(50) }),
      };
      for (const [name, text] of Object.entries(files)) {
        built[`${app}/${name}`] = text;
        built[`${app}/${name}.br`] = brotliCompressSync(text);
        built[`${app}/${name}.gz`] = gzipSync(text);
      }
      built[`${app}/assets/alone-def456.js`] = SCRIPT; // no copies: sent as it is
    }
    const web = webDir('kasuwa-web-', built);
    t = await createTestApp({ WEB_DIR: web });
    const server = t.http as Server;
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it.each([['/assets/app-abc123.js'], ['/app.admin/assets/app-abc123.js']])(
    '%s goes out as br, as gzip or plain, whichever the browser accepts, with Vary and its own type',
    async (path) => {
      const br = await raw(base, path, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(br.headers['content-type']).toMatch(/^text\/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.text).toBe(SCRIPT);
      expect(br.bytes).toBeLessThan(SCRIPT.length / 3);

      const gz = await raw(base, path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/Accept-Encoding/);
      expect(gz.text).toBe(SCRIPT);

      for (const none of ['', 'identity']) {
        const plain = await raw(base, path, none);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
        expect(plain.bytes).toBe(SCRIPT.length);
      }
    },
  );

  it('names that do not change (the manifest) are cached for a day; a file without copies is compressed on the fly', async () => {
    const manifest = await raw(base, '/manifest.webmanifest', 'br');
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
    expect(JSON.parse(manifest.text).name).toBe('Kasuwa');
    // A file without a .br/.gz copy (a build without the plugin) is still compressed, on the fly.
    const alone = await raw(base, '/assets/alone-def456.js', 'br');
    expect(alone.status).toBe(200);
    expect(alone.headers['content-encoding']).toBe('br');
    expect(alone.text).toBe(SCRIPT);
    await request(t.http).get('/assets/missing-123.js').set('Accept-Encoding', 'br').expect(404);
  });

  it("a browser's Accept-Encoding (gzip listed first) gets br: copies, files compressed on the fly, HTML and JSON", async () => {
    for (const path of ['/assets/app-abc123.js', '/assets/alone-def456.js', '/', '/api/docs-json']) {
      const res = await raw(base, path, 'gzip, deflate, br, zstd');
      expect([path, res.status, res.headers['content-encoding']]).toEqual([path, 200, 'br']);
    }
  });

  it('the HTML shell and JSON answers over 1 kB are compressed when asked, plain when not; small ones stay plain', async () => {
    for (const path of ['/', '/app.admin/login', '/api/docs-json']) {
      const plain = await raw(base, path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.bytes).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const res = await raw(base, path, encoding);
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.text).toBe(plain.text);
        expect(res.bytes).toBeLessThan(plain.bytes);
      }
    }
    const health = await raw(base, '/api/health', 'br');
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('the streamed CSV export still arrives whole through the compressor', async () => {
    const admin = await adminToken(t);
    await registerUser(t);
    const res = await raw(base, '/api/inner/admin/transactions/export.csv', 'br', bearer(admin));
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.text.startsWith('\uFEFFID,Type,Reference,Date')).toBe(true);
  });
});
