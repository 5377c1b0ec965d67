import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ReadReplica } from '../../database/read-replica';
import { DataSource, EntityManager } from 'typeorm';
import {
  nairaToKobo,
  PRODUCT_PAGE_SIZE,
  type AttributeDefinition,
  type AttributeFacet,
  type ProductList,
  type ProductSort,
} from '@kasuwa/contracts';
import { FACET_TYPES, filterSql, readFilters } from './category-attributes';
import { invalidField } from '../../common/errors';
import { LocationsService } from '../locations/locations.service';
import { CategoriesService } from './categories.service';
import { PopularSearchCache } from './popular-search-cache.service';
import { ProductQueryDto } from './dto/product.dto';
import { PRODUCT_FROM, ProductRow, SEARCH_COLUMNS, toProduct } from './product.mapper';
import {
  groupTsQueries,
  groupWords,
  singular,
  toAtLeastTsQuery,
  toExactTsQuery,
  toGroupTsQuery,
  type QueryGroup,
  type SynonymMap,
} from './search-query';
import {
  COUNTED_HITS,
  EXACT_CAP,
  hitCountSql,
  hitCountWithPageSql,
  roundEstimate,
  toHitCount,
  type HitCount,
  type HitCountRow,
} from './search-count';
import { chooseCorrection, dictionaryWords, tokenize } from './search-words';
import { SynonymsService } from './synonyms.service';
import { WholeWordsService } from './whole-words.service';

/** Ranking costs grow with the number of hits; above this many, relevance falls back to newest first. */
export const RANK_CAP = EXACT_CAP;
/**
 * When at least this share of all rows are hits, the page walks the sort's index and filters as it goes (25 hits
 * after ~2,500 rows at worst), whatever the planner guesses: its guess for several words assumes they are
 * independent ("samsung phone": 800 expected, 50,000 real) and would fetch and sort every hit instead.
 */
const WALK_SHARE = 0.01;
/**
 * Past EXACT_CAP hits, a walk is taken down to this share of the rows it visits (25 hits after ~10,000 rows at worst,
 * ~3–8 ms at a million listings). The other way, collecting the hits through the text index, costs in proportion to
 * every listing matching the words, whatever the filters keep: "dell charger" between two prices is 4,700 hits (0.5%)
 * of 50,000 text matches, a ~35 ms bitmap before the first row.
 */
const WALK_SHARE_MANY = 0.0025;

type RunSort = 'rank' | 'newest' | 'price_asc' | 'price_desc';
/**
 * [the order actually used, the last row's sort key, the last row's id, and for a page of partial matches the least
 * number of words its listings match (see partial)]
 */
type Cursor = [RunSort, string | number, number, number?];

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c[3] ? c : c.slice(0, 3))).toString('base64url');
}

/** A cursor is valid only for the sort it was made by ("relevance" may have run as rank or as newest), strict or partial as it was. */
function decodeCursor(s: string, requested: ProductSort, least = 0): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as Cursor;
    const fits = requested === 'relevance' ? c[0] === 'rank' || c[0] === 'newest' : c[0] === requested;
    if (fits && (c[3] ?? 0) === least && Number.isInteger(c[2]) && (typeof c[1] === 'string' || typeof c[1] === 'number')) return c;
  } catch {
    /* fall through */
  }
  throw invalidField('cursor', 'cursor is not valid for this search');
}

/** The partial-match level a cursor was made at (0: strict, or not a cursor at all: decodeCursor says so). */
function cursorLevel(s: string): number {
  try {
    const level = (JSON.parse(Buffer.from(s, 'base64url').toString()) as Cursor)[3];
    return Number.isInteger(level) && level! > 0 && level! < 8 ? level! : 0;
  } catch {
    return 0;
  }
}

interface Plan {
  where: string[];
  /** The same conditions with the text match hidden from the planner's index choice (see WALK_SHARE). */
  walk: string[];
  params: unknown[];
  tsq: string | null;
  /** Whole-word form of the query against titles, for ranking exact matches above prefix and stem matches. */
  exact: string | null;
  /** The listings a price-sorted walk visits when there is a price range: active and in the range (null: no range). */
  priceRange: string | null;
  /** A partial-match plan's groups, one tsquery each: ranking counts how many a listing matches (null: strict). */
  groupQueries: string[] | null;
}

type RunResult = {
  rows: PageRow[];
  total: number;
  estimated: boolean;
  nextCursor: string | null;
  facets?: FacetSample | null;
  sort?: RunSort;
};

/** Server-side search: full-text (stored tsvector, GIN), typo correction via the word dictionary, filters, sorts, keyset paging. */
@Injectable()
export class ProductSearchService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    /** Searches may lag the primary by a moment: they read a replica when DATABASE_READ_URL is set. */
    private readonly replica: ReadReplica,
    private readonly categories: CategoriesService,
    private readonly synonyms: SynonymsService,
    private readonly locations: LocationsService,
    private readonly popular: PopularSearchCache,
    private readonly wholeWords: WholeWordsService,
  ) {}

  /**
   * Synonyms and stemming first (a word someone really typed is searched as typed). Only when nothing matches are
   * words outside the vocabulary corrected: a sure typo fix answers for the fixed words (`correctedSearch`), a guess
   * keeps the (empty) answer and offers the fix as `didYouMean`, and only if the fix finds something.
   */
  async search(q: ProductQueryDto): Promise<ProductList> {
    return this.popular.page1(q, () => this.find(q));
  }

  private async find(q: ProductQueryDto): Promise<ProductList> {
    const limit = q.limit ?? PRODUCT_PAGE_SIZE;
    const words = tokenize(q.search);
    const synonyms = await this.synonyms.map();
    const typed = groupWords(words, synonyms);
    // Facets of page 1: sampled by the first run (its count statement, and one beside it: see run and facetSql).
    const defs = await this.facetDefinitions(q);
    // A later page of partial matches goes on at the level its first page chose (see partial).
    const level = q.cursor ? cursorLevel(q.cursor) : 0;
    if (level) {
      // With the words its first page used: as typed, or their sure typo fix.
      const fix = await this.correct(words, synonyms);
      const groups = fix?.sure ? groupWords(fix.words, synonyms) : typed;
      if (level >= groups.length) throw invalidField('cursor', 'cursor is not valid for this search');
      return this.answer(limit, await this.run(q, groups, limit, level), {
        groups,
        correctedSearch: fix?.sure ? fix.words.join(' ') : null,
        didYouMean: null,
      });
    }
    let result = await this.run(q, typed, limit, 0, defs);
    let facets: FacetSample | null = result.facets ?? null;
    let correctedSearch: string | null = null;
    let didYouMean: string | null = null;
    // The words the partial fallback tries: what was typed, or its sure typo fix.
    let partialGroups = typed;
    let partialFix: string | null = null;
    if (result.total === 0 && words.length) {
      const fix = await this.correct(words, synonyms);
      if (fix) {
        const groups = groupWords(fix.words, synonyms);
        if (fix.sure) {
          const fixed = await this.run(q, groups, limit);
          if (fixed.total)
            [result, correctedSearch, facets] = [fixed, fix.words.join(' '), defs && (await this.facetSample(q, groups, defs))];
          [partialGroups, partialFix] = [groups, fix.words.join(' ')];
        } else if ((await this.count(await this.plan(q, groups))).total) {
          didYouMean = fix.words.join(' ');
        }
      }
    }
    /**
     * Listings matching every word that all fit on page 1 (no next page) are followed by the best partial matches,
     * flagged from where they start (`partialFrom`): "tokunbo corolla" finding one headlamp also shows the Corollas.
     * A short page is topped up; an exactly full one gets a next page of them (its `partialFrom` is the page's end).
     * The partial ranking puts listings matching every word first (one point per word matched outweighs any
     * relevance), so its page holds the strict ones first and its cursor goes on after both; only when it ranked
     * (not past RANK_CAP, newest first) can that hold.
     */
    if (result.total > 0 && !q.cursor && !result.nextCursor && partialGroups.length > 1) {
      const more = await this.partial(q, partialGroups, limit);
      const strict = new Set(result.rows.map((r) => r.id));
      const beyond = more && (more.rows.length > strict.size || more.nextCursor);
      if (more?.sort === 'rank' && beyond && more.rows.slice(0, strict.size).every((r) => strict.has(r.id))) {
        const rows = [...result.rows, ...more.rows.filter((r) => !strict.has(r.id))];
        const groups = partialGroups;
        return this.answer(
          limit,
          { ...more, rows },
          { groups, correctedSearch, didYouMean, partialFrom: result.rows.length },
          toFacets(facets, result.total),
        );
      }
    }
    // Only when every word together finds nothing (page 1 of a strict search came back empty): the common path pays nothing.
    if (result.total === 0 && !q.cursor && partialGroups.length > 1) {
      const partial = await this.partial(q, partialGroups, limit);
      // Partial matches carry no facets: their counts would be for a search nobody typed.
      if (partial) return this.answer(limit, partial, { groups: partialGroups, correctedSearch: partialFix, didYouMean }, defs && []);
    }
    return this.answer(limit, result, { groups: null, correctedSearch, didYouMean }, toFacets(facets, result.total));
  }

  /** The chosen category's facet attributes (choice and year) for page 1; null when no facets are asked for. */
  private async facetDefinitions(q: ProductQueryDto): Promise<AttributeDefinition[] | null> {
    if (q.cursor || !q.category || q.category === 'all') return null;
    const defs = (await this.categories.attributesOf(q.category)) ?? [];
    const faceted = defs.filter((d) => FACET_TYPES.includes(d.type));
    return faceted.length ? faceted : null;
  }

  /**
   * The facet samples as CTEs of one statement (`f0`, `f1`, …) and a json expression reading them (`FacetSample`'s
   * shape), their parameters bound after `bound`'s. Disjunctive, like the big marketplaces' filters: the counts of an
   * attribute with a filter ignore that filter (with make=Toyota chosen, Honda still shows how many switching finds)
   * and apply every other one, so each filtered attribute gets its own hits (`f1`…, without its filter); the others
   * share the search's own (`f0`). `full`: the statement already collects the search's hits (CTE `full.cte`, the
   * attributes in column `a`) when `full.read` holds (the count statement's capped count: few hits), so `f0` reads
   * its rows there; otherwise `f0` reads `full.where` itself, planned for its LIMIT: the collecting CTE is planned for
   * every hit (a parallel bitmap of 100,000 listings cost ~100 ms for 1,000 rows). `only`: just the shared set, or
   * just the filtered ones. Each set reads at most FACET_SAMPLE hits through the filter indexes and stops: the cost
   * is bounded whatever the search matches (counting every hit was ~570 ms at 300,000 listings); all of them when
   * fewer: exact. Only the faceted keys are read from each hit (`a->>key`, not every pair of jsonb_each_text).
   */
  private async facetSql(
    q: ProductQueryDto,
    groups: QueryGroup[],
    defs: AttributeDefinition[],
    bound: unknown[],
    o: { full?: { cte: string; read: string; where: string }; only?: 'shared' | 'filtered' } = {},
  ) {
    const full = o.full;
    const filters = q.attrs ? readFilters((await this.categories.attributesOf(q.category!)) ?? [], q.attrs) : [];
    const keys = defs.map((d) => d.key).filter((k) => SAFE_KEY.test(k));
    const filtered = keys.filter((k) => filters.some((f) => f.def.key === k));
    const sets: { keys: string[]; pass: string | null }[] = [];
    const ctes: string[] = [];
    let params = bound;
    const shared = keys.filter((k) => !filtered.includes(k));
    if (shared.length && o.only !== 'filtered') {
      if (full)
        ctes.push(`f0 AS MATERIALIZED ((SELECT a, true AS pass FROM ${full.cte} WHERE ${full.read} LIMIT ${FACET_SAMPLE})
          UNION ALL (SELECT p.attributes, true FROM product p WHERE ${full.where} AND NOT ${full.read} LIMIT ${FACET_SAMPLE}))`);
      else {
        const plan = await this.plan(q, groups, 0, { params });
        params = plan.params;
        ctes.push(
          `f0 AS MATERIALIZED (SELECT p.attributes AS a, true AS pass FROM product p WHERE ${plan.where.join(' AND ')} LIMIT ${FACET_SAMPLE})`,
        );
      }
      sets.push({ keys: shared, pass: null });
    }
    for (const key of o.only === 'shared' ? [] : filtered) {
      const plan = await this.plan(q, groups, 0, { omit: key, params });
      params = [...plan.params];
      // Whether a hit passes the left-out filter too: the share that does scales this set to its size.
      const pass: string[] = [];
      filterSql(
        filters.filter((f) => f.def.key === key),
        (sql, value) => {
          params.push(value);
          pass.push(sql.replaceAll('?', `$${params.length}`));
        },
      );
      ctes.push(
        `f${sets.length} AS MATERIALIZED (SELECT p.attributes AS a, coalesce(${pass.join(' AND ')}, false) AS pass FROM product p WHERE ${plan.where.join(' AND ')} LIMIT ${FACET_SAMPLE})`,
      );
      sets.push({ keys: [key], pass: pass.join(' AND ') });
    }
    if (!sets.length) return null;
    const counts = sets.map((_, i) => `json_build_array((SELECT count(*) FROM f${i}), (SELECT count(*) FROM f${i} WHERE pass))`);
    const values = sets.map(
      (set, i) =>
        `SELECT ${i} AS s, k.key, f.a->>k.key AS value, count(*)::int AS n FROM f${i} f CROSS JOIN (VALUES ${set.keys.map((k) => `('${k}')`).join(', ')}) k(key)
         WHERE f.a->>k.key IS NOT NULL GROUP BY k.key, f.a->>k.key`,
    );
    const json = `json_build_object('sets', json_build_array(${counts.join(', ')}), 'keys', '${JSON.stringify(sets.map((x) => x.keys))}'::json,
      'rows', (SELECT coalesce(json_agg(x), '[]') FROM (${values.join(' UNION ALL ')}) x))`;
    return { ctes: ctes.join(',\n'), json, params, defs };
  }

  /** The facet samples (`only` some of them) in a statement of their own (see facetSql). */
  private async facetSample(
    q: ProductQueryDto,
    groups: QueryGroup[],
    defs: AttributeDefinition[],
    only?: 'filtered',
  ): Promise<FacetSample> {
    const f = await this.facetSql(q, groups, defs, [], { only });
    if (!f) return { defs, ...NO_FACETS };
    const [row] = await this.replica.query<{ facets: FacetJson }[]>(`WITH ${f.ctes} SELECT ${f.json} AS facets`, f.params);
    return { defs, ...row.facets };
  }

  /**
   * The answer of a run; for partial matches (`groups` set), flagged with where they start on the page (`partialFrom`:
   * after a short page of strict matches) and the words they match.
   */
  private async answer(
    limit: number,
    r: RunResult,
    o: { groups: QueryGroup[] | null; correctedSearch: string | null; didYouMean: string | null; partialFrom?: number },
    facets?: AttributeFacet[] | null,
  ): Promise<ProductList> {
    const meta: ProductList['meta'] = {
      limit,
      total: r.total,
      totalIsEstimate: r.estimated,
      nextCursor: r.nextCursor,
      correctedSearch: o.correctedSearch,
      didYouMean: o.didYouMean,
      partial: false,
    };
    if (facets) meta.facets = facets;
    if (o.groups) {
      const from = o.partialFrom ?? 0;
      const ids = r.rows.slice(from).map((row) => row.id);
      Object.assign(meta, { partial: from === 0, partialFrom: from, matchedWords: await this.matchedWords(o.groups, ids) });
    }
    return { data: r.rows.map(toProduct), meta };
  }

  /**
   * The near-miss fallback ("iphone 13 pro max" when only an iPhone 12 Pro Max and an iPhone 13 exist): listings
   * matching some of the words, those matching most first, then by the usual relevance (rankKey). It first takes every
   * listing matching any word (level 1); while that is more than RANK_CAP (too many to rank: relevance would fall
   * back to newest, and "max" alone would fill the page), only listings matching at least 2 words, then 3, ... and it
   * keeps the last level that still finds something. Null when no listing matches any word.
   */
  private async partial(q: ProductQueryDto, groups: QueryGroup[], limit: number): Promise<RunResult | null> {
    let kept: RunResult | null = null;
    for (let least = 1; least < groups.length; least++) {
      const r = await this.run(q, groups, limit, least);
      if (r.total === 0) break;
      kept = r;
      if (r.total <= RANK_CAP) break;
    }
    return kept;
  }

  /** The typed words (one per group) that at least one of these listings matches. */
  private async matchedWords(groups: QueryGroup[], ids: number[]): Promise<string[]> {
    if (!ids.length) return [];
    const parts = groupTsQueries(groups, await this.wholeWords.common());
    const rows = await this.replica.query<{ i: number }[]>(
      `SELECT g.i::int AS i FROM unnest($1::text[]) WITH ORDINALITY AS g(q, i)
        WHERE EXISTS (SELECT 1 FROM product p WHERE p.id = ANY($2::int[]) AND p.search @@ to_tsquery('english', g.q)) ORDER BY g.i`,
      [parts, ids],
    );
    return rows.map((r) => groups[r.i - 1].typed);
  }

  /** Adds a listing's words to the typo dictionary (inside the caller's transaction). */
  async indexWords(em: EntityManager, ...texts: string[]): Promise<void> {
    const words = dictionaryWords(...texts);
    if (!words.length) return;
    await em.query(
      `INSERT INTO search_word (word, ndoc) SELECT unnest($1::text[]), 1 ON CONFLICT (word) DO UPDATE SET ndoc = search_word.ndoc + 1`,
      [words],
    );
  }

  /** Rebuilds the dictionary from every listing (after bulk loads). */
  async rebuildDictionary(): Promise<void> {
    await this.db.query(`
      INSERT INTO search_word (word, ndoc)
      SELECT word, ndoc FROM ts_stat($$SELECT to_tsvector('simple', product_name || ' ' || product_description) FROM product$$)
      WHERE length(word) BETWEEN 3 AND 40 AND word ~ '^[a-z0-9]+$'
      ON CONFLICT (word) DO UPDATE SET ndoc = EXCLUDED.ndoc`);
    await this.wholeWords.invalidate();
  }

  /** The SQL plan of the page query as a search would run it (after its count), for the bench's plan check. */
  async explain(q: ProductQueryDto): Promise<string> {
    const plan = await this.plan(q, groupWords(tokenize(q.search), await this.synonyms.map()));
    const hits = await this.count(plan, this.effectiveSort(q.sort, plan.tsq, 0));
    const sort = this.effectiveSort(q.sort, plan.tsq, hits.total);
    const { sql, params } = this.pageSql(plan, sort, undefined, (q.limit ?? PRODUCT_PAGE_SIZE) + 1, pageShape(sort, hits));
    const rows = await this.db.query<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  /** Hits: exact up to EXACT_CAP, estimated beyond (see search-count.ts); their density along `sort`'s walk. */
  private async count(plan: Plan, sort?: RunSort): Promise<HitCount> {
    const [row] = await this.replica.query<HitCountRow[]>(hitCountSql(plan.where.join(' AND '), walked(plan, sort)), plan.params);
    return toHitCount(row);
  }

  /** One page of the search: strict (every group), or with `least` > 0 the listings matching at least that many groups (partial). */
  private async run(
    q: ProductQueryDto,
    groups: QueryGroup[],
    limit: number,
    least = 0,
    facetDefs: AttributeDefinition[] | null = null,
  ): Promise<RunResult> {
    const plan = await this.plan(q, groups, least);
    const requested: ProductSort = q.sort ?? (plan.tsq ? 'relevance' : 'newest');
    const cursor = q.cursor ? decodeCursor(q.cursor, requested, least) : undefined;
    if (cursor?.[0] === 'rank' && !plan.tsq) throw invalidField('cursor', 'cursor is not valid for this search');
    // The order a page of few hits runs by (relevance ranks when hits are few: effectiveSort); a later page keeps its first page's.
    const fewSort: RunSort = cursor ? cursor[0] : this.effectiveSort(requested, plan.tsq, 0);
    /**
     * Facets: the search's own set in the count statement (from the hits it reads anyway); the sets without one
     * filter each (disjunctive: see facetSql) meanwhile on another connection, so they cost the page no waiting.
     */
    const others = facetDefs && this.facetSample(q, groups, facetDefs, 'filtered');
    others?.catch(() => undefined); // awaited below on every path; a failure surfaces there
    const counted = await this.replica.query<CountedRow[]>(
      ...(await this.countWithPageSql(plan, fewSort, cursor, limit + 1, facetDefs && { q, groups, defs: facetDefs })),
    );
    const hits = toHitCount(counted[0]);
    const facetsNow = async () => (others ? { defs: facetDefs!, ...joinFacets(counted[0].facets ?? NO_FACETS, await others) } : null);
    const n = hits.total;
    // A later page keeps the order its first page used, even if the hit count has crossed RANK_CAP since.
    const sort = cursor ? cursor[0] : this.effectiveSort(requested, plan.tsq, n);
    if (n === 0) return { rows: [], total: 0, estimated: false, nextCursor: null, facets: await facetsNow() };
    const shape = pageShape(sort, hits);
    let rows: PageRow[];
    if (counted[0].paged && shape === 'sparse' && sort === fewSort) {
      rows = counted.filter((r) => r.id !== null); // the page came with the count (few hits: see hitCountWithPageSql)
    } else {
      const { sql, params } = this.pageSql(plan, sort, cursor, limit + 1, shape);
      rows = await this.replica.query<PageRow[]>(sql, params);
    }
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? encodeCursor([sort, cursorValue(last.sort_key), last.id, least]) : null;
    return { rows: page, total: n, estimated: hits.estimated, nextCursor, facets: await facetsNow(), sort };
  }

  private effectiveSort(requested: ProductSort | undefined, tsq: string | null, total: number): RunSort {
    const sort = requested ?? (tsq ? 'relevance' : 'newest');
    if (sort === 'relevance') return tsq && total <= RANK_CAP ? 'rank' : 'newest';
    return sort;
  }

  /**
   * `o.omit`: leave out the filter on this attribute (a disjunctive facet's hits); `o.params`: parameters already bound
   * before this plan's (another statement's, when this plan's conditions join it): its own follow them.
   */
  private async plan(q: ProductQueryDto, groups: QueryGroup[], least = 0, o: { omit?: string; params?: unknown[] } = {}): Promise<Plan> {
    const where = [`p.status = 'active'`];
    const walk = [...where];
    const params: unknown[] = [...(o.params ?? [])];
    /**
     * `opaque`: in `walk`, wrapped in coalesce(…, false), which no index can answer (same rows), and which the planner
     * cannot estimate either: it takes half the rows to match, so it walks the sort's index. With the text match's own
     * estimate (often a handful of rows for two words) it would rather read the whole table and sort what it finds.
     */
    const add = (sql: string, value: unknown, opaque = false) => {
      params.push(value);
      // Every `?` is this one parameter (an attribute filter may name it more than once).
      const cond = sql.replaceAll('?', `$${params.length}`);
      where.push(cond);
      walk.push(opaque ? `coalesce(${cond}, false)` : cond);
      return cond;
    };
    const parts = least && groups.length ? groupTsQueries(groups, await this.wholeWords.common()) : null;
    const tsq = parts ? toAtLeastTsQuery(parts, least) : groups.length ? toGroupTsQuery(groups, await this.wholeWords.common()) : null;
    if (tsq) add(`p.search @@ to_tsquery('english', ?)`, tsq, true);
    // Attribute filters (`attr.make=Toyota`, `attr.year.min=2010`), read against the chosen category's definitions.
    const attrFilters = (
      q.attrs
        ? readFilters(q.category && q.category !== 'all' ? ((await this.categories.attributesOf(q.category)) ?? []) : null, q.attrs)
        : []
    ).filter((f) => f.def.key !== o.omit);
    /**
     * With an attribute equality, the GIN of attributes finds the hits alone (a make is a few thousand listings); the
     * category's and place's own indexes would each add a bitmap of every listing in them (100,000 cars, 300,000 in
     * Lagos) to AND with it, most of the statement's time. So those conditions are checked on the GIN's rows instead
     * (coalesce(…, false): the same rows, no index can answer it, see `opaque` above). A walk keeps them plain: walking
     * the category's newest-first index finds a page of a make's listings after a few hundred rows.
     */
    const byAttributes = attrFilters.some((f) => f.values?.length);
    const checked = (sql: string, value: unknown) => {
      const cond = add(sql, value);
      if (byAttributes) where[where.length - 1] = `coalesce(${cond}, false)`;
    };
    if (q.category && q.category !== 'all') {
      // The category and its sub-categories, as constants (cached: no statement of its own on most searches).
      const ids = (await this.categories.subtreeIds(q.category)) ?? [-1];
      // One category (no sub-categories) with attribute filters: `=`, so a walk can take the category's newest-first
      // index in order (`= ANY` of one id walked every listing's instead: 30 ms against 5 ms for a make at 1M).
      if (attrFilters.length && ids.length === 1) checked('p.category_id = ?', ids[0]);
      else checked('p.category_id = ANY(?)', ids);
    }
    // State and city ids (the product's `location` only as a place's name): indexed like the category, never a text match.
    const place = await this.locations.filter(q);
    if (place.stateId !== undefined) checked('p.state_id = ?', place.stateId);
    if (place.cityId !== undefined) checked('p.city_id = ?', place.cityId);
    // A landing page's LGA: with its state and category, product_category_place_idx narrows the rows first.
    if (q.lgaId !== undefined) checked('p.lga_id = ?', q.lgaId);
    // A shop's own search: product_seller_idx (user_id, created_at, id) walks one seller's listings.
    if (q.sellerId !== undefined) add('p.user_id = ?', q.sellerId);
    // Opaque to a walk, like the text match: the planner then walks the sort's index (the category's) and filters,
    // where with the GIN's estimate it would collect and sort every hit.
    filterSql(attrFilters, (sql, value) => add(sql, value, true));
    if (q.type && q.type !== 'all') add('p.product_type = ?', q.type);
    if (q.condition && q.condition !== 'all') add('p.condition = ?', q.condition);
    const range = [`p.status = 'active'`];
    if (q.minPrice) range.push(add('p.price_kobo >= ?', nairaToKobo(q.minPrice)));
    if (q.maxPrice) range.push(add('p.price_kobo <= ?', nairaToKobo(q.maxPrice)));
    const priceRange = range.length > 1 ? range.join(' AND ') : null;
    return { where, walk, params, tsq, exact: groups.length && !parts ? toExactTsQuery(groups) : null, priceRange, groupQueries: parts };
  }

  /**
   * The page query. With many hits for their table (walk: at least WALK_SHARE of it, in a small catalogue or a big
   * one) Postgres walks the sort's index and stops after `take` rows. With few (sparse: at most EXACT_CAP, and
   * always for ranking) that walk could cross the whole table before finding them, so the hits are collected first
   * through the filter indexes and only they are sorted. In between, the planner chooses.
   */
  private pageSql(plan: Plan, sort: RunSort, cursor: Cursor | undefined, take: number, shape: PageShape) {
    const { params, spec, after } = this.order(plan, sort, cursor);
    if (shape === 'sparse') {
      const sql = `WITH hits AS MATERIALIZED (SELECT p.id, ${spec.key} AS k FROM product p WHERE ${plan.where.join(' AND ')})
        ${sparsePage('hits', spec.order, after, take)}`;
      return { sql, params };
    }
    const base = shape === 'walk' ? plan.walk : plan.where;
    const where = after ? [...base, after(spec.key, 'p.id')] : base;
    // The page's ids first, then their listings: the ids' query reads only indexed columns when the filters are
    // structured (category, place, price), so a covering index answers it without visiting the table (index-only).
    const sql = `WITH hits AS (SELECT p.id, ${spec.key} AS k FROM product p
      WHERE ${where.join(' AND ')} ORDER BY ${spec.key} ${spec.order}, p.id ${spec.order} LIMIT ${take})
      ${sparsePage('hits', spec.order, null, take)}`;
    return { sql, params };
  }

  /** The count statement carrying the sparse page for `sort` (see hitCountWithPageSql): [sql, params]. */
  private async countWithPageSql(
    plan: Plan,
    sort: RunSort,
    cursor: Cursor | undefined,
    take: number,
    facetsOf: { q: ProductQueryDto; groups: QueryGroup[]; defs: AttributeDefinition[] } | null,
  ): Promise<[string, unknown[]]> {
    const { params, spec, after } = this.order(plan, sort, cursor);
    // Ranking reads every hit whatever their share; another order only when they are a small share (else: walk).
    const allowed = (share: string) => (sort === 'rank' ? 'true' : `${share} < ${WALK_SHARE}`);
    const f =
      facetsOf &&
      (await this.facetSql(facetsOf.q, facetsOf.groups, facetsOf.defs, params, {
        full: { cte: 'h', read: COUNTED_HITS, where: plan.where.join(' AND ') },
        only: 'shared',
      }));
    const sql = hitCountWithPageSql(
      plan.where.join(' AND '),
      spec.key,
      allowed,
      (hits) => sparsePage(hits, spec.order, after, take),
      walked(plan, sort),
      f ?? undefined,
    );
    return [sql, f ? f.params : params];
  }

  /** The sort's key and direction over `product p`, and the keyset condition after the cursor; their parameters follow the plan's. */
  private order(plan: Plan, sort: RunSort, cursor: Cursor | undefined) {
    const params = [...plan.params];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const tsqParam = plan.tsq ? `$${plan.params.indexOf(plan.tsq) + 1}` : null;
    // A title holding every group as a whole word gets a full point over any stem or prefix match ("tv": Smart TV before TVS);
    // the title's words are stored (title_words), not parsed per hit (docs/search.md, Relevance).
    const rankKey = () =>
      plan.groupQueries
        ? // Partial matches: one point per group matched, then the relevance (normalised into [0, 1): flag 32) among equals.
          `${plan.groupQueries.map((g) => `(p.search @@ to_tsquery('english', ${p(g)}))::int`).join(' + ')} + ts_rank_cd(p.search, to_tsquery('english', ${tsqParam}), 32)`
        : `ts_rank_cd(p.search, to_tsquery('english', ${tsqParam})) + (p.title_words @@ to_tsquery('simple', ${p(plan.exact)}))::int`;
    const spec = {
      // float8: the key is a real rank plus whole points, a double; a cursor cast to real rounded it (up or down), and
      // the next page repeated its last row (or skipped one).
      rank: { key: sort === 'rank' ? rankKey() : '', cast: 'float8', order: 'DESC', cmp: '<' },
      newest: { key: 'p.created_at', cast: 'timestamptz', order: 'DESC', cmp: '<' },
      price_asc: { key: 'p.price_kobo', cast: 'bigint', order: 'ASC', cmp: '>' },
      price_desc: { key: 'p.price_kobo', cast: 'bigint', order: 'DESC', cmp: '<' },
    }[sort];
    const after = cursor
      ? (key: string, id: string) => `(${key}, ${id}) ${spec.cmp} (${p(cursor[1])}::${spec.cast}, ${p(cursor[2])}::int)`
      : null;
    return { params, spec, after };
  }

  /**
   * Corrects only words outside the vocabulary (the listing-word dictionary, the synonym terms, their singulars);
   * null when every word is known. `sure` when every fix is a sure typo fix (see chooseCorrection).
   */
  private async correct(words: string[], synonyms: SynonymMap): Promise<{ words: string[]; sure: boolean } | null> {
    const worth = (w: string) => w.length >= 3 && !/^[\d.]+$/.test(w) && !synonyms.has(w) && !synonyms.has(singular(w));
    const asked = [...new Set(words.filter(worth))];
    if (!asked.length) return null;
    // One statement for every word: whether it (or its singular) is known, and if not its nearest dictionary words.
    const rows = await this.replica.query<{ word: string; known: boolean; candidates: { word: string; ndoc: number }[] | null }[]>(
      `SELECT t.word, k.known,
         CASE WHEN NOT k.known THEN (SELECT json_agg(c) FROM (SELECT word, ndoc FROM search_word ORDER BY word <-> t.word LIMIT 8) c) END AS candidates
       FROM unnest($1::text[], $2::text[]) AS t(word, one)
       CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM search_word s WHERE s.word IN (t.word, t.one)) AS known) k`,
      [asked, asked.map(singular)],
    );
    const found = new Map(rows.map((r) => [r.word, r]));
    let changed = false;
    let sure = true;
    const out: string[] = [];
    for (const w of words) {
      const r = found.get(w);
      if (!worth(w) || !r || r.known) {
        out.push(w);
        continue;
      }
      const fix = chooseCorrection(w, r.candidates ?? []);
      out.push(fix?.word ?? w);
      changed ||= !!fix;
      sure &&= !fix || fix.sure;
    }
    return changed ? { words: out, sure } : null;
  }
}

type PageShape = 'sparse' | 'walk' | 'planner';
type PageRow = ProductRow & { sort_key: string | number };
/** A row of the count statement that may carry the page: the count's columns, then a listing's (null when none). */
type CountedRow = {
  hits: number;
  seen: number;
  walked: number;
  rows: number;
  n: number | null;
  paged: boolean | null;
  facets?: FacetJson | null;
} & (PageRow | { id: null });

/**
 * The page of a sparse search: its hits (`id`, sort key `k`, in the CTE named `hits`) sorted, after the cursor, with
 * their listings. The page is cut from the hits before the join, so only its own listings are read (by key): joined
 * first, a small catalogue's planner hashed the whole product table for up to 1,000 hits (10k listings: 11 → 5 ms).
 */
function sparsePage(hits: string, order: string, after: ((key: string, id: string) => string) | null, take: number): string {
  return `SELECT ${SEARCH_COLUMNS}, h.k AS sort_key
        FROM (SELECT id, k FROM ${hits} ${after ? `WHERE ${after('k', 'id')}` : ''} ORDER BY k ${order}, id ${order} LIMIT ${take}) h
        JOIN ${PRODUCT_FROM} ON p.id = h.id ORDER BY h.k ${order}, h.id ${order}`;
}

/**
 * The rows a walk of `sort`'s index visits, for the count's sample: a price sort with a price range walks
 * product_price_idx within the range only, so hits that are few in the table but dense in the range ("lg camera"
 * between ₦872,000 and ₦950,000: 0.2% of a million listings, 5% of those in the range) still walk: 25 hits after
 * ~500 rows, where fetching and sorting every hit built bitmaps of 50,000 text matches (~65 ms at 1M).
 */
function walked(plan: Plan, sort: RunSort | undefined): string | undefined {
  return (sort === 'price_asc' || sort === 'price_desc') && plan.priceRange ? plan.priceRange : undefined;
}

/**
 * Ranking needs every hit; otherwise a dense hit set (in a catalogue of any size) walks the sort's index (see pageSql).
 * Past EXACT_CAP hits that are dense along the walk only (a price range), the walk too: at least EXACT_CAP + 1 of them
 * are in the range it visits.
 */
function pageShape(sort: RunSort, hits: HitCount): PageShape {
  // A small catalogue's hits are sorted whole, whatever their share (see hitCountWithPageSql).
  if (hits.small && hits.total <= EXACT_CAP) return 'sparse';
  if (sort === 'rank') return hits.total <= EXACT_CAP ? 'sparse' : 'planner';
  if (hits.share >= WALK_SHARE) return 'walk';
  if (hits.total <= EXACT_CAP) return 'sparse';
  return hits.density >= WALK_SHARE_MANY ? 'walk' : 'planner';
}

/** Hits whose attributes facets count at most, per set (a sample beyond it, scaled to the set's size). */
export const FACET_SAMPLE = 1_000;
/** An attribute key as definitions allow it (they are checked when written): safe to name in SQL. */
const SAFE_KEY = /^[a-z][a-z0-9_]{0,29}$/;

/** The facet statement's json: per set [hits read, of which pass the set's left-out filter], its keys, and the value counts. */
interface FacetJson {
  sets: [number, number][];
  keys: string[][];
  rows: { s: number; key: string; value: string; n: number }[];
}
export interface FacetSample extends FacetJson {
  defs: AttributeDefinition[];
}
const NO_FACETS: FacetJson = { sets: [], keys: [], rows: [] };

/** Two statements' facet samples as one: `b`'s sets numbered after `a`'s. */
function joinFacets(a: FacetJson, b: FacetJson): FacetJson {
  const n = a.sets.length;
  return { sets: [...a.sets, ...b.sets], keys: [...a.keys, ...b.keys], rows: [...a.rows, ...b.rows.map((r) => ({ ...r, s: r.s + n }))] };
}

/**
 * Facets from the samples: exact when a set's sample held all of it, else each count scaled by the set's size over
 * the hits read, rounded like the total ("about 4,900") and flagged `estimated`. The search's own set (no left-out
 * filter) is `total` hits; a set without one attribute's filter is estimated from `total` and the share of its
 * sample that passes that filter (the search's hits are exactly those). Choices keep only values still allowed;
 * years newest first.
 */
export function toFacets(sample: FacetSample | null, total: number): AttributeFacet[] | null {
  if (!sample) return null;
  const scales = sample.sets.map(([sampled, passing]) => {
    if (sampled < FACET_SAMPLE) return { scale: 1, estimated: false };
    // None of the sample passes: the set's size is unknown beyond "at least the sample" (counts unscaled, estimated).
    const size = passing < sampled ? (passing ? (total * sampled) / passing : sampled) : total;
    return { scale: size > sampled ? size / sampled : 1, estimated: size > sampled || !passing };
  });
  const setOf = new Map(sample.keys.flatMap((ks, i) => ks.map((k) => [k, i] as const)));
  return sample.defs.map((d) => {
    const allowed = d.type === 'choice' ? new Set(d.values ?? []) : null;
    const set = setOf.get(d.key);
    const { scale, estimated } = set === undefined ? { scale: 1, estimated: false } : scales[set];
    const values = sample.rows
      .filter((r) => r.s === set && r.key === d.key && (!allowed || allowed.has(r.value)) && (d.type !== 'year' || /^\d{4}$/.test(r.value)))
      .map((r) => ({ value: r.value, count: scale === 1 ? r.n : Math.max(1, roundEstimate(r.n * scale)), estimated }))
      .sort((a, b) => (d.type === 'year' ? Number(b.value) - Number(a.value) : b.count - a.count || a.value.localeCompare(b.value)));
    return { key: d.key, label: d.label, type: d.type, values };
  });
}

function cursorValue(v: unknown): string | number {
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'number' ? v : String(v);
}
