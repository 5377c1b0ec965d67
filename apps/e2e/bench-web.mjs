// `npm run bench:web`: Lighthouse (mobile defaults: Moto G Power, slow 4G, CPU ×4) in Debian's Chromium, 3 runs per
// page, against the built app booted on a fresh database with the demo data. Prints the median of each figure.
// BENCH_URL=http://host:port measures an app that already runs instead (it must hold the demo data).
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bootApp } from './lib/boot.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SEARCH = process.env.BENCH_SEARCH ?? 'samsung';
// BENCH_PAGES=home,search measures only those pages; BENCH_SAVE=dir keeps each run's Lighthouse JSON there.
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? [];
const SAVE = process.env.BENCH_SAVE;
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath}: apt-get install chromium (or set CHROME_PATH)`);
  process.exit(1);
}

let version = '';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The "first view": bytes on the wire for the HTML, the styles and scripts of the load, and the LCP image
 * (not the other listing photos, the manifest or the icons).
 */
function firstViewBytes(lhr) {
  const snippet = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
  const lcpSrc = /\bsrc="([^"]+)"/.exec(snippet)?.[1]?.replaceAll('&amp;', '&');
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  return requests
    .filter(
      (r) =>
        ['Document', 'Stylesheet', 'Script'].includes(r.resourceType) || (lcpSrc && r.resourceType === 'Image' && r.url.endsWith(lcpSrc)),
    )
    .reduce((n, r) => n + (r.transferSize ?? 0), 0);
}

/**
 * One Lighthouse run in a fresh headless Chromium (no cache, no service worker left over). Lighthouse's simulated
 * 4x CPU slowdown multiplies the main-thread time it observes here, so a busy machine (other builds and tests) inflates
 * TBT: each run notes the 1-minute load average it started under.
 */
async function audit(url) {
  const load = loadavg()[0];
  // Root in a container needs --no-sandbox; --headless=new is the real browser, not the old headless shell.
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    version = lhr.lighthouseVersion;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const num = (a) => lhr.audits[a]?.numericValue ?? NaN;
    return {
      perf: score('performance'),
      a11y: score('accessibility'),
      bp: score('best-practices'),
      seo: score('seo'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
      firstView: firstViewBytes(lhr),
      // The main thread's long tasks (>50 ms, as observed, before the 4x multiplier), the cause of the blocking time.
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => Math.round(t.duration)),
      load,
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

/** Chromium now and then records a trace without its navigation start (NO_NAVSTART): such a run is redone. */
async function retry(run, tries = 3) {
  for (let i = 1; ; i += 1) {
    try {
      return await run();
    } catch (err) {
      if (i >= tries) throw err;
      console.warn(`[bench:web] ${err.message}: again`);
    }
  }
}

/** A landing page with the most listings among the first ones the sitemap names (a state's page, not an LGA's). */
let landing;
async function landingPath(base) {
  if (landing !== undefined) return landing;
  landing = null;
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const child = index.match(/<loc>([^<]*\/sitemaps\/landing-pages-\d+\.xml\.gz)<\/loc>/)?.[1];
  if (!child) return landing;
  const xml = gunzipSync(Buffer.from(await (await fetch(`${base}${new URL(child).pathname}`)).arrayBuffer())).toString();
  const paths = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]).pathname).filter((p) => p.split('/').length === 3);
  let best = 0;
  for (const path of paths.slice(0, 40)) {
    const count = Number((await (await fetch(`${base}${path}`)).text()).match(/— (\d[\d,]*) listings?/)?.[1]?.replace(/,/g, '') ?? 0);
    if (count > best) [best, landing] = [count, path];
  }
  return landing;
}

const root = resolve(import.meta.dirname, '../..');
let app = null;
let failed = false;
try {
  let base = process.env.BENCH_URL;
  if (!base) {
    app = await bootApp({ root, name: 'bench' });
    base = app.base;
  }
  const page = await fetch(`${base}/api/products?limit=1`).then((r) => r.json());
  const productId = page.data?.[0]?.id;
  if (!productId) throw new Error('no listing to measure: is the demo data seeded?');
  const pages = [
    ['home', '/'],
    ['search', `/?search=${encodeURIComponent(SEARCH)}`],
    ['product', `/product/${productId}`],
    ...((await landingPath(base)) ? [['landing', await landingPath(base)]] : []),
    ['admin login', '/app.admin/login'],
  ];
  const rows = [];
  if (SAVE) mkdirSync(SAVE, { recursive: true });
  for (const [name, path] of pages.filter(([n]) => !ONLY.length || ONLY.includes(n))) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await retry(() => audit(base + path));
      if (SAVE) writeFileSync(resolve(SAVE, `${name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(run.lhr));
      runs.push(run);
    }
    const m = (k) => median(runs.map((r) => r[k]));
    rows.push({
      page: name,
      path,
      Perf: m('perf'),
      A11y: m('a11y'),
      BP: m('bp'),
      SEO: m('seo'),
      'LCP s': +(m('lcp') / 1000).toFixed(2),
      'TBT ms': Math.round(m('tbt')),
      CLS: +m('cls').toFixed(3),
      'first view KiB': Math.round(m('firstView') / 1024),
      'total KiB': Math.round(m('bytes') / 1024),
      load: +m('load').toFixed(1),
    });
    console.log(
      `[bench:web] ${name}: perf ${runs.map((r) => r.perf).join('/')}, TBT ${runs.map((r) => Math.round(r.tbt)).join('/')} ms, load ${runs.map((r) => r.load.toFixed(1)).join('/')}`,
    );
    console.log(`[bench:web] ${name}: long tasks ms ${runs.map((r) => r.longTasks.join('+') || '-').join(' / ')}`);
  }
  console.log(
    `\nLighthouse ${version} mobile defaults, median of ${RUNS} runs (Chromium ${chromePath}); ${cpus().length} CPUs, load = 1-minute load average at the start of a run`,
  );
  console.table(rows);
} catch (err) {
  console.error(`[bench:web] ${err.stack ?? err.message}`);
  failed = true;
} finally {
  await app?.stop();
}
process.exit(failed ? 1 : 0);
