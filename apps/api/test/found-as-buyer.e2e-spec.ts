import request from 'supertest';
import { rmSync } from 'node:fs';
import { bearer, registerUser, type TestUser } from './utils/actors';
import { createProduct, placeOrder } from './utils/catalog-fixtures';
import { webDir } from './utils/storefront-build';
import { createTestApp, TestApp } from './utils/test-app';

/** The JSON-LD blocks of a page, parsed. */
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

type Hit = { productName: string };
type Meta = { partial?: boolean; partialFrom?: number; matchedWords?: string[]; nextCursor: string | null; total: number };

/**
 * Found when tried as a buyer would: a sold or reserved listing stays readable (marked so, with its schema.org
 * availability; its page gone after the grace period), and a search that matches no listing with every word falls
 * back to the listings matching most of them, labelled as such.
 */
describe('sold and reserved listings stay readable; near-miss searches fall back to partial matches', () => {
  let t: TestApp;
  let web: string;
  let seller: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    web = webDir('kasuwa-found-', { 'storefront/index.html': '<html><head><title>Kasuwa</title></head><body>STOREFRONT</body></html>' });
    // No Paystack key: the built-in test checkout pays, as on a fresh machine.
    t = await createTestApp({ WEB_DIR: web, PAYSTACK_SECRET_KEY: '', PAYSTACK_BASE_URL: '' });
    [seller, buyer] = await Promise.all([
      registerUser(t, { firstName: 'Sola', lastName: 'Seller' }),
      registerUser(t, { firstName: 'Bisi', lastName: 'Buyer' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  /** The listing's last unit ordered by the buyer: reserved until paid. */
  async function reserve(name: string) {
    const p = await createProduct(t, seller.user.id, { quantity: 1, name });
    const placed = await placeOrder(t, buyer.token, [{ productID: p.id, quantity: 1 }]);
    return { ...p, placed };
  }

  /** Bought and paid through the test checkout: sold. */
  async function sell(name: string) {
    const p = await reserve(name);
    const init = await request(t.http)
      .post('/api/payments/initialize')
      .set(bearer(buyer.token))
      .send({ checkoutSessionID: p.placed.checkoutSessionId })
      .expect(201);
    const url = new URL(init.body.data.transaction.metadata.data.authorization_url);
    await request(t.http).post(url.pathname).type('form').send({ outcome: 'success' }).expect(303);
    return p;
  }

  const product = (id: number, token?: string) => {
    const req = request(t.http).get(`/api/products/${id}`);
    return token ? req.set(bearer(token)) : req;
  };

  describe('GET /api/products/{id}', () => {
    it('a listing on sale is in stock; one whose last unit a checkout holds is reserved; a paid one is sold — to anyone, its buyer included', async () => {
      const onSale = await createProduct(t, seller.user.id, { quantity: 3, name: 'Binatone blender' });
      expect((await product(onSale.id).expect(200)).body.data).toMatchObject({ availability: 'in_stock', productStatus: 'active' });

      const held = await reserve('Hisense chest freezer');
      for (const token of [undefined, buyer.token, seller.token]) {
        expect((await product(held.id, token).expect(200)).body.data).toMatchObject({
          id: held.id,
          availability: 'reserved',
          productQuantity: 0,
        });
      }

      const sold = await sell('Thermocool deep freezer');
      for (const token of [undefined, buyer.token]) {
        expect((await product(sold.id, token).expect(200)).body.data).toMatchObject({
          id: sold.id,
          productName: 'Thermocool deep freezer',
          availability: 'sold',
        });
      }
    });

    it('a reservation that lapses puts the listing back in stock', async () => {
      const held = await reserve('Sony Bravia television');
      expect((await product(held.id).expect(200)).body.data.availability).toBe('reserved');
      // The buyer cancels the unpaid order: its unit goes back on sale.
      await request(t.http)
        .patch(`/api/orders/${held.placed.orders[0].id}/update/status`)
        .set(bearer(buyer.token))
        .send({ paymentStatus: 'cancelled_by_buyer' })
        .expect(200);
      expect((await product(held.id).expect(200)).body.data.availability).toBe('in_stock');
    });

    it('deleted, blocked, withdrawn, held and never-existing listings still answer 404 "Product not found."', async () => {
      const gone = await createProduct(t, seller.user.id, { name: 'Deleted stool' });
      await request(t.http).delete(`/api/products/${gone.id}`).set(bearer(seller.token)).expect(200);
      const hidden = await Promise.all(
        ['blocked', 'withdrawn', 'held'].map((status) => createProduct(t, seller.user.id, { status, name: `A ${status} chair` })),
      );
      for (const id of [gone.id, ...hidden.map((h) => h.id), 99_999_999]) {
        expect((await product(id).expect(404)).body).toEqual({ message: 'Product not found.', code: 'PRODUCT_NOT_FOUND' });
      }
    });

    it('search keeps leaving out sold and reserved listings', async () => {
      await reserve('Zanzibar gramophone reserved');
      await sell('Zanzibar gramophone sold');
      await createProduct(t, seller.user.id, { name: 'Zanzibar gramophone on sale' });
      const res = await request(t.http).get('/api/products').query({ search: 'zanzibar gramophone' }).expect(200);
      expect(res.body.data.map((p: Hit) => p.productName)).toEqual(['Zanzibar gramophone on sale']);
    });
  });

  describe('the server-rendered product page', () => {
    const offer = async (path: string, status: number) => {
      const res = await request(t.http).get(path).expect(status);
      const [p] = jsonLd(res.text);
      return p?.offers;
    };

    it('a sold listing answers 200 with availability SoldOut; a reserved one LimitedAvailability; one on sale InStock', async () => {
      const sold = await sell('Elepaq generator sold');
      expect(await offer(`/product/${sold.id}`, 200)).toMatchObject({
        availability: 'https://schema.org/SoldOut',
        price: '15000.00',
        priceCurrency: 'NGN',
      });
      const held = await reserve('Elepaq generator held');
      expect(await offer(`/product/${held.id}`, 200)).toMatchObject({ availability: 'https://schema.org/LimitedAvailability' });
      const onSale = await createProduct(t, seller.user.id, { name: 'Elepaq generator on sale' });
      expect(await offer(`/product/${onSale.id}`, 200)).toMatchObject({ availability: 'https://schema.org/InStock' });
    });

    it('410 Gone once SOLD_PAGE_GONE_AFTER (30 days) has passed since it sold; 200 the day before; never for a reserved one', async () => {
      const recent = await sell('Kia Rio 2015 sold recently');
      const old = await sell('Kia Rio 2015 sold long ago');
      const held = await reserve('Kia Rio 2015 held long');
      const backdate = (id: number, days: number) =>
        t.db.query(
          `UPDATE "order" o SET paid_at = now() - make_interval(days => $2), created_at = now() - make_interval(days => $2) FROM order_item i WHERE i.order_id = o.id AND i.product_id = $1`,
          [id, days],
        );
      await backdate(recent.id, 29);
      await backdate(old.id, 31);
      await t.db.query(`UPDATE product SET updated_at = now() - interval '40 days' WHERE id = ANY($1)`, [[recent.id, old.id, held.id]]);
      expect(await offer(`/product/${recent.id}`, 200)).toMatchObject({ availability: 'https://schema.org/SoldOut' });
      const gone = await request(t.http).get(`/product/${old.id}`).expect(410);
      expect(gone.text).toContain('STOREFRONT'); // the page itself still opens for a person following an old link
      expect(jsonLd(gone.text)[0].offers.availability).toBe('https://schema.org/SoldOut');
      await request(t.http).get(`/product/${held.id}`).expect(200);
      // The API still answers it, marked sold: its buyer reads it from the order.
      expect((await product(old.id, buyer.token).expect(200)).body.data.availability).toBe('sold');
    });

    it('deleted or blocked listings keep answering 404', async () => {
      const blocked = await createProduct(t, seller.user.id, { status: 'blocked', name: 'Fake watch' });
      await request(t.http).get(`/product/${blocked.id}`).expect(404);
      await request(t.http).get('/product/99999999').expect(404);
    });
  });

  describe('near-miss searches', () => {
    const search = async (q: Record<string, string | number>) => {
      const res = await request(t.http).get('/api/products').query(q).expect(200);
      return { names: (res.body.data as Hit[]).map((p) => p.productName), meta: res.body.meta as Meta };
    };

    beforeAll(async () => {
      for (const name of ['iPhone 12 Pro Max', 'iPhone 13 128GB', 'Samsung Galaxy S22', 'Toyota Corolla 2012'])
        await createProduct(t, seller.user.id, { name, description: 'Clean, no issues.' });
      await createProduct(t, seller.user.id, { name: 'Toyota Corolla headlamp', description: 'Tokunbo parts in good condition.' });
      // Sold listings are never partial matches either.
      await sell('iPhone 13 Pro Max sold');
    });

    it('"iphone 13 pro max": no listing has every word, so the best partial matches come, most words first, flagged with the words matched', async () => {
      const { names, meta } = await search({ search: 'iphone 13 pro max' });
      expect(names).toEqual(['iPhone 12 Pro Max', 'iPhone 13 128GB']);
      expect(meta).toMatchObject({ partial: true, matchedWords: ['iphone', '13', 'pro', 'max'], total: 2 });
    });

    it('a full match carries no partial flag', async () => {
      const { names, meta } = await search({ search: 'galaxy s22' });
      expect(names).toEqual(['Samsung Galaxy S22']);
      expect(meta.partial).toBe(false);
      expect(meta.partialFrom).toBeUndefined();
      expect(meta.matchedWords).toBeUndefined();
    });

    it('a short page of full matches is topped up with partial matches after them, flagged from where they start', async () => {
      // "tokunbo corolla": the headlamp has both words (its description says tokunbo): the only full match, then the Corolla.
      const corolla = await search({ search: 'tokunbo corolla' });
      expect(corolla.names).toEqual(['Toyota Corolla headlamp', 'Toyota Corolla 2012']);
      expect(corolla.meta).toMatchObject({ partial: false, partialFrom: 1, matchedWords: ['corolla'], total: 2 });
      // "iphone 13": the iPhone 13 matches both words, then the iPhone 12 Pro Max (iphone only).
      const iphone = await search({ search: 'iphone 13' });
      expect(iphone.names).toEqual(['iPhone 13 128GB', 'iPhone 12 Pro Max']);
      expect(iphone.meta).toMatchObject({ partial: false, partialFrom: 1, matchedWords: ['iphone'] });
      // Paging on: the cursor goes on after both, through the partial matches only.
      const first = await search({ search: 'tokunbo corolla', limit: 2 });
      expect(first.names).toEqual(['Toyota Corolla headlamp', 'Toyota Corolla 2012']);
      const rest = await search({ search: 'tokunbo corolla', limit: 2, cursor: first.meta.nextCursor ?? '' });
      expect(first.meta.nextCursor === null || !rest.names.some((n) => first.names.includes(n))).toBe(true);
      // An exactly full page of all the full matches (here: a page of one) gets a next page of partial matches,
      // flagged from the page's end.
      const one = await search({ search: 'iphone 13', limit: 1 });
      expect(one.names).toEqual(['iPhone 13 128GB']);
      expect(one.meta).toMatchObject({ partial: false, partialFrom: 1, matchedWords: [] });
      const next = await search({ search: 'iphone 13', limit: 1, cursor: one.meta.nextCursor! });
      expect(next.names).toEqual(['iPhone 12 Pro Max']);
      expect(next.meta).toMatchObject({ partial: true, matchedWords: ['iphone'], nextCursor: null });
      // A full page with a next page of full matches is not followed by partial ones yet (page 1 of "iphone", limit 1).
      const more = await search({ search: 'iphone', limit: 1 });
      expect(more.meta.partialFrom).toBeUndefined();
    });

    it('partial matches page on with their cursor, still flagged; the words matched are those of the page', async () => {
      const first = await search({ search: 'iphone 13 pro max', limit: 1 });
      expect(first.names).toEqual(['iPhone 12 Pro Max']);
      expect(first.meta.matchedWords).toEqual(['iphone', 'pro', 'max']);
      const second = await search({ search: 'iphone 13 pro max', limit: 1, cursor: first.meta.nextCursor! });
      expect(second.names).toEqual(['iPhone 13 128GB']);
      expect(second.meta).toMatchObject({ partial: true, matchedWords: ['iphone', '13'], nextCursor: null });
      // A partial cursor does not fit a search of fewer words.
      await request(t.http).get('/api/products').query({ search: 'iphone', cursor: first.meta.nextCursor! }).expect(422);
    });

    it('filters still apply, and a search whose words match nothing at all answers empty, unflagged', async () => {
      const cheap = await search({ search: 'iphone 13 pro max', maxPrice: 100 });
      expect(cheap.names).toEqual([]);
      const none = await search({ search: 'zebra xylophone' });
      expect(none.names).toEqual([]);
      expect(none.meta.partial).toBe(false);
    });

    it('more hits for any one word than can be ranked: only listings matching at least two words', async () => {
      await t.db.query(
        `INSERT INTO product (user_id, product_name, product_description, price_kobo, location, quantity, status)
         SELECT $1, 'Max power bank', 'Fast charging', 1000000, 'Lagos', 1, 'active' FROM generate_series(1, 1010) g`,
        [seller.user.id],
      );
      const { names, meta } = await search({ search: 'iphone 13 pro max' });
      expect(names).toEqual(['iPhone 12 Pro Max', 'iPhone 13 128GB']);
      expect(meta.partial).toBe(true);
    });
  });
});
