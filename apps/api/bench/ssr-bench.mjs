// In-process bench of the server-rendered pages: the app's PageRenderService (the code path of a page-cache miss) renders
// the home page and product pages N times each, one at a time, and prints CPU ms per page: the whole render (data from
// the catalogue services + the storefront's server build + the shell rewrite), the storefront's render alone on the same
// data, and a bare React renderToString of a trivial element as a baseline of the same run. CPU time (process.cpuUsage)
// is what another load on a shared machine skews least; wall time is printed beside it. The cases take turns in ten
// rounds, so a change in that other load meanwhile weighs on all of them alike.
// Usage: npm run bench:ssr -- [--count 10000] [--n 300] [--db kasuwa_ssr_bench] [--only home,product,landing,alone] [--against <dir>]
// --against <dir>: another copy of dist/apps (say, built before a change, with node_modules reachable from it) renders the
// same data in the same run: its output is compared with this build's, page by page, and its render is timed beside it.
// BENCH_DATABASE_URL as for bench:http; BENCH_WEB_DIR=<dir> a private copy of dist/apps; KASUWA_DIST as for the other benches.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { arg, dist, fillBenchDatabase, openBenchDatabase, PRODUCTION_BENCH_ENV, root } from './bench-db.mjs';

const require = createRequire(import.meta.url);
const COUNT = Number(arg('count', 10_000));
const N = Number(arg('n', 300));
const DB = arg('db', 'kasuwa_ssr_bench');
const ONLY = arg('only', '').split(',').filter(Boolean);
const web = resolve(process.env.BENCH_WEB_DIR ?? resolve(root, 'dist/apps'));
if (!existsSync(resolve(web, 'storefront-ssr/entry-server.js')))
  throw new Error(`no storefront server build in ${web}: npm run build first`);

const { dbUrl, stop: stopDatabase } = await openBenchDatabase(DB);
await fillBenchDatabase(dbUrl, COUNT, { tag: 'ssr-bench', log: () => {} });
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
const ids = (await db.query(`SELECT id FROM product WHERE status = 'active' ORDER BY random() LIMIT 200`)).rows.map((r) => String(r.id));
await db.end();

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: dbUrl.toString(),
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEB_DIR: web,
  ...PRODUCTION_BENCH_ENV,
  PAGE_CACHE_TTL: '0s',
  // Every render on this thread: the bench times the storefront's render() itself, not a hand-off to a render thread.
  SSR_WORKERS: '0',
});
require('reflect-metadata');
const { NestFactory } = require(require.resolve('@nestjs/core', { paths: [dist] }));
const { AppModule } = require(`${dist}/app.module.js`);
const { PageRenderService } = require(`${dist}/pages/page-render.service.js`);
const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error'], abortOnError: false });
const pages = app.get(PageRenderService);
const { LandingPagesService } = require(`${dist}/pages/landing-pages.service.js`);
// 200 landing pages (a category in a state or an LGA) spread over the sitemap's list.
const landingAll = (await app.get(LandingPagesService).sitemapEntries()).map((e) => e.path);
const landings = landingAll.filter((_, i) => i % Math.max(1, Math.floor(landingAll.length / 200)) === 0).slice(0, 200);
const shell = readFileSync(resolve(web, 'storefront/index.html'), 'utf8');
const bundle = require(resolve(web, 'storefront-ssr/entry-server.js'));

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** A running total of CPU and wall ms over calls of `fn(i)`, measured in rounds (see below) after a warm-up. */
function measurer(fn, n) {
  const m = { n: 0, cpu: 0, wall: 0, i: 0 };
  m.warm = async () => {
    for (let k = 0; k < Math.max(10, n / 10); k++) await fn(m.i++);
  };
  m.round = async (count) => {
    const c0 = cpuMs();
    const t0 = performance.now();
    for (let k = 0; k < count; k++) await fn(m.i++);
    m.cpu += cpuMs() - c0;
    m.wall += performance.now() - t0;
    m.n += count;
  };
  return m;
}

// The data of one page as PageRenderService hands it to the storefront's render (captured once, then rendered alone).
async function dataOf(url) {
  let seen;
  const render = bundle.render;
  bundle.render = (u, data, o) => ((seen = data), render(u, data, o));
  try {
    await pages.render(url, shell, 'light');
  } finally {
    bundle.render = render;
  }
  return seen;
}

const { createElement: h } = require(require.resolve('react', { paths: [root] }));
const { renderToString } = require(require.resolve('react-dom/server', { paths: [root] }));
const origin = 'http://127.0.0.1';
const homeData = await dataOf('/');
const productData = [];
for (const id of ids) productData.push(await dataOf(`/product/${id}`));
const sizes = {
  home: (await pages.render('/', shell, 'light')).html.length,
  product: (await pages.render(`/product/${ids[0]}`, shell, 'light')).html.length,
  landing: landings.length ? (await pages.render(landings[0], shell, 'light')).html.length : 0,
};
const landingData = [];
for (const path of landings) landingData.push(await dataOf(path));
const renderHome = (b) => () => b.render('/', homeData, origin);
const renderLanding = (b) => (i) => b.render(landings[i % landings.length], landingData[i % landings.length], origin);
const renderProduct = (b) => (i) => b.render(`/product/${ids[i % ids.length]}`, productData[i % ids.length], origin);

// --against <dir>: another storefront build (say, the one before a change) rendering the same data in the same run,
// its output compared with this one's.
const againstDir = arg('against', '');
const against = againstDir ? require(resolve(againstDir, 'storefront-ssr/entry-server.js')) : null;
if (against) {
  const same = async (name, fn) => {
    const [a, b] = [await fn(bundle)(0), await fn(against)(0)];
    const diff = ['status', 'html', 'head', 'data'].filter((k) => a[k] !== b[k]);
    if (diff.length) console.log(`${name}: differs from ${againstDir} in ${diff.join(', ')}`);
    return diff.length ? 1 : 0;
  };
  console.log(`home page: ${(await same('home', renderHome)) ? 'differs' : 'the same'}`);
  for (const url of [
    '/?search=tecno%20phone',
    '/?sort=price_asc&page=3',
    '/?condition=used',
    '/seller/1',
    '/product/0',
    '/privacy-policy',
  ]) {
    const data = await dataOf(url);
    console.log(`${url}: ${(await same(url, (b) => () => b.render(url, data, origin))) ? 'differs' : 'the same'}`);
  }
  let differ = 0;
  for (let i = 0; i < ids.length; i++) differ += await same(`product ${ids[i]}`, (b) => () => renderProduct(b)(i));
  console.log(`product pages: ${ids.length - differ} of ${ids.length} the same`);
  differ = 0;
  for (let i = 0; i < landings.length; i++) differ += await same(`landing ${landings[i]}`, (b) => () => renderLanding(b)(i));
  console.log(`landing pages: ${landings.length - differ} of ${landings.length} the same`);
}

const cases = [
  ['baseline: React renderToString(<div>hello</div>)', () => renderToString(h('div', null, 'hello')), N * 10],
  ['home: PageRenderService.render (data + render + shell)', () => pages.render('/', shell, 'light')],
  ['home: storefront render() alone', renderHome(bundle)],
  ...(against ? [[`home: storefront render() alone, ${againstDir}`, renderHome(against)]] : []),
  ['product: PageRenderService.render (data + render + shell)', (i) => pages.render(`/product/${ids[i % ids.length]}`, shell, 'light')],
  ['product: storefront render() alone', renderProduct(bundle)],
  ...(against ? [[`product: storefront render() alone, ${againstDir}`, renderProduct(against)]] : []),
  ...(landings.length
    ? [
        ['landing: PageRenderService.render (data + render + shell)', (i) => pages.render(landings[i % landings.length], shell, 'light')],
        ['landing: storefront render() alone', renderLanding(bundle)],
        ...(against ? [[`landing: storefront render() alone, ${againstDir}`, renderLanding(against)]] : []),
      ]
    : []),
]
  .filter(([name]) => !ONLY.length || name.startsWith('baseline') || ONLY.some((o) => name.includes(o)))
  .map(([name, fn, n = N]) => ({ name, n, m: measurer(fn, n) }));
// Ten rounds, each case in turn: a change in the machine's other load meanwhile weighs on every row alike.
for (const c of cases) await c.m.warm();
for (let r = 0; r < 10; r++) for (const c of cases) await c.m.round(Math.ceil(c.n / 10));
console.log(
  `\nServer-rendered pages in one process, ${COUNT.toLocaleString()} listings (${DB}), ${N} renders each in 10 rounds, one at a time; HTML: home ${sizes.home} B, product ${sizes.product} B, landing ${sizes.landing} B (${landings.length} pages)\n`,
);
console.log('| what | CPU ms/page | wall ms/page | pages/s of one core |\n|---|---|---|---|');
for (const { name, m } of cases)
  console.log(`| ${name} | ${(m.cpu / m.n).toFixed(3)} | ${(m.wall / m.n).toFixed(3)} | ${Math.round((1000 * m.n) / m.cpu)} |`);
await app.close();
await stopDatabase();
process.exit(0);
