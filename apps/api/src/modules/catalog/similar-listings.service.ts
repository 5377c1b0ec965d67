import { Injectable } from '@nestjs/common';
import { PRICE_HINT_MIN_LISTINGS, SIMILAR_LISTINGS_LIMIT, type PriceHint, type SimilarListings } from '@kasuwa/contracts';
import { notFound } from '../../common/errors';
import { ReadReplica } from '../../database/read-replica';
import { CacheService } from '../cache/cache.service';
import { PRODUCT_CACHE_MS, productCacheTag } from './product-cache';
import { PRODUCT_FROM, PUBLIC_PAGE_STATUSES, SEARCH_COLUMNS, toProduct, type ProductRow } from './product.mapper';
import { PRODUCT_NOT_FOUND } from './products.service';

/** How long a category-and-state price hint may be served from cache: a statistic over many listings, not one listing's fact. */
const PRICE_HINT_CACHE_MS = 5 * 60_000;

/**
 * What makes listing `p` comparable to the listing ($1: its id, $2: its category), for similar listings. Visibility is
 * public search's rule (on sale: status 'active'); comparability is the category. This is the one place to add
 * attribute conditions once listings carry them, as parameters after the place and price ones, e.g.
 * `AND p.attributes->>'model' = $6 AND (p.attributes->>'year')::int BETWEEN $7 - 2 AND $7 + 2` — every walk uses it.
 */
const COMPARABLE = `p.status = 'active' AND p.category_id = $2 AND p.id <> $1`;

/**
 * The nearest listings above and below the price ($5) in one place (`place`: a condition on p, or 'true'), each walk
 * an index range read in price order that stops after the limit (the product_similar_*_idx indexes; equal prices
 * by id, as the ranking breaks ties, with an incremental sort of just those). The listing's
 * own facts come as parameters, not a join: a join's rows would come in the outer row's order and need a full sort.
 */
const nearest = (place: string) =>
  [
    `(SELECT p.id FROM product p WHERE ${COMPARABLE} AND ${place} AND p.price_kobo >= $5 ORDER BY p.price_kobo ASC, p.id ASC LIMIT ${SIMILAR_LISTINGS_LIMIT})`,
    `(SELECT p.id FROM product p WHERE ${COMPARABLE} AND ${place} AND p.price_kobo < $5 ORDER BY p.price_kobo DESC, p.id ASC LIMIT ${SIMILAR_LISTINGS_LIMIT})`,
  ].join(' UNION ALL ');

/**
 * Similar listings in one statement ($1 id, $2 category, $3 state, $4 LGA, $5 price in kobo): the same LGA first, then
 * the same state, then anywhere; within each, nearest in price. Rather than sorting a whole category (tens of
 * thousands of rows at a million listings), it takes the 8 nearest above and below the price at each level (six short
 * index walks) and ranks those. That holds the answer: a level's best k (k ≤ 8) are among its k nearest on each side,
 * and when a wider place's walk meets the narrower place's listings first, those fill the places it displaces.
 */
export const SIMILAR_SQL = `
  WITH near AS (${nearest('p.lga_id = $4')} UNION ALL ${nearest('p.state_id = $3')} UNION ALL ${nearest('true')}),
  ranked AS (
    SELECT DISTINCT p.id, coalesce(p.lga_id = $4, false) AS same_lga, coalesce(p.state_id = $3, false) AS same_state,
           abs(p.price_kobo - $5) AS distance
      FROM near JOIN product p ON p.id = near.id
  )
  SELECT ${SEARCH_COLUMNS} FROM ranked r JOIN ${PRODUCT_FROM} ON p.id = r.id
   ORDER BY r.same_lga DESC, r.same_state DESC, r.distance ASC, r.id ASC LIMIT ${SIMILAR_LISTINGS_LIMIT}`;

/**
 * The hint's quartiles over one category in one state (product_similar_state_idx: an index range read). Rounded to
 * whole kobo (money is integer kobo); percentile_cont interpolates between neighbours like a spreadsheet's QUARTILE.
 */
export const PRICE_HINT_SQL = `
  SELECT count(*)::int AS count,
         round(percentile_cont(0.25) WITHIN GROUP (ORDER BY price_kobo))::bigint AS low,
         round(percentile_cont(0.5) WITHIN GROUP (ORDER BY price_kobo))::bigint AS median,
         round(percentile_cont(0.75) WITHIN GROUP (ORDER BY price_kobo))::bigint AS high
    FROM product WHERE status = 'active' AND category_id = $1 AND state_id = $2`;

/** Similar listings and the fair-price hint (rule "comparable listings": same category, nearest in place and price). */
@Injectable()
export class SimilarListingsService {
  constructor(
    /** Both are public reads that may lag a moment: a replica when DATABASE_READ_URL is set. */
    private readonly replica: ReadReplica,
    private readonly cache: CacheService,
  ) {}

  /**
   * Up to 8 listings on sale like a listing anyone may open (on sale, or sold/reserved: its page shows them too), and
   * its category-and-state hint. Others (withdrawn, blocked, held, missing) answer 404 like their page.
   */
  async similar(id: number): Promise<SimilarListings> {
    return this.cache.getOrSet(`similar:${id}`, PRODUCT_CACHE_MS, () => this.readSimilar(id), { tags: [productCacheTag(id)] });
  }

  private async readSimilar(id: number): Promise<SimilarListings> {
    const [me]: { status: string; category_id: number | null; state_id: number | null; lga_id: number | null; price_kobo: string }[] = await this.replica.query(
      `SELECT status, category_id, state_id, lga_id, price_kobo FROM product WHERE id = $1`,
      [id],
    );
    if (!me || !PUBLIC_PAGE_STATUSES.includes(me.status)) throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    // A listing without a category has nothing comparable (the category is the least two listings must share).
    if (me.category_id === null) return { data: [], priceHint: emptyHint(0) };
    const [rows, priceHint] = await Promise.all([
      this.replica.query(SIMILAR_SQL, [id, me.category_id, me.state_id, me.lga_id, me.price_kobo]) as Promise<ProductRow[]>,
      me.state_id === null ? Promise.resolve(emptyHint(0)) : this.priceHint(me.category_id, me.state_id),
    ]);
    return { data: rows.map(toProduct), priceHint };
  }

  /** The fair-price hint for a category in a state: quartiles and median in kobo, or nulls below PRICE_HINT_MIN_LISTINGS. */
  async priceHint(categoryId: number, stateId: number): Promise<PriceHint> {
    return this.cache.getOrSet(`price-hint:${categoryId}:${stateId}`, PRICE_HINT_CACHE_MS, async () => {
      const [row]: { count: number; low: string | null; median: string | null; high: string | null }[] = await this.replica.query(PRICE_HINT_SQL, [categoryId, stateId]);
      if (row.count < PRICE_HINT_MIN_LISTINGS) return emptyHint(row.count);
      return { count: row.count, low: Number(row.low), median: Number(row.median), high: Number(row.high) };
    });
  }
}

const emptyHint = (count: number): PriceHint => ({ count, low: null, median: null, high: null });
