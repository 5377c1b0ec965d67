import request from 'supertest';
import { appPerFile } from './utils/test-app';

describe('API base', () => {
  const { t } = appPerFile();

  it('GET /api/health answers { status, db }', async () => {
    const res = await request(t.http).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sets helmet headers and hides the framework', async () => {
    const res = await request(t.http).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps a caller-given request id', async () => {
    const res = await request(t.http).get('/api/health').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('unknown API routes are a 404 with { message, code } and no stack', async () => {
    const res = await request(t.http).get('/api/nope').expect(404);
    expect(res.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the code', async () => {
    const res = await request(t.http).get('/api/docs-json').expect(200);
    expect(res.body.paths['/api/auth/login']).toBeDefined();
    expect(res.body.paths['/api/health']).toBeDefined();
  });

  it('ran the migrations: tables exist', async () => {
    const rows = await t.db.query(`SELECT to_regclass('app_user') AS u, to_regclass('admin') AS a`);
    expect(rows[0].u).toBe('app_user');
    expect(rows[0].a).toBe('admin');
  });
});
