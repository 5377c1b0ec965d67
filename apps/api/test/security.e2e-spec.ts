import request from 'supertest';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { appPerFile } from './utils/test-app';

/** Regressions from the security review: each test names the rule it holds the API to. */
describe('security review', () => {
  const { t } = appPerFile();

  const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);

  describe('bad input gets a 4xx, never a 500', () => {
    it.each([
      ['a product id beyond int range', '/api/products/99999999999'],
      ['a category id beyond int range', '/api/category/categories/99999999999'],
      ['a seller id beyond int range', '/api/products/user/99999999999'],
    ])('%s answers 4xx', async (_what, path) => {
      const res = await request(t.http).get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      noStack(res.text);
    });

    it('a category filter beyond int range is no category, like an unknown slug: no listings, not a 500', async () => {
      for (const category of ['99999999999', 'no-such-category']) {
        const res = await request(t.http).get('/api/products').query({ category });
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual([]);
        expect(res.body.meta.total).toBe(0);
      }
    });

    it('a cart line or checkout id beyond int range answers 4xx', async () => {
      const u = await registerUser(t);
      for (const res of [
        await request(t.http)
          .post('/api/products/cart')
          .set(bearer(u.token))
          .send({ products: [{ productID: 99999999999, quantity: 1 }] }),
        await request(t.http).put('/api/products/cart/remove/99999999999').set(bearer(u.token)),
        await request(t.http).post('/api/payments/initialize').set(bearer(u.token)).send({ checkoutSessionID: 99999999999 }),
      ]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    });

    it('a forged search cursor answers 422', async () => {
      const seller = await registerUser(t);
      await createProduct(t, seller.user.id);
      const cursor = (c: unknown[]) => Buffer.from(JSON.stringify(c)).toString('base64url');
      for (const c of [
        ['newest', 'not-a-date', 1],
        ['newest', '2024-01-01T00:00:00.000Z', 99999999999],
        ['price_asc', 'abc', 1],
      ]) {
        const res = await request(t.http).get(`/api/products?cursor=${cursor(c)}`);
        expect(res.status).toBe(422);
      }
    });

    it('an admin list range beyond any page answers 422', async () => {
      const admin = await adminToken(t);
      const res = await request(t.http).get('/api/admin/products?range=[1e21,1e21]').set(bearer(admin));
      expect(res.status).toBe(422);
    });

    it('a JSON body over the size limit answers 413 with a message', async () => {
      const res = await request(t.http)
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200_000) }));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    });

    it('a missing upload answers 404', async () => {
      const res = await request(t.http).get('/uploads/products/nope/400.webp');
      expect(res.status).toBe(404);
      noStack(res.text);
    });
  });

  describe('LIKE patterns escape the admin search text', () => {
    it('searching messages for "%" finds only messages containing a "%"', async () => {
      const admin = await adminToken(t);
      await request(t.http)
        .post('/api/contact-us')
        .send({ email: 'a@example.com', subject: 'Plain hello', message: 'No wildcard here' })
        .expect(201);
      await request(t.http)
        .post('/api/contact-us')
        .send({ email: 'b@example.com', subject: 'Discount 50% off?', message: 'Is it real' })
        .expect(201);
      const res = await request(t.http)
        .get(`/api/admin/messages?filter=${encodeURIComponent(JSON.stringify({ q: '%' }))}`)
        .set(bearer(admin))
        .expect(200);
      expect(res.body.map((m: { subject: string }) => m.subject)).toEqual(['Discount 50% off?']);
    });

    it('searching categories for "_" finds only names containing a "_"', async () => {
      const admin = await adminToken(t);
      await request(t.http).post('/api/admin/categories').set(bearer(admin)).send({ categoryName: 'Phones' }).expect(201);
      const res = await request(t.http)
        .get(`/api/admin/categories?filter=${encodeURIComponent(JSON.stringify({ q: '_' }))}`)
        .set(bearer(admin))
        .expect(200);
      expect(res.body).toEqual([]);
    });
  });
});

describe('rate limits behind a reverse proxy (TRUST_PROXY=true)', () => {
  const { t } = appPerFile({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT: '3' } });

  it('a client cannot dodge the login limit by sending its own X-Forwarded-For entries', async () => {
    // The proxy appends the address it saw (203.0.113.7); everything to its left came from the client.
    const attempt = (i: number) =>
      request(t.http)
        .post('/api/auth/login')
        .set('X-Forwarded-For', `10.0.0.${i}, 203.0.113.7`)
        .send({ email: 'victim@example.com', password: `guess-${i}-abcdef` });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
    expect((await attempt(99)).status).toBe(429);
  });
});
