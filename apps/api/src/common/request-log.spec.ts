import express from 'express';
import helmet from 'helmet';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from './request-log';
import { staticHeaders } from './static-headers';

describe('requestLog', () => {
  function app() {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
    const a = express();
    a.use(requestLog('info', logger));
    a.get('/api/ok', (_req, res) => void res.json({ ok: true }));
    a.get('/api/boom', (_req, res) => void res.status(500).json({}));
    a.get('/page', (_req, res) => void res.send('<p>'));
    return { a, lines };
  }

  it('gives every response an X-Request-Id (the caller’s, at most 64 characters) and logs one line per /api request', async () => {
    const { a, lines } = app();
    const res = await request(a).get('/api/ok?token=secret').set('Authorization', 'Bearer x').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await request(a).get('/api/ok').set('X-Request-Id', 'r'.repeat(80)).expect(200);
    expect(mine.headers['x-request-id']).toBe('r'.repeat(64));
    await request(a).get('/page').expect(200).expect('X-Request-Id', /.+/);
    await request(a).get('/api/boom').expect(500);
    expect(lines).toHaveLength(3); // not /page
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { id: res.headers['x-request-id'], method: 'GET', url: '/api/ok' }, res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toMatch(/secret|Bearer/); // no query strings, no headers
    expect(lines[2]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
  });
});

describe('staticHeaders', () => {
  it('replays exactly the headers helmet sets and removes', async () => {
    const opts = { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } }, crossOriginEmbedderPolicy: false };
    const plain = express().use(helmet(opts)).get('/', (_q, r) => void r.send('x'));
    const replayed = express().use(staticHeaders(helmet(opts))).get('/', (_q, r) => void r.send('x'));
    const a = (await request(plain).get('/')).headers;
    const b = (await request(replayed).get('/')).headers;
    const strip = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'etag'].includes(k)));
    expect(strip(b)).toEqual(strip(a));
    expect(b['content-security-policy']).toContain("img-src 'self' data:");
    expect(b['x-powered-by']).toBeUndefined();
  });
});
