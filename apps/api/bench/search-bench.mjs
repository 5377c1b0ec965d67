// Search benchmark: loads N synthetic listings into a bench database (once), boots the API on it and times
// the public search over HTTP. Prints p50/p95 per query shape, deep keyset paging, and checks the query plans.
// First it scores search relevance: the relevance set (apps/api/test/relevance) over the demo catalogue alone.
// Usage: npm run bench -- --count 100000   (BENCH_DATABASE_URL=postgres://… to use a server; default: embedded)
//        npm run bench -- --count 10000 --db kasuwa_bench_10k   (a small catalogue beside the big one; "~N" = estimated total)
// KASUWA_DIST=<dir> runs a private copy of dist/apps/api/apps/api/src (so a shared dist/ may be rebuilt meanwhile).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { freePort } from '../scripts/embedded-postgres.mjs';
import { arg, dist, fillBenchDatabase, openBenchDatabase, root } from './bench-db.mjs';

const require = createRequire(import.meta.url);
const COUNT = Number(arg('count', 100_000));
// --db <name>: a database per catalogue size (e.g. --count 10000 --db kasuwa_bench_10k), so sizes can be compared.
const DB = arg('db', 'kasuwa_bench');
const RUNS = Number(arg('runs', 40));

const { dbUrl, stop: stopDatabase } = await openBenchDatabase(DB);
const { dbUrl: relevanceUrl } = await openBenchDatabase('kasuwa_bench_relevance', { fresh: true });

const { createDataSource } = require(`${dist}/database/data-source.js`);
const { loadDemoListingText } = require(`${dist}/database/seeds/demo-listings.js`);
const { bootstrap } = require(`${dist}/main.js`);
const relevance = JSON.parse(readFileSync(resolve(root, 'apps/api/test/relevance/search-relevance.json'), 'utf8'));
const boot = async (url) => {
  Object.assign(process.env, {
    DATABASE_URL: url,
    PORT: String(await freePort()),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent',
    SEARCH_CACHE_TTL: '0s',
  }); // the searches themselves, not the popular-search cache
  return { ...(await bootstrap()), base: `http://127.0.0.1:${process.env.PORT}/api/products` };
};

/** The relevance set over the demo catalogue alone: the share of queries whose expected listings are in the top 5. */
{
  const ds = createDataSource(relevanceUrl.toString());
  await ds.initialize();
  await ds.runMigrations();
  const [seller] = await ds.query(
    `INSERT INTO app_user (email, first_name, last_name) VALUES ('seller@kasuwa.test', 'Demo', 'Seller') RETURNING id`,
  );
  const listings = await loadDemoListingText((sql, params) => ds.query(sql, params), seller.id);
  await ds.destroy();
  const { app, stop, base } = await boot(relevanceUrl.toString());
  const { ProductSearchService } = require(`${dist}/modules/catalog/product-search.service.js`);
  await app.get(ProductSearchService).rebuildDictionary();
  const failed = [];
  for (const c of relevance.cases) {
    const body = await (await fetch(`${base}?${new URLSearchParams({ search: c.q, limit: '5' })}`)).json();
    const top = body.data.map((p) => p.productName);
    if (c.top5.some((n) => !top.includes(n)) || (c.notTop5 ?? []).some((n) => top.includes(n)))
      failed.push(`"${c.q}" → ${JSON.stringify(top)}`);
  }
  await stop();
  const passed = relevance.cases.length - failed.length;
  console.log(
    `\nsearch relevance: ${passed}/${relevance.cases.length} queries (${((100 * passed) / relevance.cases.length).toFixed(1)}%) find their listings in the top 5 (demo catalogue, ${listings} listings; pass mark ${relevance.minimumPassRate * 100}%)`,
  );
  for (const f of failed) console.log(`  missed: ${f}`);
}
await fillBenchDatabase(dbUrl, COUNT);

const { app, stop, base } = await boot(dbUrl.toString());

async function time(query) {
  const t = performance.now();
  const res = await fetch(`${base}?${new URLSearchParams(query)}`);
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - t, body };
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const shapes = [
  ['home page (newest)', {}],
  ['two words', { search: 'samsung phone' }],
  ['broad word', { search: 'phone' }],
  ['typo', { search: 'samsnug' }],
  ['prefix as you type', { search: 'lapt' }],
  ['category filter', { category: '1' }],
  ['location = Lagos (stateId)', { stateId: '25' }],
  ['city = Ikeja (cityId)', { cityId: '2501' }],
  ['location by name (spec: location=lagos)', { location: 'lagos' }],
  ['state + price low→high', { stateId: '25', sort: 'price_asc' }],
  ['condition + price range', { type: 'used', minPrice: '50000', maxPrice: '250000' }],
  ['foreign used + price range', { condition: 'foreign_used', minPrice: '50000', maxPrice: '250000' }],
  ['local word (synonyms)', { search: 'fridge' }],
  ['price low→high', { sort: 'price_asc' }],
  ['category + price high→low', { category: '1', sort: 'price_desc' }],
  ['everyday term, price low→high', { search: 'generator', sort: 'price_asc' }],
  ['search + state + price high→low', { search: 'laptop', stateId: '15', sort: 'price_desc' }],
];

console.log(`\nKasuwa search bench — ${COUNT.toLocaleString()} listings, ${RUNS} runs each (after 3 warm-up runs), HTTP on loopback\n`);
console.log('query'.padEnd(40), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'hits'.padStart(8));
for (const [name, q] of shapes) {
  for (let i = 0; i < 3; i++) await time(q);
  const ms = [];
  let total = '';
  for (let i = 0; i < RUNS; i++) {
    const r = await time(q);
    ms.push(r.ms);
    total = `${r.body.meta.totalIsEstimate ? '~' : ''}${r.body.meta.total}`;
  }
  console.log(name.padEnd(40), pct(ms, 50).toFixed(1).padStart(8), pct(ms, 95).toFixed(1).padStart(8), total.padStart(8));
}

// The relevance set's queries (as people type them: typos, local words, plurals) on the big table, 3 rounds.
{
  const ms = [];
  for (let round = 0; round < 4; round++) {
    for (const c of relevance.cases) {
      const r = await time({ search: c.q });
      if (round) ms.push(r.ms);
    }
  }
  console.log(
    'relevance-set queries (all)'.padEnd(40),
    pct(ms, 50).toFixed(1).padStart(8),
    pct(ms, 95).toFixed(1).padStart(8),
    `${relevance.cases.length} q`.padStart(8),
  );
}

// Keyset paging: page 1 and page 200 should cost the same.
let cursor;
const pageMs = [];
for (let page = 1; page <= 200; page++) {
  const r = await time(cursor ? { cursor } : {});
  pageMs.push(r.ms);
  cursor = r.body.meta.nextCursor;
  if (!cursor) break;
}
console.log(
  `\nkeyset paging (newest): page 1 ${pageMs[0].toFixed(1)} ms, pages 2–10 p50 ${pct(pageMs.slice(1, 10), 50).toFixed(1)} ms, pages 190–200 p50 ${pct(pageMs.slice(189), 50).toFixed(1)} ms`,
);

// Query plans of the main queries must use indexes, never a sequential scan of product.
const { ProductSearchService } = require(`${dist}/modules/catalog/product-search.service.js`);
const search = app.get(ProductSearchService);
let ok = true;
for (const [name, q] of [
  ['home page', {}],
  ['text search', { search: 'samsung phone' }],
  ['few hits', { search: 'iphone 13' }],
  ['category', { category: '1' }],
  ['price sort', { sort: 'price_asc' }],
  ['cat + price', { category: '1', sort: 'price_desc' }],
  ['state', { stateId: 25 }],
  ['city', { cityId: 2501 }],
]) {
  const plan = await search.explain(q);
  const seq = /Seq Scan on product/.test(plan);
  // Below 100,000 listings Postgres may rightly read the table whole (10,000 rows cost a few ms): shown, not failed.
  ok &&= !seq || COUNT < 100_000;
  const used = [...new Set(plan.match(/product_\w+_idx/g) ?? [])].join(', ');
  console.log(
    `plan ${name.padEnd(12)} ${seq ? (COUNT < 100_000 ? 'seq scan (small table)' : 'SEQ SCAN (bad)') : 'index'}: ${used || '(none named)'}`,
  );
}
console.log(ok ? '\nplan check: OK' : '\nplan check: a main query scans the whole table');
await stop();
await stopDatabase();
process.exit(ok ? 0 : 1);
