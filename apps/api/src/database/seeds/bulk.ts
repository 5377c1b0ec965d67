import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import type { AppUserRow, CategoryRow, LocationCityRow, LocationLgaRow } from '../rows.generated';
import { scriptDatabaseUrl } from '../../config/env';
import { cityPlace, placeLabel } from '../../modules/locations/place-match';
// The words listings are named from; the bench's search mix asks for the same ones (apps/api/bench/search-mix.mjs).
import BULK_WORDS from './bulk-words.json';

/**
 * Loads N synthetic listings fast for benchmarks: one INSERT … SELECT generate_series per batch, so no rows
 * cross the wire. Names and descriptions are combined from word lists so full-text search has realistic spread.
 * Usage: DATABASE_URL=… node dist/…/bulk.js --count 1000000
 */
const { brands: BRANDS, items: ITEMS } = BULK_WORDS;
const WORDS = [
  'neat',
  'original',
  'clean',
  'used',
  'brand',
  'new',
  'sealed',
  'warranty',
  'fast',
  'delivery',
  'lagos',
  'abuja',
  'cheap',
  'quality',
  'strong',
  'durable',
  'portable',
  'smart',
  'wireless',
  'classic',
];
/** Cities of the fixed list, weighted roughly like a Nigerian marketplace: about a third of listings in Lagos. */
const PLACES = [
  'Ikeja',
  'Lekki',
  'Yaba',
  'Surulere',
  'Ikorodu',
  'Ajah',
  'Victoria Island',
  'Festac',
  'Wuse',
  'Garki',
  'Gwarinpa',
  'Port Harcourt',
  'Obio-Akpor',
  'Ibadan',
  'Kano',
  'Enugu',
  'Benin City',
  'Kaduna',
  'Jos',
  'Abeokuta',
  'Onitsha',
  'Asaba',
  'Warri',
  'Owerri',
].map(cityPlace);

/** How often each busy city of PLACES is listed among all the places (one entry each): its weight in the mix. */
const BUSY_WEIGHT = 30;

/**
 * The places listings are spread over: the busy cities of PLACES, each BUSY_WEIGHT times, then every city on the list
 * and every LGA once (a seller may pick an LGA that names no city), so every state and every LGA holds listings: the
 * landing pages' long tail, thousands of distinct category-in-a-place pages at 1M. Cities carry their LGA where known.
 */
async function spreadPlaces(ds: DataSource): Promise<{ location: string; stateId: number; cityId: number | null; lgaId: number | null }[]> {
  const [cities, lgas] = await Promise.all([
    ds.query<(Pick<LocationCityRow, 'id' | 'state_id' | 'lga_id' | 'name'> & { state_name: string })[]>(
      `SELECT c.id, c.state_id, c.lga_id, c.name, s.name AS state_name FROM location_city c JOIN location_state s ON s.id = c.state_id ORDER BY c.id`,
    ),
    ds.query<(Pick<LocationLgaRow, 'id' | 'state_id' | 'name'> & { state_name: string })[]>(
      `SELECT l.id, l.state_id, l.name, s.name AS state_name FROM location_lga l JOIN location_state s ON s.id = l.state_id ORDER BY l.id`,
    ),
  ]);
  const lgaOf = new Map(cities.map((c) => [c.id, c.lga_id]));
  const busy = PLACES.map((p) => ({ ...p, lgaId: lgaOf.get(p.cityId) ?? null }));
  return [
    ...Array.from({ length: BUSY_WEIGHT }, () => busy).flat(),
    ...cities.map((c) => ({ location: placeLabel(c.state_name, c.name), stateId: c.state_id, cityId: c.id, lgaId: c.lga_id })),
    ...lgas.map((l) => ({ location: placeLabel(l.state_name, l.name), stateId: l.state_id, cityId: null, lgaId: l.id })),
  ];
}

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

export async function bulkLoad(url: string, count: number, log = console.log): Promise<void> {
  const ds = createDataSource(url);
  await ds.initialize();
  try {
    await ds.runMigrations();
    const [seller] = await ds.query<Pick<AppUserRow, 'id'>[]>(
      `INSERT INTO app_user (email, first_name, last_name) VALUES ('bulk.seller@kasuwa.test', 'Bulk', 'Seller')
       ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
    );
    await ds.query(`
      INSERT INTO category (category_name, slug, position)
      SELECT name, lower(regexp_replace(name, '[^A-Za-z]+', '-', 'g')), ord FROM unnest(${arr(ITEMS.slice(0, 10).map((i) => `Bulk ${i}`))}) WITH ORDINALITY AS c(name, ord)
      WHERE NOT EXISTS (SELECT 1 FROM category)`);
    const cats = (await ds.query<Pick<CategoryRow, 'id'>[]>(`SELECT id FROM category`)).map((r) => r.id);
    const places = await spreadPlaces(ds);
    const catArr = cats.length ? `ARRAY[${cats.join(',')}]::int[]` : `ARRAY[NULL]::int[]`;
    const batch = 100_000;
    const started = Date.now();
    for (let done = 0; done < count; done += batch) {
      const n = Math.min(batch, count - done);
      await ds.query(
        `INSERT INTO product (user_id, category_id, product_name, product_description, price_kobo, location, state_id, city_id, lga_id, quantity, condition, created_at)
         SELECT $1,
                (${catArr})[1 + (i * 7) % ${Math.max(cats.length, 1)}],
                (${arr(BRANDS)})[1 + (i * 13) % ${BRANDS.length}] || ' ' || (${arr(ITEMS)})[1 + (i * 17) % ${ITEMS.length}] || ' ' || (i % 97),
                (${arr(WORDS)})[1 + (i * 3) % ${WORDS.length}] || ' ' || (${arr(WORDS)})[1 + (i * 11) % ${WORDS.length}] || ' ' ||
                  (${arr(ITEMS)})[1 + (i * 5) % ${ITEMS.length}] || ' in good condition, call for details.',
                (1000 + (i::bigint * 7919) % 2000000) * 100,
                (${arr(places.map((p) => p.location))})[1 + (i * 19) % ${places.length}],
                (ARRAY[${places.map((p) => p.stateId).join(',')}]::smallint[])[1 + (i * 19) % ${places.length}],
                (ARRAY[${places.map((p) => p.cityId ?? 'NULL').join(',')}]::int[])[1 + (i * 19) % ${places.length}],
                (ARRAY[${places.map((p) => p.lgaId ?? 'NULL').join(',')}]::int[])[1 + (i * 19) % ${places.length}],
                1 + i % 5,
                CASE WHEN i % 3 <> 0 THEN 'brand_new' WHEN i % 2 = 0 THEN 'foreign_used' ELSE 'nigerian_used' END,
                now() - make_interval(secs => (i * 37) % 31536000)
         FROM generate_series($2::int, $3::int) AS i`,
        [seller.id, done + 1, done + n],
      );
      log(`[bulk] ${done + n} / ${count} listings (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    await ds.query(`
      INSERT INTO search_word (word, ndoc)
      SELECT word, ndoc FROM ts_stat($$SELECT to_tsvector('simple', product_name || ' ' || product_description) FROM product$$)
      WHERE length(word) BETWEEN 3 AND 40 AND word ~ '^[a-z0-9]+$'
      ON CONFLICT (word) DO UPDATE SET ndoc = EXCLUDED.ndoc`);
    // VACUUM too: index-only scans (capped counts, category browsing) need the visibility map, and a bench server may run without autovacuum.
    await ds.query(`VACUUM (ANALYZE) product`);
    log(`[bulk] done: ${count} listings in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) {
  const i = process.argv.indexOf('--count');
  const count = i > 0 ? Number(process.argv[i + 1]) : 100_000;
  const url = scriptDatabaseUrl();
  if (!url || !Number.isInteger(count) || count < 1) {
    console.error('Usage: DATABASE_URL=postgres://… node bulk.js --count N  (npm run seed:bulk -- --count N sets DATABASE_URL for you)');
    process.exit(2);
  }
  bulkLoad(url, count).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
