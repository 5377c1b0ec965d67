import type { ProductCondition } from '@kasuwa/contracts';
import { cityPlace } from '../../modules/locations/place-match';
import { DEMO_CATEGORIES, DEMO_LOCATIONS } from './catalog-data';

/** A small deterministic PRNG so every fresh database gets the same demo catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export const LISTINGS_PER_CATEGORY = 8;

export interface DemoListing {
  /** Running number (photo variety, seller rotation). */
  n: number;
  topName: string;
  color: string;
  childName: string;
  name: string;
  description: string;
  naira: number;
  location: string;
  stateId: number;
  cityId: number;
  quantity: number;
  condition: ProductCondition;
  secondsAgo: number;
}

/**
 * The demo listings, without photos: the seed draws photos and writes them, and the search relevance test loads the
 * same listings straight into its database. Each sub-category gets LISTINGS_PER_CATEGORY listings, names cycled.
 */
export function demoListings(): DemoListing[] {
  const random = rng(2026);
  const out: DemoListing[] = [];
  for (const top of DEMO_CATEGORIES) {
    for (const [childName, tpl] of Object.entries(top.children)) {
      for (let i = 0; i < LISTINGS_PER_CATEGORY; i++) {
        const name = tpl.names[i % tpl.names.length];
        const naira = Math.round((tpl.price[0] + random() * (tpl.price[1] - tpl.price[0])) / 500) * 500;
        const place = cityPlace(DEMO_LOCATIONS[Math.floor(random() * DEMO_LOCATIONS.length)]);
        const used = random() < 0.45;
        const secondsAgo = Math.round(random() * 60 * 86400);
        const quantity = 1 + Math.floor(random() * 5);
        // Used items whose text says UK used or tokunbo are foreign used; the other used ones alternate.
        const foreign = /tokunbo|uk used/i.test(`${name} ${tpl.description}`) || out.length % 2 === 1;
        const condition = used ? (foreign ? 'foreign_used' : 'nigerian_used') : 'brand_new';
        out.push({ n: out.length, topName: top.name, color: top.color, childName, name, description: tpl.description, naira, ...place, quantity, condition, secondsAgo });
      }
    }
  }
  return out;
}

type Query = (sql: string, params?: unknown[]) => Promise<{ id: number }[]>;

/**
 * Loads the demo categories and listings without photos into an empty catalogue, with the typo dictionary
 * (the search relevance test and bench: text is all search needs). Returns the number of listings.
 */
export async function loadDemoListingText(query: Query, sellerId: number): Promise<number> {
  const ids = new Map<string, number>();
  let position = 0;
  for (const top of DEMO_CATEGORIES) {
    const [{ id: parent }] = await query(`INSERT INTO category (category_name, slug, position) VALUES ($1, $2, $3) RETURNING id`, [top.name, `demo-${position}`, position++]);
    for (const child of Object.keys(top.children)) {
      const [{ id }] = await query(`INSERT INTO category (category_name, slug, position, parent_category_id) VALUES ($1, $2, $3, $4) RETURNING id`, [child, `demo-${position}`, position++, parent]);
      ids.set(child, id);
    }
  }
  const listings = demoListings();
  await query(
    `INSERT INTO product (user_id, category_id, product_name, product_description, price_kobo, location, quantity, condition, created_at, state_id, city_id)
     SELECT $1, c, n, d, k, l, q, t, now() - make_interval(secs => s), st, ci
     FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::int[], $8::text[], $9::int[], $10::smallint[], $11::int[]) AS x(c, n, d, k, l, q, t, s, st, ci)`,
    [
      sellerId,
      listings.map((l) => ids.get(l.childName)),
      listings.map((l) => l.name),
      listings.map((l) => l.description),
      listings.map((l) => l.naira * 100),
      listings.map((l) => l.location),
      listings.map((l) => l.quantity),
      listings.map((l) => l.condition),
      listings.map((l) => l.secondsAgo),
      listings.map((l) => l.stateId),
      listings.map((l) => l.cityId),
    ],
  );
  return listings.length;
}
