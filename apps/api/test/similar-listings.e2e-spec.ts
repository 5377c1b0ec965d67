import request from 'supertest';
import type { PriceHint, Product, SimilarListings } from '@kasuwa/contracts';
import { registerUser } from './utils/actors';
import { LGA, STATE } from './utils/places';
import { createTestApp, TestApp } from './utils/test-app';

const { LAGOS, FCT } = STATE;
const { IKEJA, ETI_OSA, AMAC } = LGA;

/** A deterministic stream of numbers in [0, 1) (mulberry32): the same "random" catalogue on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Postgres's percentile_cont as it computes it (linear between the neighbours at fraction × (n − 1)), then rounded. */
function percentile(sorted: number[], fraction: number): number {
  const at = fraction * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return Math.round(sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo));
}

describe('similar listings and the fair-price hint', () => {
  let t: TestApp;
  let sellerId: number;
  let categories = 0;

  async function category(): Promise<number> {
    const [row] = await t.db.query(`INSERT INTO category (category_name, slug) VALUES ($1, $1) RETURNING id`, [`cat-${++categories}`]);
    return row.id;
  }

  async function listing(o: {
    category: number | null;
    priceKobo: number;
    stateId: number | null;
    lgaId?: number | null;
    status?: string;
    name?: string;
    attributes?: Record<string, string | number>;
  }): Promise<number> {
    const [row] = await t.db.query(
      `INSERT INTO product (user_id, product_name, price_kobo, location, quantity, status, images, state_id, lga_id, category_id, attributes)
       VALUES ($1, $2, $3, 'Somewhere', 1, $4, '[]', $5, $6, $7, $8::jsonb) RETURNING id`,
      [
        sellerId,
        o.name ?? 'A listing',
        o.priceKobo,
        o.status ?? 'active',
        o.stateId,
        o.lgaId ?? null,
        o.category,
        JSON.stringify(o.attributes ?? {}),
      ],
    );
    return row.id;
  }

  const similar = async (id: number | string) => request(t.http).get(`/api/products/${id}/similar`);
  const hint = async (query: string) => request(t.http).get(`/api/products/price-hint?${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    sellerId = (await registerUser(t, { firstName: 'Ada', lastName: 'Obi' })).user.id;
  });
  afterAll(() => t.close());

  it('ranks the same LGA first, then the same state, then anywhere, nearest in price within each; never itself, sold, blocked or another category', async () => {
    const phones = await category();
    const cars = await category();
    const me = await listing({ category: phones, priceKobo: 10_000_000, stateId: LAGOS, lgaId: IKEJA });
    const lgaFar = await listing({ category: phones, priceKobo: 15_000_000, stateId: LAGOS, lgaId: IKEJA });
    const lgaNear = await listing({ category: phones, priceKobo: 9_000_000, stateId: LAGOS, lgaId: IKEJA });
    const state = await listing({ category: phones, priceKobo: 10_050_000, stateId: LAGOS, lgaId: ETI_OSA });
    const anywhere = await listing({ category: phones, priceKobo: 10_000_000, stateId: FCT, lgaId: AMAC });
    await listing({ category: phones, priceKobo: 10_000_000, stateId: LAGOS, lgaId: IKEJA, status: 'sold_out' });
    await listing({ category: phones, priceKobo: 10_000_000, stateId: LAGOS, lgaId: IKEJA, status: 'blocked' });
    await listing({ category: phones, priceKobo: 10_000_000, stateId: LAGOS, lgaId: IKEJA, status: 'withdrawn' });
    await listing({ category: cars, priceKobo: 10_000_000, stateId: LAGOS, lgaId: IKEJA });
    await listing({ category: null, priceKobo: 10_000_000, stateId: LAGOS, lgaId: IKEJA });

    const res = await similar(me);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.body as SimilarListings;
    expect(body.data.map((p) => p.id)).toEqual([lgaNear, lgaFar, state, anywhere]);
    expect(body.data[0]).toMatchObject({ productCategoryID: phones, productPrice: '90000.00', productStatus: 'active' });
    // Five listings on sale in the category and state (itself included): fewer than 10, no hint.
    expect(body.priceHint).toEqual({ count: 4, low: null, median: null, high: null });
  });

  it('answers the same 8 as ranking every listing of the category by hand', async () => {
    const cat = await category();
    const other = await category();
    const random = seeded(26);
    const places: [number, number | null][] = [
      [LAGOS, IKEJA],
      [LAGOS, ETI_OSA],
      [LAGOS, null],
      [FCT, AMAC],
      [FCT, null],
    ];
    const all: { id: number; price: number; stateId: number; lgaId: number | null; status: string; category: number }[] = [];
    for (let i = 0; i < 120; i++) {
      const [stateId, lgaId] = places[Math.floor(random() * places.length)];
      // Few distinct prices, so ties in distance are common and the id decides.
      const price = (50 + Math.floor(random() * 40)) * 100_000;
      const status = random() < 0.15 ? 'sold_out' : 'active';
      const c = random() < 0.2 ? other : cat;
      all.push({
        id: await listing({ category: c, priceKobo: price, stateId, lgaId, status }),
        price,
        stateId,
        lgaId,
        status,
        category: c,
      });
    }
    for (const me of all.filter((l) => l.category === cat).slice(0, 12)) {
      const expected = all
        .filter((l) => l.id !== me.id && l.status === 'active' && l.category === cat)
        .map((l) => ({
          id: l.id,
          lga: me.lgaId !== null && l.lgaId === me.lgaId ? 1 : 0,
          state: l.stateId === me.stateId ? 1 : 0,
          d: Math.abs(l.price - me.price),
        }))
        .sort((a, b) => b.lga - a.lga || b.state - a.state || a.d - b.d || a.id - b.id)
        .slice(0, 8)
        .map((l) => l.id);
      const res = await similar(me.id);
      expect(res.status).toBe(200);
      expect((res.body as SimilarListings).data.map((p: Product) => p.id)).toEqual(expected);
    }
  });

  it('ranks listings of the same make and model within two years first (a level, not a filter), then by place and price, as ranking by hand does', async () => {
    const cat = await category();
    const random = seeded(4);
    const places: [number, number | null][] = [
      [LAGOS, IKEJA],
      [LAGOS, ETI_OSA],
      [FCT, AMAC],
      [FCT, null],
    ];
    const models = [
      ['Toyota', 'Corolla'],
      ['Toyota', 'Camry'],
      ['Honda', 'Accord'],
    ];
    type Car = { id: number; price: number; stateId: number; lgaId: number | null; attributes: Record<string, string | number> };
    const all: Car[] = [];
    for (let i = 0; i < 90; i++) {
      const [stateId, lgaId] = places[Math.floor(random() * places.length)];
      const price = (50 + Math.floor(random() * 40)) * 100_000;
      const [make, model] = models[Math.floor(random() * models.length)];
      // Some give no model or no year: never alike to a listing that gives one.
      const attributes: Record<string, string | number> = { make };
      if (random() < 0.85) attributes.model = model;
      if (random() < 0.9) attributes.year = 2006 + Math.floor(random() * 12);
      all.push({ id: await listing({ category: cat, priceKobo: price, stateId, lgaId, attributes }), price, stateId, lgaId, attributes });
    }
    const alike = (me: Car, l: Car) => {
      const keys = ['make', 'brand', 'model'].filter((k) => me.attributes[k] !== undefined);
      if (!keys.length || keys.some((k) => l.attributes[k] !== me.attributes[k])) return 0;
      if (me.attributes.year === undefined) return 1;
      return l.attributes.year !== undefined && Math.abs(Number(l.attributes.year) - Number(me.attributes.year)) <= 2 ? 1 : 0;
    };
    let sawBoth = 0;
    for (const me of all.slice(0, 15)) {
      const ranked = all
        .filter((l) => l.id !== me.id)
        .map((l) => ({
          id: l.id,
          alike: alike(me, l),
          lga: me.lgaId !== null && l.lgaId === me.lgaId ? 1 : 0,
          state: l.stateId === me.stateId ? 1 : 0,
          d: Math.abs(l.price - me.price),
        }))
        .sort((a, b) => b.alike - a.alike || b.lga - a.lga || b.state - a.state || a.d - b.d || a.id - b.id)
        .slice(0, 8);
      const res = await similar(me.id);
      expect(res.status).toBe(200);
      expect((res.body as SimilarListings).data.map((p: Product) => p.id)).toEqual(ranked.map((l) => l.id));
      if (ranked[0].alike && !ranked[7].alike) sawBoth++;
    }
    // The catalogue really tests the level: answers holding alike listings first and others after them.
    expect(sawBoth).toBeGreaterThan(3);
  });

  it('shows similar listings for a sold listing too; a listing the public cannot open, or none, is 404; a bad id is 4xx', async () => {
    const cat = await category();
    const sold = await listing({ category: cat, priceKobo: 500_000, stateId: LAGOS, status: 'sold_out' });
    const onSale = await listing({ category: cat, priceKobo: 600_000, stateId: FCT });
    const soldRes = await similar(sold);
    expect(soldRes.status).toBe(200);
    expect(soldRes.body.data.map((p: Product) => p.id)).toEqual([onSale]);

    for (const status of ['withdrawn', 'blocked', 'held']) {
      const hidden = await listing({ category: cat, priceKobo: 500_000, stateId: LAGOS, status });
      const res = await similar(hidden);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('PRODUCT_NOT_FOUND');
    }
    expect((await similar(987654321)).status).toBe(404);
    expect((await similar(99999999999)).status).toBe(404);
    for (const bad of ['abc', '1.5', '-1', '%00']) {
      const res = await similar(bad);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await similar('abc')).status).toBe(400);
  });

  it('gives the price hint: quartiles and median as Postgres would compute them by hand, in whole kobo, with the listing in the similar answer', async () => {
    const cat = await category();
    const random = seeded(7);
    const prices: number[] = [];
    for (let i = 0; i < 37; i++) {
      // Odd kobo amounts, so the quartiles fall between listings and must be rounded.
      const price = 1_000_000 + Math.floor(random() * 9_000_000) + 1;
      prices.push(price);
      await listing({ category: cat, priceKobo: price, stateId: LAGOS, lgaId: i % 2 ? IKEJA : null });
    }
    // Not comparable: sold, blocked, another state.
    await listing({ category: cat, priceKobo: 99_000_000, stateId: LAGOS, status: 'sold_out' });
    await listing({ category: cat, priceKobo: 99_000_000, stateId: LAGOS, status: 'blocked' });
    await listing({ category: cat, priceKobo: 1, stateId: FCT });
    const sorted = [...prices].sort((a, b) => a - b);
    const expected: PriceHint = {
      count: 37,
      low: percentile(sorted, 0.25),
      median: percentile(sorted, 0.5),
      high: percentile(sorted, 0.75),
    };

    const res = await hint(`categoryId=${cat}&stateId=${LAGOS}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
    expect(Number.isInteger(res.body.low) && Number.isInteger(res.body.median) && Number.isInteger(res.body.high)).toBe(true);
    expect(res.body.low).toBeLessThanOrEqual(res.body.median);
    expect(res.body.median).toBeLessThanOrEqual(res.body.high);

    const [{ id }] = await t.db.query(
      `SELECT id FROM product WHERE category_id = $1 AND state_id = $2 AND status = 'active' ORDER BY id LIMIT 1`,
      [cat, LAGOS],
    );
    expect((await similar(id)).body.priceHint).toEqual(expected);
  });

  it('says nothing below 10 comparable listings, and counts them', async () => {
    const cat = await category();
    for (let i = 0; i < 9; i++) await listing({ category: cat, priceKobo: 1_000_000 * (i + 1), stateId: FCT });
    expect((await hint(`categoryId=${cat}&stateId=${FCT}`)).body).toEqual({ count: 9, low: null, median: null, high: null });
    expect((await hint(`categoryId=${cat}&stateId=${LAGOS}`)).body).toEqual({ count: 0, low: null, median: null, high: null });

    const ten = await category();
    for (let i = 0; i < 10; i++) await listing({ category: ten, priceKobo: 1_000_000 * (i + 1), stateId: FCT });
    // 10 prices of ₦10,000 … ₦100,000: p25 at 2.25 → ₦32,500; the median at 4.5 → ₦55,000; p75 at 6.75 → ₦77,500.
    expect((await hint(`categoryId=${ten}&stateId=${FCT}`)).body).toEqual({
      count: 10,
      low: 3_250_000,
      median: 5_500_000,
      high: 7_750_000,
    });
  });

  it('refuses a hint asked without ids, or with anything that is not one, with a 4xx naming the field', async () => {
    for (const [query, field] of [
      ['', 'categoryId'],
      ['stateId=25', 'categoryId'],
      ['categoryId=1', 'stateId'],
      ['categoryId=abc&stateId=25', 'categoryId'],
      ['categoryId=1&stateId=0', 'stateId'],
      ['categoryId=1&stateId=99999', 'stateId'],
      ['categoryId=-4&stateId=25', 'categoryId'],
      ['categoryId=1e99&stateId=25', 'categoryId'],
      ['categoryId=99999999999&stateId=25', 'categoryId'],
      ['categoryId=1.5&stateId=25', 'categoryId'],
      ["categoryId=1'%20OR%201=1&stateId=25", 'categoryId'],
      ['categoryId[]=1&categoryId[]=2&stateId=25', 'categoryId'],
      ['categoryId=1&stateId=%00', 'stateId'],
    ]) {
      const res = await hint(query);
      expect([res.status, query]).toEqual([422, query]);
      if (res.body.error) expect(res.body.error[0].field).toBe(field);
    }
  });
});
