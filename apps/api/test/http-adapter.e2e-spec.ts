import request from 'supertest';
import { appPerFile } from './utils/test-app';

/**
 * The app runs on Fastify (src/http-adapter.ts) but answers as it did on Express: routes in any letter case and with a
 * trailing slash, body-parser's bodies (JSON objects and arrays only, an empty JSON body is `{}`, other types are not
 * read), Node's query-string parser, a URL the router cannot decode as a house 400, Express's ETag and 304, no X-Powered-By.
 */
describe('HTTP behaviour kept from Express', () => {
  const { t, admin } = appPerFile({ admin: true });

  it('routes ignore letter case and a trailing slash', async () => {
    for (const path of ['/api/health', '/API/Health', '/api/health/']) {
      expect((await request(t.http).get(path)).status).toBe(200);
    }
  });

  it('a path that is not valid percent-encoding is a 400 in the house shape', async () => {
    const res = await request(t.http).get('/api/products/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('JSON bodies: a bare value is a 400, an empty body is {} (then validation), other types are not read', async () => {
    const scalar = await request(t.http).post('/api/auth/login').set('Content-Type', 'application/json').send('"text"');
    expect(scalar.status).toBe(400);
    expect(scalar.body.code).toBe('BAD_REQUEST');
    const empty = await request(t.http).post('/api/auth/login').set('Content-Type', 'application/json').send('');
    expect(empty.status).toBe(422);
    const text = await request(t.http).post('/api/auth/login').set('Content-Type', 'text/plain').send('{"email":"a@example.com"}');
    expect(text.status).toBe(422);
    expect(text.body.code).toBe('VALIDATION_FAILED');
  });

  it('the Paystack webhook gets the raw bytes whatever the content type (no signature: 401)', async () => {
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      expect((await request(t.http).post('/api/payments/webhook').set('Content-Type', type).send('{"event":"x"}')).status).toBe(401);
    }
  });

  it("a repeated query parameter is a list (Node's parser), which a list endpoint refuses with a 422 naming it", async () => {
    const res = await request(t.http)
      .get('/api/admin/products?sort=["id","ASC"]&sort=["id","DESC"]')
      .set('Authorization', `Bearer ${admin.token}`);
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual([{ field: 'sort', message: 'sort must be given once, as JSON' }]);
  });

  it('JSON answers carry a weak ETag, a matching If-None-Match is a 304, and there is no X-Powered-By', async () => {
    const first = await request(t.http).get('/api/auth/providers').expect(200);
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(first.headers['x-powered-by']).toBeUndefined();
    await request(t.http).get('/api/auth/providers').set('If-None-Match', first.headers.etag).expect(304);
  });
});
