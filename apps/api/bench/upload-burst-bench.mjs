// Upload-burst bench: boots the built API as its own process on a fresh database with a few thousand listings,
// then measures GET /api/products latency (p50/p95) alone and while 6 users each create a listing with 6 large
// photos at once (the largest allowed, 8000 × 5000 = 40 Mpx PNGs), and the server's peak RSS. Each value of
// IMAGE_CONCURRENCY given runs on a fresh server. Then 6 users post 144 Mpx photos (--bomb-photos each): all must be 422.
// Usage: npm run bench:upload -- --concurrency 2,4 --listings 5000
//        (BENCH_DATABASE_URL=postgres://… to use a server; default: embedded; KASUWA_API_DIST=… for another build)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';
import { arg, pct, root, startApiServer } from './bench-db.mjs';

const require = createRequire(import.meta.url);
const sharp = require('sharp');
const CONCURRENCY = String(arg('concurrency', '2,4')).split(',').map(Number);
const LISTINGS = Number(arg('listings', 5000));
const USERS = 6;
const PHOTOS = 6;
const BOMBS = Number(arg('bomb-photos', 6)); // 144 Mpx photos per user in the refusal round
const dist = resolve(root, process.env.KASUWA_API_DIST ?? 'dist/apps/api/apps/api/src');

let embedded = null;
let server = process.env.BENCH_DATABASE_URL;
if (!server) {
  embedded = await startEmbeddedPostgres({ dir: resolve(root, '.data/pg-bench'), database: 'postgres', log: () => {} });
  server = embedded.url;
}

async function freshDatabase(name) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(server);
  u.pathname = `/${name}`;
  return u.toString();
}

const mb = (kb) => `${Math.round(kb / 1024)} MB`;
const rssKb = (pid) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: Number(/VmRSS:\s+(\d+)/.exec(s)[1]), hwm: Number(/VmHWM:\s+(\d+)/.exec(s)[1]) };
};

/** Starts the build's server as a child process (so its RSS is the server's alone) and waits for /api/health. */
async function startServer(env) {
  const { child, base, stopServer } = await startApiServer(
    { LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000', ...env },
    { apiDist: dist, tries: 300 },
  );
  return { child, base, stop: stopServer };
}

async function register(base, i) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench${i}.${Date.now()}@example.com`,
      firstName: 'Bench',
      lastName: `Seller${i}`,
      password: 'Correct-Horse-9!',
    }),
  });
  if (!res.ok) throw new Error(`register ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

async function createListing(base, token, photos) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    productName: 'Bench camera photos',
    productPrice: '150000',
    productCurrency: 'NGN',
    productDescription: 'Large photos straight from the camera.',
    productLocation: 'Ikeja, Lagos',
    productQuantity: '1',
    productType: 'used',
    platformCommissionAgreement: 'agreed',
  }))
    form.append(k, v);
  photos.forEach((b, i) => form.append('productImages', new Blob([b], { type: 'image/png' }), `photo${i}.png`));
  const t = performance.now();
  const res = await fetch(`${base}/api/products`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await res.text();
  return { status: res.status, ms: performance.now() - t };
}

/** Sequential GET /api/products until `until` resolves (or `count` requests), like one person browsing. */
async function browse(base, { until, count }) {
  const ms = [];
  let done = false;
  until?.then(() => (done = true));
  let page = 0;
  while (until ? !done : ms.length < count) {
    const q = ['', '?search=phone', '?sort=price_asc', '?category=1', '?location=lagos'][page++ % 5];
    const t = performance.now();
    const res = await fetch(`${base}/api/products${q}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /api/products${q} ${res.status}`);
    ms.push(performance.now() - t);
  }
  return ms;
}

function sampleRss(pid) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid).rss)), 50);
  return () => (clearInterval(timer), peak);
}

console.log(
  `\nKasuwa upload-burst bench — ${LISTINGS.toLocaleString()} listings, ${USERS} users × ${PHOTOS} photos of 8000 × 5000 (40 Mpx), 2 cores shared\n`,
);
const t0 = performance.now();
const big = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
  .png()
  .toBuffer();
const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#0a0' } })
  .png()
  .toBuffer();
console.log(
  `photos: 40 Mpx PNG ${(big.length / 1024).toFixed(0)} KB, 144 Mpx PNG ${(bomb.length / 1024).toFixed(0)} KB (made in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
);

const { bulkLoad } = require(`${dist}/database/seeds/bulk.js`);
const rows = [];
for (const c of CONCURRENCY) {
  const url = await freshDatabase('kasuwa_upload_bench');
  await bulkLoad(url, LISTINGS, () => {});
  const { child, base, stop } = await startServer({ DATABASE_URL: url, IMAGE_CONCURRENCY: String(c) });
  try {
    const tokens = await Promise.all(Array.from({ length: USERS }, (_, i) => register(base, i)));
    await browse(base, { count: 20 }); // warm-up
    const idleRss = rssKb(child.pid).rss;
    const quiet = await browse(base, { count: 200 });

    const stopRss = sampleRss(child.pid);
    const tb = performance.now();
    const burst = Promise.all(tokens.map((tok) => createListing(base, tok, Array(PHOTOS).fill(big))));
    const busy = await browse(base, { until: burst });
    const uploads = await burst;
    const burstS = (performance.now() - tb) / 1000;
    const peak = stopRss();

    const tr = performance.now();
    const refused = await Promise.all(tokens.map((tok) => createListing(base, tok, Array(BOMBS).fill(bomb))));
    const refuseS = (performance.now() - tr) / 1000;
    rows.push({ c, quiet, busy, uploads, burstS, peak, idleRss, refused, refuseS, hwm: rssKb(child.pid).hwm });
  } finally {
    await stop();
  }
}

for (const r of rows) {
  const statuses = [...new Set(r.uploads.map((u) => u.status))].join(',');
  console.log(`\nIMAGE_CONCURRENCY=${r.c}`);
  console.log(
    `  GET /api/products alone:        p50 ${pct(r.quiet, 50).toFixed(1)} ms, p95 ${pct(r.quiet, 95).toFixed(1)} ms (${r.quiet.length} requests)`,
  );
  console.log(
    `  GET /api/products during burst: p50 ${pct(r.busy, 50).toFixed(1)} ms, p95 ${pct(r.busy, 95).toFixed(1)} ms, max ${Math.max(...r.busy).toFixed(0)} ms (${r.busy.length} requests)`,
  );
  console.log(
    `  burst: ${USERS * PHOTOS} photos in ${r.burstS.toFixed(1)} s, status ${statuses}, per listing p50 ${(
      pct(
        r.uploads.map((u) => u.ms),
        50,
      ) / 1000
    ).toFixed(1)} s`,
  );
  console.log(`  server RSS: idle ${mb(r.idleRss)}, peak during burst ${mb(r.peak)} (VmHWM ${mb(r.hwm)})`);
  console.log(
    `  ${USERS * BOMBS} photos of 144 Mpx (${USERS} listings at once): status ${[...new Set(r.refused.map((u) => u.status))].join(',')} in ${r.refuseS.toFixed(2)} s`,
  );
}
if (embedded) await embedded.stop();
const ok = rows.every((r) => r.uploads.every((u) => u.status === 201) && r.refused.every((u) => u.status === 422));
console.log(ok ? '\nall uploads 201, all 144 Mpx photos 422' : '\nunexpected statuses (see above)');
process.exit(ok ? 0 : 1);
