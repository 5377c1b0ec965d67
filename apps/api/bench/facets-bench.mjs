// Attribute filters + facet counts bench: boots the built API on a bench database topped up to --listings listings
// (default 1,000,000, seed:bulk's loader), gives one bulk category (~1 in 10 listings: "cars") car attributes with
// skewed makes and years, then times GET /api/products with the category, two attribute filters and facets, one
// request at a time (--requests, 300; makes and years rotate, the popular-search cache off so every request searches).
// Prints p50/p95/max against GET /api/health; the target is p95 ≤ 30 ms at 1M listings.
// Usage: npm run build:api && node apps/api/bench/facets-bench.mjs --listings 1000000 [--db kasuwa_bench_attrs] [--drop]
//   (BENCH_DATABASE_URL=postgres://… to use a server; default: embedded). --drop drops the database afterwards.
import { loadavg } from 'node:os';
import pg from 'pg';
import { arg, fillBenchDatabase, latencyRow, openBenchDatabase, startApiServer } from './bench-db.mjs';

const LISTINGS = Number(arg('listings', 1_000_000));
const REQUESTS = Number(arg('requests', 300));
const DB = arg('db', 'kasuwa_bench_attrs');
const DROP = process.argv.includes('--drop');
const CATEGORY = 'bulk-phone';
const MAKES = [
  'Toyota',
  'Honda',
  'Lexus',
  'Kia',
  'Hyundai',
  'Mercedes-Benz',
  'Nissan',
  'Ford',
  'Peugeot',
  'Volkswagen',
  'BMW',
  'Mazda',
  'Mitsubishi',
  'Acura',
  'Other',
];
const DEFINITIONS = [
  { key: 'make', label: 'Make', type: 'choice', required: true, values: MAKES },
  { key: 'year', label: 'Year', type: 'year', required: true },
  { key: 'mileage', label: 'Mileage', type: 'number', unit: 'km' },
  { key: 'transmission', label: 'Transmission', type: 'choice', values: ['Automatic', 'Manual'] },
  { key: 'fuel', label: 'Fuel', type: 'choice', values: ['Petrol', 'Diesel', 'Hybrid', 'Electric'] },
];

const { dbUrl, stop: stopDatabase } = await openBenchDatabase(DB);
await fillBenchDatabase(dbUrl, LISTINGS, { tag: 'facets' });

// The bench category's definitions and its listings' attributes (once): makes skewed (Toyota ~1/3), years 1995–2024
// skewed to recent ones, mileage 5,000–300,000 km, ~1 in 12 without a mileage.
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
const {
  rows: [cat],
} = await db.query(`SELECT id, attributes FROM category WHERE slug = $1`, [CATEGORY]);
if (!cat) throw new Error(`no category ${CATEGORY}: is this a seed:bulk catalogue?`);
// Done once: the listings first, the definitions last (a run stopped half-way does it again).
if (!cat.attributes.length) {
  console.log(`[facets] giving ${CATEGORY} car attributes…`);
  await db.query(
    `UPDATE product SET attributes = jsonb_strip_nulls(jsonb_build_object(
       'make', CASE WHEN id % 3 = 0 THEN 'Toyota' ELSE ($2::text[])[1 + abs(hashint4(id)) % array_length($2::text[], 1)] END,
       'year', 2024 - floor(power(((id::bigint * 13) % 1000) / 1000.0, 1.6) * 30)::int,
       'mileage', CASE WHEN id % 12 = 0 THEN NULL ELSE 5000 + (id::bigint * 7919) % 295000 END,
       'transmission', CASE WHEN id % 4 = 0 THEN 'Manual' ELSE 'Automatic' END,
       'fuel', (ARRAY['Petrol','Petrol','Petrol','Diesel','Hybrid','Electric'])[1 + (id::bigint * 5) % 6]))
     WHERE category_id = $1`,
    [cat.id, MAKES],
  );
  await db.query(`VACUUM (ANALYZE) product`);
  await db.query(`UPDATE category SET attributes = $2::jsonb WHERE id = $1`, [cat.id, JSON.stringify(DEFINITIONS)]);
}
const {
  rows: [{ n, inCat }],
} = await db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE category_id = $1)::int AS "inCat" FROM product`, [cat.id]);
await db.end();

const { base, stopServer } = await startApiServer({
  DATABASE_URL: dbUrl.toString(),
  SEARCH_CACHE_TTL: '0s',
  PAYSTACK_SECRET_KEY: '',
});
const stop = async () => {
  await stopServer();
  if (DROP) {
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? dbUrl.toString().replace(`/${DB}`, '/postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.end();
  }
  await stopDatabase();
};

const row = (label, xs) => latencyRow(label, xs, { width: 14 });
async function get(path) {
  const res = await fetch(`${base}${path}`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} → ${res.status} ${text}`);
  return JSON.parse(text);
}
async function timed(paths) {
  const ms = [];
  for (const p of paths) {
    const t0 = performance.now();
    await get(p);
    ms.push(performance.now() - t0);
  }
  return ms;
}
const rotate = (make) => (i) =>
  `/api/products?category=${CATEGORY}&attr.make=${encodeURIComponent(make(i))}&attr.year.min=${2000 + (i % 20)}`;
const twoFilters = rotate((i) => MAKES[i % MAKES.length]);
const popularMake = rotate(() => 'Toyota');
const rangeAndChoice = (i) =>
  `/api/products?category=${CATEGORY}&attr.year.min=${2005 + (i % 15)}&attr.mileage.max=${50_000 + (i % 10) * 20_000}`;
const paths = (f) => Array.from({ length: REQUESTS }, (_, i) => f(i));

try {
  const sample = await get(twoFilters(0));
  if (!sample.meta.facets?.length) throw new Error('no facets in the answer');
  console.log(
    `[facets] ${twoFilters(0)} → ${sample.meta.total}${sample.meta.totalIsEstimate ? ' (estimate)' : ''} hits; year facet: ${sample.meta.facets
      .find((f) => f.key === 'year')
      .values.slice(0, 3)
      .map((v) => `${v.value}:${v.count}${v.estimated ? '~' : ''}`)
      .join(' ')}`,
  );
  await timed(paths(twoFilters).slice(0, 50)); // warm-up
  const baseline = await timed(paths(() => '/api/health'));
  const mixed = await timed(paths(twoFilters));
  const toyota = await timed(paths(popularMake));
  const ranges = await timed(paths(rangeAndChoice));
  console.log(
    `facets bench: ${n} listings, ${inCat} in ${CATEGORY} with attributes, one request at a time (load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log(row('baseline', baseline) + '   (GET /api/health)');
  console.log(row('make+year', mixed) + '   (category, attr.make (15 makes rotating), attr.year.min, + facets; target p95 ≤ 30 ms at 1M)');
  console.log(row('Toyota+year', toyota) + '   (the most common make: ~1/3 of the category)');
  console.log(row('year+mileage', ranges) + "   (two ranges, no containment: the category's rows filtered)");
} finally {
  await stop();
}
