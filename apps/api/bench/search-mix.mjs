// The search traffic of `npm run bench:http`'s mix: the everyday terms people repeat (popular) and a long tail of
// distinct generated searches (brand + model + city, categories with price ranges and sorts, deep pages), built from
// the words seed:bulk writes. Deterministic (seeded), so every run asks the same things.

import { readFileSync } from 'node:fs';

/** The eight everyday terms of speed (one is a typo on purpose). */
export const POPULAR = [
  'tecno camon',
  'toyota corolla',
  'ankara',
  'iphone 13',
  'thermocool freezer',
  'agbada',
  'generator',
  'samsng galaxy',
];

// The words seed:bulk names listings from (lower-cased as people type them).
const WORDS = JSON.parse(readFileSync(new URL('../src/database/seeds/bulk-words.json', import.meta.url), 'utf8'));
const BRANDS = WORDS.brands.map((b) => b.toLowerCase());
const ITEMS = WORDS.items;
const CITIES = ['Ikeja', 'Lekki', 'Wuse', 'Port Harcourt', 'Ibadan', 'Kano', 'Enugu', 'Benin City', 'Kaduna', 'Jos', 'Lagos', 'Abuja'];
const SORTS = ['newest', 'price_asc', 'price_desc'];

/** mulberry32: a small seeded generator. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const q = (o) => `/api/products?${new URLSearchParams(o)}`;

/** `count` distinct long-tail URLs over these category ids. */
export function longTail(categoryIds, count = 2000, seed = 10) {
  const r = rng(seed);
  const pick = (xs) => xs[Math.floor(r() * xs.length)];
  const price = () => {
    const lo = Math.floor(r() * 1_500) * 1_000;
    return { minPrice: String(lo), maxPrice: String(lo + (1 + Math.floor(r() * 200)) * 1_000) };
  };
  const out = new Set();
  while (out.size < count) {
    const kind = r();
    if (kind < 0.45)
      out.add(q({ search: `${pick(BRANDS)} ${pick(ITEMS)} ${Math.floor(r() * 97)}`, ...(r() < 0.5 ? { location: pick(CITIES) } : {}) }));
    else if (kind < 0.75)
      out.add(
        q({
          category: String(pick(categoryIds)),
          sort: pick(SORTS),
          ...(r() < 0.7 ? price() : {}),
          ...(r() < 0.3 ? { location: pick(CITIES) } : {}),
        }),
      );
    else out.add(q({ search: `${pick(BRANDS)} ${pick(ITEMS)}`, sort: pick(SORTS), ...price() }));
  }
  return [...out];
}

/** URLs of deep pages (10 to 50), reached by following each first page's cursors as a visitor would. */
export async function deepPages(base, categoryIds, seed = 20) {
  const r = rng(seed);
  const starts = [
    ...categoryIds.slice(0, 3).map((c, i) => ({ category: String(c), sort: SORTS[i % 3] })),
    { search: 'tecno phone', sort: 'newest' },
    { search: 'samsung', sort: 'price_asc' },
    { sort: 'newest' },
  ];
  const out = [];
  for (const start of starts) {
    const stops = new Set(Array.from({ length: 5 }, () => 10 + Math.floor(r() * 41)));
    let cursor = null;
    for (let page = 1; page < Math.max(...stops); page++) {
      const res = await fetch(`${base}${q({ ...start, ...(cursor ? { cursor } : {}) })}`).then((x) => x.json());
      cursor = res.meta?.nextCursor;
      if (!cursor) break;
      if (stops.has(page + 1)) out.push(q({ ...start, cursor }));
    }
  }
  return out;
}
