// Web delivery: what a phone downloads first stays within budget (gzip bytes of the entry, its
// modulepreloads and stylesheets, as the server sends them), every built text asset goes out as br or gzip when
// asked and plain when not, API JSON and HTML over 1 kB are compressed, and the icons and manifest exist.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { entryImports, initialAssets } from '../lib/bundle-budget.mjs';
import { BASE } from './helpers.mjs';

// Budgets in gzip kB (1000 bytes), for the first screen of each app. The storefront's runs on React 19 (what the product
// asks for): React DOM is ~58 kB more than the Preact it replaced (110 kB then; 168.2 kB measured with React, plus a
// small margin). The app is fetched and run only after the server-rendered first screen has painted (main.tsx), so
// Lighthouse's LCP and CLS do not move with it; what it costs is bytes and start-up CPU after the first paint.
const BUDGET = { storefront: 160, backoffice: 250 };
const WEB = resolve(import.meta.dirname, '../../../dist/apps');
const TEXT = /\.(m?js|css|svg|ico|json|webmanifest|txt|xml)$/;
const TYPES = {
  js: /^text\/javascript|^application\/javascript/,
  mjs: /javascript/,
  css: /^text\/css/,
  svg: /^image\/svg\+xml/,
  ico: /^image\/(x-icon|vnd\.microsoft\.icon)/,
  json: /^application\/json/,
  webmanifest: /^application\/manifest\+json/,
  txt: /^text\/plain/,
  xml: /xml/,
};

/** GET without any decoding, so the bytes on the wire and the headers can be checked. */
function get(path, encoding) {
  return new Promise((ok, fail) => {
    const headers = encoding ? { 'Accept-Encoding': encoding } : {};
    const req = request(new URL(path, BASE), { headers }, (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function decode(res) {
  const enc = res.headers['content-encoding'];
  return enc === 'br' ? brotliDecompressSync(res.body) : enc === 'gzip' ? gunzipSync(res.body) : res.body;
}

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Sums the gzip bytes the server sends for the scripts and styles a page's HTML asks for before it can run;
 * with `followEntry`, also the chunks the entry script imports itself (the storefront's app, started once
 * the server-rendered first screen has shown).
 */
async function firstDownload(page, { followEntry = false } = {}) {
  const html = decode(await get(page, 'gzip')).toString('utf8');
  const urls = initialAssets(html);
  assert.ok(urls.length > 0, `${page}: no entry script in the HTML`);
  const fromHtml = new Set(urls);
  let js = 0;
  const rows = [];
  for (const url of urls) {
    const res = await get(url, 'gzip');
    assert.equal(res.status, 200, url);
    assert.equal(res.headers['content-encoding'], 'gzip', `${url} is not sent gzip-compressed`);
    if (followEntry && fromHtml.has(url) && /\.m?js$/.test(url)) {
      for (const dep of entryImports(decode(res).toString('utf8'))) if (!urls.includes(dep)) urls.push(dep);
    }
    if (/\.m?js$/.test(url)) js += res.body.length;
    rows.push(`${url.split('/').pop()} ${(res.body.length / 1000).toFixed(1)} kB`);
  }
  return { js, rows };
}

let productId;
before(async () => {
  const res = await get('/api/products?limit=1');
  productId = JSON.parse(res.body.toString('utf8')).data[0].id;
});

test(`the storefront's first view downloads at most ${BUDGET.storefront} kB of gzip JS`, async (t) => {
  const { js, rows } = await firstDownload('/', { followEntry: true });
  t.diagnostic(`storefront initial JS ${(js / 1000).toFixed(1)} kB gzip: ${rows.join(', ')}`);
  assert.ok(
    js <= BUDGET.storefront * 1000,
    `storefront initial JS is ${(js / 1000).toFixed(1)} kB gzip, over the ${BUDGET.storefront} kB budget`,
  );
  // The toasts (notistack) come after the page works; React, the router, the style engine and the components are
  // evaluated one chunk at a time (none of them with the app), so no single chunk carries most of the start-up.
  assert.ok(!rows.some((r) => /^(notistack|Toaster)/.test(r)), `the toaster is in the first view: ${rows.join(', ')}`);
  for (const chunk of ['react', 'router', 'mui-core', 'mui', 'boot'])
    assert.ok(
      rows.some((r) => r.startsWith(`${chunk}-`)),
      `no ${chunk} chunk of its own`,
    );
});

test(`the back office's login page downloads at most ${BUDGET.backoffice} kB of gzip JS`, async (t) => {
  const { js, rows } = await firstDownload('/app.admin/login');
  t.diagnostic(`back office initial JS ${(js / 1000).toFixed(1)} kB gzip: ${rows.join(', ')}`);
  assert.ok(
    js <= BUDGET.backoffice * 1000,
    `back office initial JS is ${(js / 1000).toFixed(1)} kB gzip, over the ${BUDGET.backoffice} kB budget`,
  );
});

test('every built text asset of both apps goes out as br or gzip when asked, plain when not', async () => {
  for (const [app, prefix] of [
    ['storefront', '/'],
    ['backoffice', '/app.admin/'],
  ]) {
    const built = files(join(WEB, app)).filter((f) => TEXT.test(f));
    assert.ok(
      built.some((f) => f.endsWith('.js')),
      `${app}: no built scripts in ${WEB}`,
    );
    for (const file of built) {
      const url = prefix + relative(join(WEB, app), file).split('\\').join('/');
      const plain = readFileSync(file);
      const type = TYPES[file.split('.').pop()];
      for (const encoding of ['br', 'gzip', 'gzip, deflate, br']) {
        const res = await get(url, encoding);
        assert.equal(res.status, 200, url);
        assert.equal(res.headers['content-encoding'], encoding === 'gzip' ? 'gzip' : 'br', `${url} with Accept-Encoding: ${encoding}`);
        assert.match(res.headers.vary ?? '', /Accept-Encoding/i, `${url}: Vary`);
        assert.match(res.headers['content-type'] ?? '', type, `${url}: Content-Type`);
        assert.ok(decode(res).equals(plain), `${url} (${encoding}) does not decode to the built file`);
      }
      const raw = await get(url);
      assert.equal(raw.headers['content-encoding'], undefined, `${url} without Accept-Encoding`);
      assert.ok(raw.body.equals(plain), url);
      // The service worker and its offline page keep their names and are revalidated on every load (a new deploy's
      // worker is found at once); hashed assets for a year; the rest for a day.
      const cache = /^\/(sw\.js|offline\.(html|js))$/.test(url)
        ? /^no-cache$/
        : url.includes('/assets/')
          ? /max-age=31536000, immutable/
          : /max-age=86400/;
      assert.match(raw.headers['cache-control'] ?? '', cache, `${url}: Cache-Control`);
    }
  }
});

test('API JSON and page HTML over 1 kB are compressed when asked, plain when not; small answers stay plain', async () => {
  for (const path of ['/api/products?limit=24', '/api/category/categories', `/api/products/${productId}`, '/', `/product/${productId}`]) {
    const plain = await get(path);
    assert.equal(plain.status, 200, path);
    assert.equal(plain.headers['content-encoding'], undefined, `${path} without Accept-Encoding`);
    if (plain.body.length < 1024) continue; // below the threshold compression costs more than it saves
    for (const encoding of ['br', 'gzip']) {
      const res = await get(path, encoding);
      assert.equal(res.headers['content-encoding'], encoding, `${path} with Accept-Encoding: ${encoding}`);
      assert.match(res.headers.vary ?? '', /Accept-Encoding/i, `${path}: Vary`);
      assert.ok(res.body.length < plain.body.length, `${path}: ${encoding} is not smaller`);
    }
  }
  const health = await get('/api/health', 'br');
  assert.ok(health.body.length < 1024 && health.headers['content-encoding'] === undefined, 'a tiny answer is not compressed');
});

test('favicon.ico, the touch icon and a web app manifest with 192 and 512 px icons are served and linked', async () => {
  const ico = await get('/favicon.ico');
  assert.equal(ico.status, 200);
  assert.match(ico.headers['content-type'], /^image\/(x-icon|vnd\.microsoft\.icon)/);
  assert.equal(ico.body.readUInt16LE(2), 1, 'favicon.ico is an icon file');
  const html = decode(await get('/', 'gzip')).toString('utf8');
  assert.match(html, /<link rel="manifest" href="\/manifest\.webmanifest"/);
  assert.match(html, /<link rel="icon" href="\/favicon\.ico"/);
  const manifest = JSON.parse(decode(await get('/manifest.webmanifest', 'br')).toString('utf8'));
  assert.equal(manifest.name, 'Kasuwa');
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.display, 'standalone');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    assert.ok(icon, `no ${size} PNG icon in the manifest`);
    const res = await get(icon.src);
    assert.equal(res.status, 200, icon.src);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.body.readUInt32BE(16), Number(size.split('x')[0]), `${icon.src} is ${size}`);
  }
  for (const path of ['/apple-touch-icon.png', '/favicon.svg']) assert.equal((await get(path)).status, 200, path);
});
