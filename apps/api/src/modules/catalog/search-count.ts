/**
 * How many listings a search finds, for no more than the page costs (docs/search.md: Counts). One statement:
 * - in a catalogue of at most COUNT_FIRST_ROWS listings (by the table's statistics), the hits are counted first, from
 *   the filter indexes: all of them in a table of at most SAMPLE_ROWS, up to EXACT_CAP + 1 in a bigger one. Only past
 *   EXACT_CAP does the sample below run, for the estimate. A long-tail search there costs what its few hits cost
 *   (reading a small table's 2,000 rows to check the words on each was ~1.2 of a ~1.9 ms statement);
 * - in a bigger one, a fixed block sample of about SAMPLE_ROWS rows (TABLESAMPLE SYSTEM, same seed every time, so the
 *   same search shows the same "about N") gives the share of rows that are hits, and unless the sample saw plenty of
 *   hits (at least SURE_HITS, pointing to more than 2 × EXACT_CAP) the capped count runs, which stops at the
 *   (EXACT_CAP + 1)th hit: cheap when hits are few, since they come straight from the filter indexes. Counting first
 *   there would collect a common word's every hit from its text index (tens of thousands of entries) to count 1,001.
 * The hits sit in a MATERIALIZED CTE, read lazily, so the planner plans them as "all of them" (the filter indexes) and
 * not as "the first 1,001" (a sequential scan that, for an unknown word, reads the whole table to find none).
 * Counting many hits exactly would mean visiting every one (~200 ms for 50,000 text hits at a million listings).
 */

/** Hits counted exactly (and, for relevance, ranked); more than this and the total is an estimate. */
export const EXACT_CAP = 1_000;
/** About this many rows are sampled (~1 ms): enough for "about N" to be within ~10% at 50,000 hits in a million. */
export const SAMPLE_ROWS = 2_000;
/** Sampled hits needed before the sample alone is trusted to mean "more than EXACT_CAP". */
const SURE_HITS = 10;
/**
 * Up to this many listings, hits are counted before any sample (see above). A common word here costs its hits'
 * index entries (at most this many) and 1,001 rows before the sample runs anyway: ~0.7 ms more than sampling first,
 * against ~1.2 ms saved on every search with few hits.
 */
export const COUNT_FIRST_ROWS = 20_000;

export interface HitCount {
  /** Exact up to EXACT_CAP (or in a table of at most SAMPLE_ROWS); an estimate, never below EXACT_CAP + 1, beyond. */
  total: number;
  estimated: boolean;
  /** The share of the table's rows that are hits: from the sample, or the exact count when no sample ran. */
  share: number;
  /** The table had at most SAMPLE_ROWS rows: all its hits were counted (the count statement pages it: see hitCountWithPageSql). */
  small?: boolean;
  /**
   * The share of hits among the rows a walk of the sort's index would visit (from the sample): `share` itself, except
   * for a price sort with a price range, whose walk only visits the listings in the range.
   */
  density: number;
}

/**
 * The single count statement for a WHERE clause over `product p` (its parameters are the caller's). `walked`: the
 * conditions a walk of the sort's index is bounded by (a price range under a price sort); the sample counts those rows too.
 */
export function hitCountSql(where: string, walked = 'true'): string {
  return `WITH t AS (${TABLE_ROWS}),
    h AS MATERIALIZED (SELECT 1 FROM product p WHERE ${where}),
    ${countCtes(where, walked)}
    SELECT hits, seen, walked, rows, n FROM c`;
}

const TABLE_ROWS = `SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = 'product'::regclass`;
const cappedCount = `(SELECT count(*)::int FROM (SELECT 1 FROM h LIMIT ${EXACT_CAP + 1}) x)`;
/** An InitPlan, so the sample scan sits under a One-Time Filter and is never started when it is false. */
const sampleNeeded = `(SELECT rows FROM t) > ${COUNT_FIRST_ROWS} OR ((SELECT rows FROM t) > ${SAMPLE_ROWS} AND ${cappedCount} > ${EXACT_CAP})`;
/** Unless the sample saw plenty of hits, they are counted, up to the cap. */
const countNeeded = `s.hits < ${SURE_HITS} OR s.hits::float8 / greatest(s.seen, 1) * t.rows < ${2 * EXACT_CAP}`;

/**
 * After CTEs `t` (the table's rows) and `h` (the hits): the sample `s` when it is needed, and `c`, the count's row. A
 * search not sampled reports its exact count as the sample's figures (hits = n, seen = walked = the table's rows), so
 * the share of hits reads the same either way. `cn` is MATERIALIZED: inlined, each of `c`'s columns would count again.
 */
const countCtes = (
  where: string,
  walked: string,
) => `s AS (SELECT (count(*) FILTER (WHERE ${where}))::int AS hits, count(*)::int AS seen, (count(*) FILTER (WHERE ${walked}))::int AS walked
          FROM product p TABLESAMPLE SYSTEM ((SELECT least(100, 100 * ${SAMPLE_ROWS} / greatest(rows, 1)) FROM t)) REPEATABLE (42)
          WHERE ${sampleNeeded}),
    cn AS MATERIALIZED (SELECT s.hits, s.seen, s.walked, t.rows,
            CASE WHEN t.rows <= ${SAMPLE_ROWS} THEN (SELECT count(*)::int FROM h)
                 WHEN t.rows <= ${COUNT_FIRST_ROWS} OR ${countNeeded} THEN ${cappedCount} END AS n FROM s, t),
    c AS (SELECT CASE WHEN cn.seen > 0 THEN cn.hits ELSE coalesce(cn.n, 0) END AS hits,
            CASE WHEN cn.seen > 0 THEN cn.seen ELSE greatest(cn.rows, 1)::int END AS seen,
            CASE WHEN cn.seen > 0 THEN cn.walked ELSE greatest(cn.rows, 1)::int END AS walked, cn.rows, cn.n FROM cn)`;

/**
 * The count statement with a page of few hits in it. A search with few hits (at most EXACT_CAP: a long-tail search)
 * collects them all to sort them (the sparse page), and its count collected the same hits a statement before: the
 * costly part of both (a text index's bitmap, the filters' indexes) twice. Here the hits (`id` and sort key `k`) are
 * collected once: the capped count reads the first EXACT_CAP + 1 of them, and only when that is all of them, and
 * `sparseAllowed` holds for the sample's `share` of hits, is the rest of the page run over the same rows (`paged`;
 * otherwise the page's plan is never executed: `(SELECT paged FROM g)` is an InitPlan, so the planner gates the page on it
 * with a One-Time Filter instead of running it and filtering its rows).
 * A small catalogue (at most SAMPLE_ROWS listings: all its hits are counted) always pages here, whatever the order: its hits are few enough to sort, and a second statement to walk an index
 * for 25 of them cost more than the sort (two round trips and two plans per search on a ~200-listing demo).
 * `pageOf(hits)` is the page's SELECT over the CTE it is given; every row carries the count's columns.
 */
export function hitCountWithPageSql(
  where: string,
  sortKey: string,
  sparseAllowed: (share: string) => string,
  pageOf: (hits: string) => string,
  walked = 'true',
  facets?: { ctes: string; json: string },
): string {
  return `WITH t AS (${TABLE_ROWS}),
    h AS MATERIALIZED (SELECT p.id, ${sortKey} AS k${facets ? ', p.attributes AS a' : ''} FROM product p WHERE ${where}),
    ${countCtes(where, walked)},
    g AS (SELECT c.*, (c.n IS NOT NULL AND c.n <= ${EXACT_CAP} AND (c.rows <= ${SAMPLE_ROWS} OR ${sparseAllowed('c.hits::float8 / greatest(c.seen, 1)')})) AS paged FROM c)${facets ? `,\n    ${facets.ctes}` : ''}
    SELECT g.hits, g.seen, g.walked, g.rows, g.n, g.paged,${facets ? ` CASE WHEN row_number() OVER () = 1 THEN ${facets.json} END AS facets,` : ''} pg.* FROM g LEFT JOIN (SELECT * FROM (${pageOf('h')}) q WHERE (SELECT paged FROM g)) pg ON true`;
}

/** In hitCountWithPageSql, after its CTEs: whether the hits' CTE `h` is read anyway (by the capped count, or a small catalogue's page): an InitPlan, evaluated once. */
export const COUNTED_HITS = '(SELECT c.n IS NOT NULL FROM c)';

/** Reads the count statement's row. */
/** What hitCountSql selects (the counts cast to int, the table's estimated rows a float8). */
export interface HitCountRow {
  hits: number;
  seen: number;
  walked?: number;
  rows: number;
  n: number | null;
}

export function toHitCount(row: HitCountRow): HitCount {
  const share = row.seen ? row.hits / row.seen : 0;
  const walked = row.walked ?? row.seen;
  const density = walked ? Math.min(1, row.hits / walked) : share;
  // A table of at most SAMPLE_ROWS rows (by its statistics) had all its hits counted: an exact count.
  if (row.rows <= SAMPLE_ROWS) return { total: row.hits, estimated: false, share, density, small: true };
  if (row.n !== null && row.n <= EXACT_CAP) return { total: row.n, estimated: false, share, density };
  return { total: Math.max(EXACT_CAP + 1, roundEstimate(share * row.rows)), estimated: true, share, density };
}

/** Two significant figures: "about 49,000", not a precise-looking 48,731. */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}
