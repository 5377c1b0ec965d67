import { Injectable } from '@nestjs/common';
import {
  PRICE_HINT_MIN_LISTINGS,
  SIMILAR_LISTINGS_LIMIT,
  type PriceHint,
  type ProductAttributes,
  type SimilarListings,
} from '@kasuwa/contracts';
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
 * public search's rule (on sale: status 'active'); comparability is the category.
 */
const COMPARABLE = `p.status = 'active' AND p.category_id = $2 AND p.id <> $1`;

/** The attributes that say what a listing is (a Toyota Corolla), compared as stored (choices in their listed spelling). */
export const IDENTIFYING_KEYS = ['make', 'brand', 'model'] as const;
/** Years this far apart still count as alike (a 2012 Corolla is like a 2010 or a 2014 one). */
export const ALIKE_YEARS = 2;

/**
 * Listing `p` is the same thing as the listing: its identifying attributes ($6: those the listing has, as a JSON object;
 * null when it has none, and then nothing is alike) and, when the listing gives a year ($7), a year within ALIKE_YEARS.
 */
const ALIKE = `coalesce(p.attributes @> $6::jsonb AND ($7::int IS NULL OR (CASE WHEN jsonb_typeof(p.attributes->'year') = 'number'
  THEN (p.attributes->>'year')::numeric END) BETWEEN $7::int - ${ALIKE_YEARS} AND $7::int + ${ALIKE_YEARS}), false)`;

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
 * Similar listings in one statement ($1 id, $2 category, $3 state, $4 LGA, $5 price in kobo, $6 and $7: see ALIKE):
 * listings of the same thing first (same make and model, a year within two: a ranking level, not a filter), then the
 * others; within each, the same LGA first, then the same state, then anywhere; within those, nearest in price.
 * Rather than sorting a whole category (tens of thousands of rows at a million listings), it takes the 8 nearest above
 * and below the price at each place (six short index walks), and the best 8 alike ones (the GIN of attributes: a
 * make and model are a few listings), and ranks those. That holds the answer: a level's best k (k ≤ 8) are among its
 * k nearest on each side (alike ones take at most the slots they fill above them), and when a wider place's walk
 * meets the narrower place's listings first, those fill the places it displaces.
 */
export const SIMILAR_SQL = `
  WITH near AS (${nearest('p.lga_id = $4')} UNION ALL ${nearest('p.state_id = $3')} UNION ALL ${nearest('true')}
    UNION ALL (SELECT p.id FROM product p WHERE ${COMPARABLE} AND $6::jsonb IS NOT NULL AND ${ALIKE}
      ORDER BY coalesce(p.lga_id = $4, false) DESC, coalesce(p.state_id = $3, false) DESC, abs(p.price_kobo - $5) ASC, p.id ASC LIMIT ${SIMILAR_LISTINGS_LIMIT})),
  ranked AS (
    SELECT DISTINCT p.id, ${ALIKE} AS alike, coalesce(p.lga_id = $4, false) AS same_lga, coalesce(p.state_id = $3, false) AS same_state,
           abs(p.price_kobo - $5) AS distance
      FROM near JOIN product p ON p.id = near.id
  )
  SELECT ${SEARCH_COLUMNS} FROM ranked r JOIN ${PRODUCT_FROM} ON p.id = r.id
   ORDER BY r.alike DESC, r.same_lga DESC, r.same_state DESC, r.distance ASC, r.id ASC LIMIT ${SIMILAR_LISTINGS_LIMIT}`;

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
    const [me] = await this.replica.query<
      {
        status: string;
        category_id: number | null;
        state_id: number | null;
        lga_id: number | null;
        price_kobo: string;
        attributes: ProductAttributes | null;
      }[]
    >(`SELECT status, category_id, state_id, lga_id, price_kobo, attributes FROM product WHERE id = $1`, [id]);
    if (!me || !PUBLIC_PAGE_STATUSES.includes(me.status)) throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    // A listing without a category has nothing comparable (the category is the least two listings must share).
    if (me.category_id === null) return { data: [], priceHint: emptyHint(0) };
    const [rows, priceHint] = await Promise.all([
      this.replica.query<ProductRow[]>(SIMILAR_SQL, [
        id,
        me.category_id,
        me.state_id,
        me.lga_id,
        me.price_kobo,
        ...alikeParams(me.attributes),
      ]),
      me.state_id === null ? Promise.resolve(emptyHint(0)) : this.priceHint(me.category_id, me.state_id),
    ]);
    return { data: rows.map(toProduct), priceHint };
  }

  /** The fair-price hint for a category in a state: quartiles and median in kobo, or nulls below PRICE_HINT_MIN_LISTINGS. */
  async priceHint(categoryId: number, stateId: number): Promise<PriceHint> {
    return this.cache.getOrSet(`price-hint:${categoryId}:${stateId}`, PRICE_HINT_CACHE_MS, async () => {
      const [row] = await this.replica.query<{ count: number; low: string | null; median: string | null; high: string | null }[]>(
        PRICE_HINT_SQL,
        [categoryId, stateId],
      );
      if (row.count < PRICE_HINT_MIN_LISTINGS) return emptyHint(row.count);
      return { count: row.count, low: Number(row.low), median: Number(row.median), high: Number(row.high) };
    });
  }
}

const emptyHint = (count: number): PriceHint => ({ count, low: null, median: null, high: null });

/** ALIKE's parameters for a listing's attributes: its identifying ones as JSON (null: none) and its year (null: none). */
export function alikeParams(attributes: ProductAttributes | null): [string | null, number | null] {
  const own = Object.fromEntries(
    IDENTIFYING_KEYS.filter((k) => attributes?.[k] !== undefined && attributes[k] !== '').map((k) => [k, attributes![k]]),
  );
  const year = attributes?.year;
  return [Object.keys(own).length ? JSON.stringify(own) : null, typeof year === 'number' && Number.isInteger(year) ? year : null];
}
