import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { nairaToKobo, PRODUCT_PAGE_SIZE, type ProductList, type ProductSort } from '@kasuwa/contracts';
import { invalidField } from '../../common/errors';
import { CategoriesService } from './categories.service';
import { ProductQueryDto } from './dto/product.dto';
import { PRODUCT_COLUMNS, PRODUCT_FROM, ProductRow, toProduct } from './product.mapper';
import { bestCorrection, dictionaryWords, tokenize, toTsQuery } from './search-words';

/** Counting stops here: "10,000+" results is all a buyer needs, and a capped count stays cheap at a million rows. */
export const COUNT_CAP = 10_000;
/** Ranking costs grow with the number of hits; above this many, relevance falls back to newest first. */
export const RANK_CAP = 1_000;

type RunSort = 'rank' | 'newest' | 'price_asc' | 'price_desc';
/** [the order actually used, the last row's sort key, the last row's id] */
type Cursor = [RunSort, string | number, number];

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** A cursor is valid only for the sort it was made by ("relevance" may have run as rank or as newest). */
function decodeCursor(s: string, requested: ProductSort): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString()) as Cursor;
    const fits = requested === 'relevance' ? c[0] === 'rank' || c[0] === 'newest' : c[0] === requested;
    if (fits && Number.isInteger(c[2]) && (typeof c[1] === 'string' || typeof c[1] === 'number')) return c;
  } catch {
    /* fall through */
  }
  throw invalidField('cursor', 'cursor is not valid for this search');
}

interface Plan {
  where: string[];
  params: unknown[];
  tsq: string | null;
}

/** Server-side search: full-text (stored tsvector, GIN), typo correction via the word dictionary, filters, sorts, keyset paging. */
@Injectable()
export class ProductSearchService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly categories: CategoriesService,
  ) {}

  async search(q: ProductQueryDto): Promise<ProductList> {
    const limit = q.limit ?? PRODUCT_PAGE_SIZE;
    const words = tokenize(q.search);
    let result = await this.run(q, words, limit);
    let correctedSearch: string | null = null;
    if (result.total === 0 && words.length) {
      const fixed = await this.correct(words);
      if (fixed.join(' ') !== words.join(' ')) {
        result = await this.run(q, fixed, limit);
        correctedSearch = fixed.join(' ');
      }
    }
    return { data: result.rows.map(toProduct), meta: { limit, total: result.total, nextCursor: result.nextCursor, correctedSearch } };
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
  }

  /** The SQL plan of the main query, for the bench and the index test. */
  async explain(q: ProductQueryDto): Promise<string> {
    const plan = await this.plan(q, tokenize(q.search));
    const { sql, params } = this.pageSql(plan, this.effectiveSort(q.sort, plan.tsq, 0), undefined, (q.limit ?? PRODUCT_PAGE_SIZE) + 1);
    const rows: { 'QUERY PLAN': string }[] = await this.db.query(`EXPLAIN ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  private async run(q: ProductQueryDto, words: string[], limit: number) {
    const plan = await this.plan(q, words);
    const [{ n }] = await this.db.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM product p WHERE ${plan.where.join(' AND ')} LIMIT ${COUNT_CAP}) x`,
      plan.params,
    );
    const requested: ProductSort = q.sort ?? (plan.tsq ? 'relevance' : 'newest');
    const cursor = q.cursor ? decodeCursor(q.cursor, requested) : undefined;
    // A later page keeps the order its first page used, even if the hit count has crossed RANK_CAP since.
    const sort = cursor ? cursor[0] : this.effectiveSort(requested, plan.tsq, n);
    if (sort === 'rank' && !plan.tsq) throw invalidField('cursor', 'cursor is not valid for this search');
    if (n === 0) return { rows: [], total: 0, nextCursor: null };
    const { sql, params } = this.pageSql(plan, sort, cursor, limit + 1, n < COUNT_CAP);
    const rows: (ProductRow & { sort_key: string | number })[] = await this.db.query(sql, params);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? encodeCursor([sort, cursorValue(last.sort_key), last.id]) : null;
    return { rows: page, total: n as number, nextCursor };
  }

  private effectiveSort(requested: ProductSort | undefined, tsq: string | null, total: number): RunSort {
    const sort = requested ?? (tsq ? 'relevance' : 'newest');
    if (sort === 'relevance') return tsq && total <= RANK_CAP ? 'rank' : 'newest';
    return sort;
  }

  private async plan(q: ProductQueryDto, words: string[]): Promise<Plan> {
    const where = [`p.status = 'active'`];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    const tsq = words.length ? toTsQuery(words) : null;
    if (tsq) add(`p.search @@ to_tsquery('english', ?)`, tsq);
    if (q.category && q.category !== 'all') {
      const ids = await this.categories.subtreeIds(q.category);
      add('p.category_id = ANY(?)', ids ?? [-1]);
    }
    const location = q.location?.trim().toLowerCase();
    if (location) add('lower(p.location) LIKE ?', `%${location.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (q.type && q.type !== 'all') add('p.product_type = ?', q.type);
    if (q.minPrice) add('p.price_kobo >= ?', nairaToKobo(q.minPrice));
    if (q.maxPrice) add('p.price_kobo <= ?', nairaToKobo(q.maxPrice));
    return { where, params, tsq };
  }

  /**
   * The page query. With many hits (dense) Postgres walks the sort's index and stops after `take` rows. With few
   * hits (sparse: the capped count came in under COUNT_CAP) that walk could cross the whole table before finding
   * them, so the hits are collected first through the filter indexes and only they are sorted.
   */
  private pageSql(plan: Plan, sort: RunSort, cursor: Cursor | undefined, take: number, sparse = false) {
    const params = [...plan.params];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const tsqParam = plan.tsq ? `$${plan.params.indexOf(plan.tsq) + 1}` : null;
    const spec = {
      rank: { key: `ts_rank_cd(p.search, to_tsquery('english', ${tsqParam}))`, cast: 'real', order: 'DESC', cmp: '<' },
      newest: { key: 'p.created_at', cast: 'timestamptz', order: 'DESC', cmp: '<' },
      price_asc: { key: 'p.price_kobo', cast: 'bigint', order: 'ASC', cmp: '>' },
      price_desc: { key: 'p.price_kobo', cast: 'bigint', order: 'DESC', cmp: '<' },
    }[sort];
    const after = cursor ? (key: string, id: string) => `(${key}, ${id}) ${spec.cmp} (${p(cursor[1])}::${spec.cast}, ${p(cursor[2])}::int)` : null;
    if (sparse) {
      const sql = `WITH hits AS MATERIALIZED (SELECT p.id, ${spec.key} AS k FROM product p WHERE ${plan.where.join(' AND ')})
        SELECT ${PRODUCT_COLUMNS}, h.k AS sort_key FROM hits h JOIN ${PRODUCT_FROM} ON p.id = h.id
        ${after ? `WHERE ${after('h.k', 'h.id')}` : ''} ORDER BY h.k ${spec.order}, h.id ${spec.order} LIMIT ${take}`;
      return { sql, params };
    }
    const where = after ? [...plan.where, after(spec.key, 'p.id')] : plan.where;
    const sql = `SELECT ${PRODUCT_COLUMNS}, ${spec.key} AS sort_key FROM ${PRODUCT_FROM}
      WHERE ${where.join(' AND ')} ORDER BY ${spec.key} ${spec.order}, p.id ${spec.order} LIMIT ${take}`;
    return { sql, params };
  }

  private async correct(words: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const w of words) {
      if (w.length < 3 || /^\d+$/.test(w)) {
        out.push(w);
        continue;
      }
      const known = await this.db.query(`SELECT 1 FROM search_word WHERE word = $1`, [w]);
      if (known.length) {
        out.push(w);
        continue;
      }
      const candidates: { word: string; ndoc: number }[] = await this.db.query(
        `SELECT word, ndoc FROM search_word ORDER BY word <-> $1 LIMIT 8`,
        [w],
      );
      out.push(bestCorrection(w, candidates) ?? w);
    }
    return out;
  }
}

function cursorValue(v: unknown): string | number {
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'number' ? v : String(v);
}
