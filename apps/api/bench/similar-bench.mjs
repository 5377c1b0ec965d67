// Similar listings and price-hint bench (rule "comparable listings"): on a bench database topped up to --listings
// listings (default 1,000,000, seed:bulk's loader; migrated to this build, so the similar-listing indexes exist), times
// the two statements the API sends, one at a time, for --requests listings picked at random (default 300), and prints
// p50/p95/max of Postgres's own execution time (EXPLAIN ANALYZE: the database's share, which a shared machine's load
// skews less than wall time) and of the wall time, plus one plan of each for a look at the index use.
// Usage: npm run build:api && BENCH_DATABASE_URL=postgres://… node apps/api/bench/similar-bench.mjs [--db kasuwa_bench_similar]
import { createRequire } from 'node:module';
import pg from 'pg';
import { arg, dist, fillBenchDatabase, openBenchDatabase } from './bench-db.mjs';

const require = createRequire(import.meta.url);
const { SIMILAR_SQL, PRICE_HINT_SQL, alikeParams } = require(`${dist}/modules/catalog/similar-listings.service.js`);
const LISTINGS = Number(arg('listings', 1_000_000));
const REQUESTS = Number(arg('requests', 300));

const { dbUrl, stop } = await openBenchDatabase(arg('db', 'kasuwa_bench_similar'));
await fillBenchDatabase(dbUrl, LISTINGS, { tag: 'similar' });
const db = new pg.Client({ connectionString: dbUrl.toString() });
await db.connect();
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const row = (label, xs) =>
  `${label.padEnd(26)} n=${String(xs.length).padEnd(5)} p50 ${pct(xs, 50).toFixed(2).padStart(6)} ms   p95 ${pct(xs, 95).toFixed(2).padStart(6)} ms   max ${Math.max(
    ...xs,
  )
    .toFixed(2)
    .padStart(6)} ms`;

try {
  await db.query(`ANALYZE product`);
  const {
    rows: [{ n, lo, hi }],
  } = await db.query(`SELECT count(*)::int AS n, min(id) AS lo, max(id) AS hi FROM product`);
  // Listings picked at random (a fixed sequence: the same ones each run), with their facts as the service reads them.
  let seed = 26;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const picks = [];
  while (picks.length < REQUESTS) {
    const id = Math.floor(Number(lo) + random() * (Number(hi) - Number(lo)));
    const {
      rows: [me],
    } = await db.query(
      `SELECT id, category_id, state_id, lga_id, price_kobo, attributes FROM product WHERE id = $1 AND status = 'active' AND category_id IS NOT NULL`,
      [id],
    );
    if (me) picks.push(me);
  }
  const similarParams = (me) => [me.id, me.category_id, me.state_id, me.lga_id, me.price_kobo, ...alikeParams(me.attributes)];
  const hintParams = (me) => [me.category_id, me.state_id];
  const execMs = async (sql, params) => {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    return rows[0]['QUERY PLAN'][0]['Execution Time'];
  };
  const wallMs = async (sql, params) => {
    const t0 = performance.now();
    await db.query(sql, params);
    return performance.now() - t0;
  };
  const { rows: sizes } = await db.query(
    `SELECT count(*)::int AS n FROM product WHERE status = 'active' AND category_id = $1 AND state_id = $2`,
    hintParams(picks[0]),
  );
  console.log(`[similar] ${n} listings; the first pick's category in its state: ${sizes[0].n} listings on sale`);
  for (const me of picks.slice(0, 20)) await db.query(SIMILAR_SQL, similarParams(me)); // warm the indexes
  const results = { similarExec: [], similarWall: [], hintExec: [], hintWall: [] };
  for (const me of picks) {
    results.similarExec.push(await execMs(SIMILAR_SQL, similarParams(me)));
    results.similarWall.push(await wallMs(SIMILAR_SQL, similarParams(me)));
    results.hintExec.push(await execMs(PRICE_HINT_SQL, hintParams(me)));
    results.hintWall.push(await wallMs(PRICE_HINT_SQL, hintParams(me)));
  }
  console.log(row('similar (execution)', results.similarExec));
  console.log(row('similar (wall)', results.similarWall));
  console.log(row('price hint (execution)', results.hintExec));
  console.log(row('price hint (wall)', results.hintWall));
  if (process.argv.includes('--plans')) {
    for (const [sql, params] of [
      [SIMILAR_SQL, similarParams(picks[0])],
      [PRICE_HINT_SQL, hintParams(picks[0])],
    ]) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
} finally {
  await db.end();
  await stop();
}
