import request from 'supertest';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '@kasuwa/contracts';
import { adminToken, bearer, registerUser } from './utils/actors';
import { createTestApp, TestApp } from './utils/test-app';

/**
 * docs/api-conventions.md "Error codes": every error answer is `{ message, code }` (422 adds `error`), the code one of libs/contracts'
 * ERROR_CODES, whatever produced it: a domain rule, Nest's router, a guard, the validation pipe, the throttler, the body
 * parser, a value Postgres refused. (The hostile-input test checks the same shape on every route it fuzzes.)
 */
describe('every error answer carries a code from the contracts', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '5' });
    user = await registerUser(t);
    admin = await adminToken(t);
  });
  afterAll(() => t.close());

  const expectCode = (res: request.Response, status: number, code: ErrorCode) => {
    expect(res.status).toBe(status);
    expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String), code }));
    expect(Object.keys(res.body).every((k) => ['message', 'code', 'error'].includes(k))).toBe(true);
    expect(isErrorCode(res.body.code)).toBe(true);
  };

  it('the union has no duplicates and every code is SCREAMING_SNAKE', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const c of ERROR_CODES) expect(c).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
    expect(isErrorCode('Order not found')).toBe(false);
  });

  it('router, guard and pipe errors', async () => {
    expectCode(await request(t.http).get('/api/no-such-route'), 404, 'NOT_FOUND');
    expectCode(await request(t.http).get('/api/profile/me'), 401, 'UNAUTHORIZED');
    expectCode(await request(t.http).get('/api/admin/users').set(bearer(user.token)), 401, 'UNAUTHORIZED');
    const invalid = await request(t.http).post('/api/contact-us').send({ email: 'not-an-email' });
    expectCode(invalid, 422, 'VALIDATION_FAILED');
    expect(invalid.body.error.length).toBeGreaterThan(0);
    expectCode(await request(t.http).get('/api/admin/users?sort=nope').set(bearer(admin)), 422, 'VALIDATION_FAILED');
    expectCode(await request(t.http).get('/api/products/99999999999'), 404, 'NOT_FOUND');
  });

  it('body-parser errors', async () => {
    expectCode(await request(t.http).post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":'), 400, 'BAD_REQUEST');
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200_000) });
    expectCode(await request(t.http).post('/api/auth/login').set('Content-Type', 'application/json').send(big), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('domain errors keep their own code (the code DomainError always had now reaches the client)', async () => {
    expectCode(await request(t.http).get('/api/orders/in/999999').set(bearer(user.token)), 404, 'ORDER_NOT_FOUND');
    expectCode(await request(t.http).get('/api/products/999999'), 404, 'PRODUCT_NOT_FOUND');
    const dup = await request(t.http)
      .post('/api/auth/register')
      .send({ firstName: 'A', lastName: 'B', email: user.email, password: user.password });
    expectCode(dup, 409, 'EMAIL_TAKEN');
  });

  it('an ended session is SESSION_ENDED, a suspended account SUSPENDED', async () => {
    const other = await registerUser(t);
    await t.db.query(`UPDATE app_user SET status = 'suspended' WHERE id = $1`, [other.user.id]);
    expectCode(await request(t.http).get('/api/profile/me').set(bearer(other.token)), 401, 'SUSPENDED');
    await t.db.query(`UPDATE app_user SET token_version = token_version + 1 WHERE id = $1`, [other.user.id]);
    expectCode(await request(t.http).get('/api/profile/me').set(bearer(other.token)), 401, 'SESSION_ENDED');
  });

  it('the throttler answers RATE_LIMITED', async () => {
    let res: request.Response;
    let sent = 0;
    do res = await request(t.http).post('/api/auth/forgot-password').send({ email: 'nobody@example.com' });
    while (res.status < 400 && ++sent < 30);
    expectCode(res, 429, 'RATE_LIMITED');
  });
});
