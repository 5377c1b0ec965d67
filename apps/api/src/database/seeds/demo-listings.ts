import type { ProductCondition } from '@kasuwa/contracts';
import { cityPlace } from '../../modules/locations/place-match';
import { DEMO_CATEGORIES, DEMO_LOCATIONS } from './catalog-data';

/** A small deterministic PRNG so every fresh database gets the same demo catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export const LISTINGS_PER_CATEGORY = 8;

const COLOURS = ['Black', 'White', 'Silver', 'Blue', 'Grey'];
const PHONE_BRANDS: [RegExp, string][] = [
  [/iphone/i, 'Apple'],
  [/samsung/i, 'Samsung'],
  [/tecno/i, 'Tecno'],
  [/infinix/i, 'Infinix'],
  [/redmi/i, 'Xiaomi'],
  [/itel/i, 'itel'],
  [/pixel/i, 'Google'],
];

/**
 * A demo listing's attributes, read from its name like a seller would fill them in (the demo categories' definitions:
 * migration 1764270000001): "Toyota Corolla 2012" is a Toyota Corolla of 2012; `n` varies mileage, colour and sizes.
 */
export function demoAttributes(childName: string, name: string, n: number): Record<string, string | number> {
  if (childName === 'Cars') {
    const m = /^(?:Tokunbo )?(\w+) (.+?) (\d{4})$/.exec(name);
    if (!m) return {};
    return {
      make: m[1],
      model: m[2],
      year: Number(m[3]),
      mileage: 40_000 + ((n * 7919) % 160_000),
      transmission: n % 4 ? 'Automatic' : 'Manual',
      fuel: 'Petrol',
      colour: COLOURS[n % COLOURS.length],
    };
  }
  if (childName === 'Mobile Phones') {
    const brand = PHONE_BRANDS.find(([re]) => re.test(name))?.[1] ?? 'Other';
    const storage = /(\d+)GB/.exec(name)?.[1];
    return {
      brand,
      model: name.replace(/^(iPhone|Samsung|Tecno|Infinix|Redmi|itel|Google) ?/i, '').replace(/ \d+GB$/, '') || name,
      storage: storage ? Number(storage) : [64, 128, 256][n % 3],
      ram: [4, 6, 8][n % 3],
      colour: ['Black', 'White', 'Silver', 'Blue', 'Gold'][n % 5],
    };
  }
  if (childName === "Men's Fashion") return { gender: 'Men', size: ['M', 'L', 'XL', 'XXL'][n % 4] };
  if (childName === "Women's Fashion") return { gender: 'Women', size: ['S', 'M', 'L', 'Custom'][n % 4] };
  if (childName === 'Shoes') return { gender: n % 2 ? 'Women' : 'Men', size: String(39 + (n % 7)) };
  return {};
}

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
  /** The category's attributes (demoAttributes). */
  attributes: Record<string, string | number>;
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
        out.push({
          n: out.length,
          topName: top.name,
          color: top.color,
          childName,
          name,
          description: tpl.description,
          naira,
          ...place,
          quantity,
          condition,
          secondsAgo,
          attributes: demoAttributes(childName, name, out.length),
        });
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
    const [{ id: parent }] = await query(`INSERT INTO category (category_name, slug, position) VALUES ($1, $2, $3) RETURNING id`, [
      top.name,
      `demo-${position}`,
      position++,
    ]);
    for (const child of Object.keys(top.children)) {
      const [{ id }] = await query(
        `INSERT INTO category (category_name, slug, position, parent_category_id) VALUES ($1, $2, $3, $4) RETURNING id`,
        [child, `demo-${position}`, position++, parent],
      );
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
