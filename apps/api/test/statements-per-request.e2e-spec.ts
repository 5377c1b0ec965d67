import request from 'supertest';
import { bearer, registerUser } from './utils/actors';
import { createProduct } from './utils/catalog-fixtures';
import { statementName } from '../src/database/prepared-statements';
import { createTestApp, TestApp } from './utils/test-app';

/**
 * SQL statements per request on hot routes, counted at the pg client the app's pool uses.
 * The token check is one statement; /profile/me two; a product page one (two with a token), whatever the seller's size.
 */
describe('SQL statements per request', () => {
  let t: TestApp;
  let sent: string[] = [];
  let names = new Map<string, string | undefined>(); // text → the prepared statement's name it was sent under
  beforeAll(async () => {
    // A web process (KASUWA_ROLE=web) runs no jobs: the periodic work (checkout expiry, the order clock, digests) that
    // an `all` process starts would send its statements through the same driver while a request is counted. On a
    // loaded machine the first runs of every job overlapped all three tries of a count.
    t = await createTestApp({ KASUWA_ROLE: 'web' });
    const pg = (t.db.driver as unknown as { postgres: { Client: { prototype: { query: (...a: unknown[]) => unknown } } } }).postgres;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
      const q = args[0];
      const text = typeof q === 'string' ? q : String((q as { text?: string })?.text ?? q);
      // The job queue's statements (a job sent by the request) are not the request's reads.
      if (/pgboss\./.test(text)) return query.apply(this, args);
      sent.push(text);
      names.set(text, (q as { name?: string })?.name);
      return query.apply(this, args);
    };
  });
  afterAll(() => t.close());

  /** The statements one request sends (fewest of 3 tries, so nothing else the app does meanwhile can make it flaky). */
  async function statements(send: () => request.Test): Promise<string[]> {
    let best: string[] | undefined;
    for (let i = 0; i < 3; i++) {
      sent = [];
      await send().expect((res) => expect(res.status).toBeLessThan(300));
      if (!best || sent.length < best.length) best = sent;
    }
    return best!;
  }

  it('a search of a small catalogue (its first listings) reads listings in one statement, whatever the order: the count carries the page', async () => {
    const seller = await registerUser(t);
    for (const name of ['Small lamp one', 'Small lamp two', 'Small chair']) await createProduct(t, seller.user.id, { name });
    const queries: Record<string, string | number>[] = [{ search: 'lamp' }, { search: 'lamp', sort: 'newest' }, { sort: 'price_asc' }, {}];
    for (const [i, q] of queries.entries()) {
      sent = [];
      // A price bound of its own per ask: never a popular search answered from the cache.
      const res = await request(t.http)
        .get('/api/products')
        .query({ ...q, maxPrice: 1_000_000 + i })
        .expect(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(sent.filter((x) => /FROM product p\b/.test(x))).toHaveLength(1);
    }
  });

  it('a product page is 1 statement anonymously and 2 with a token, even for a seller with many listings', async () => {
    const seller = await registerUser(t);
    const viewer = await registerUser(t);
    await t.db.query(
      `INSERT INTO product (user_id, product_name, price_kobo, location, quantity)
       SELECT $1, 'Bulk item ' || i, 100000, 'Lagos', 1 FROM generate_series(1, 2000) AS i`,
      [seller.user.id],
    );
    const p = await createProduct(t, seller.user.id);
    expect(await statements(() => request(t.http).get(`/api/products/${p.id}`))).toHaveLength(1);
    expect(await statements(() => request(t.http).get(`/api/products/${p.id}`).set(bearer(viewer.token)))).toHaveLength(2);
    const res = await request(t.http).get(`/api/products/${p.id}`).expect(200);
    expect(res.body.data.seller).toEqual({ listings: 2001, completedOrders: 0 });
  });

  it('the token check is one statement and /profile/me two', async () => {
    const u = await registerUser(t);
    const me = await statements(() => request(t.http).get('/api/profile/me').set(bearer(u.token)));
    expect(me).toHaveLength(2);
    expect(me[0]).toMatch(/token_version/); // the first is the token check, the second the profile with its order flag
    expect(me[1]).toMatch(/EXISTS/);
    // Both fixed texts (no query built per request); the password hash never leaves the database, only whether there is one.
    // The verification flags ride on the same statement (rule "verified people"): still one statement, by key.
    expect(me[0]).toBe(
      'SELECT "id" AS id, "email" AS email, "status" AS status, "token_version" AS "tokenVersion", "email_verified_at" IS NOT NULL AS "emailVerified", "phone_verified_at" IS NOT NULL AS "phoneVerified" FROM "app_user" WHERE "id" = $1',
    );
    expect(me[1]).not.toMatch(/password_hash"? AS/i);
    expect((await statements(() => request(t.http).get('/api/profile/me').set(bearer(u.token))))[1]).toBe(me[1]);
  });

  it('a listing, the token check and the profile are prepared statements, under one name per text on every request', async () => {
    const u = await registerUser(t);
    const p = await createProduct(t, u.user.id);
    const sentFor = async (send: () => request.Test) => {
      names = new Map();
      await send().expect(200);
      return [...names];
    };
    const anonymous = await sentFor(() => request(t.http).get(`/api/products/${p.id}`));
    const signedIn = await sentFor(() => request(t.http).get(`/api/products/${p.id}`).set(bearer(u.token)));
    const profile = await sentFor(() => request(t.http).get('/api/profile/me').set(bearer(u.token)));
    const product = anonymous.find(([text]) => text.includes('seller_completed_orders'))!;
    expect(product[1]).toBe(statementName(product[0]));
    expect(signedIn).toContainEqual(product); // the signed-in viewer reads the primary, with the same statement
    const token = profile.find(([text]) => text.includes('token_version'))!;
    expect(token[1]).toBe(statementName(token[0]));
    const me = profile.find(([text]) => text.includes('hasSellerOrders'))!;
    expect(me[1]).toBe(statementName(me[0]));
    expect(signedIn).toContainEqual(token);
  });
});
