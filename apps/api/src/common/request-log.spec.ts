import fastify from 'fastify';
import express from 'express';
import helmet from 'helmet';
import pino from 'pino';
import request from 'supertest';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchedLogger, LineBatch, LOG_BATCH_CHARS, LOG_FLUSH_MS, requestId, requestLog } from './request-log';
import { staticHeaders } from './static-headers';

describe('requestLog', () => {
  async function app() {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
    const log = requestLog('info', logger)!;
    // As app.setup.ts and http-adapter.ts wire it.
    const a = fastify({ genReqId: requestId });
    a.addHook('onRequest', (req, reply, done) => {
      reply.raw.setHeader('X-Request-Id', req.id);
      done();
    });
    a.addHook('onResponse', (req, reply, done) => {
      log(req, reply.raw.statusCode, reply.elapsedTime, false);
      done();
    });
    a.get('/api/ok', async () => ({ ok: true }));
    a.get('/api/boom', async (_req, reply) => reply.code(500).send({}));
    a.get('/page', async (_req, reply) => reply.type('text/html').send('<p>'));
    await a.ready();
    return { a, lines };
  }

  it('gives every response an X-Request-Id (the caller’s, at most 64 characters) and logs one line per /api request', async () => {
    const { a, lines } = await app();
    const res = await request(a.server).get('/api/ok?token=secret').set('Authorization', 'Bearer x').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await request(a.server).get('/api/ok').set('X-Request-Id', 'r'.repeat(80)).expect(200);
    expect(mine.headers['x-request-id']).toBe('r'.repeat(64));
    await request(a.server).get('/page').expect(200).expect('X-Request-Id', /.+/);
    await request(a.server).get('/api/boom').expect(500);
    expect(lines).toHaveLength(3); // not /page
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: res.headers['x-request-id'], method: 'GET', url: '/api/ok' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(lines)).not.toMatch(/secret|Bearer/); // no query strings, no headers
    expect(lines[2]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
    await a.close();
  });

  it('with tracing on, the line carries the trace id the tracing hook set on the request; off, never', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const traced = requestLog('info', logger, true)!;
    const off = requestLog('info', logger)!;
    const req = { url: '/api/ok', id: 'r1', method: 'GET', traceId: '0af7651916cd43dd8448eb211c80319c' } as unknown as Parameters<
      typeof traced
    >[0];
    traced(req, 200, 3, false);
    off(req, 200, 3, false);
    traced({ ...req, traceId: '' } as typeof req, 200, 3, false); // a request tracing did not see (a probe)
    expect(lines.map((l) => JSON.parse(l).traceId)).toEqual(['0af7651916cd43dd8448eb211c80319c', undefined, undefined]);
  });

  it('writes the line pino itself would write for the same fields', async () => {
    const { a, lines } = await app();
    const res = await request(a.server).get('/api/ok').expect(200);
    const mine = lines[0];
    const own: Record<string, unknown>[] = [];
    pino({ level: 'info' }, { write: (s: string) => void own.push(JSON.parse(s)) }).info(
      {
        req: { id: res.headers['x-request-id'], method: 'GET', url: '/api/ok' },
        res: { statusCode: 200 },
        responseTime: mine.responseTime,
      },
      'request completed',
    );
    expect(Object.keys(mine)).toEqual(Object.keys(own[0]));
    expect({ ...mine, time: 0 }).toEqual({ ...own[0], time: 0 });
    await a.close();
  });

  it('is null, so no request does its work, when the level logs nothing', () => {
    expect(requestLog('silent')).toBeNull();
  });
});

describe('staticHeaders', () => {
  it('replays exactly the headers helmet sets and removes', async () => {
    const opts = { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } }, crossOriginEmbedderPolicy: false };
    // helmet itself (on Express, where it was written for) against its headers replayed on a Fastify response.
    const plain = express()
      .use(helmet(opts))
      .get('/', (_q, r) => void r.send('x'));
    const replay = staticHeaders(helmet(opts));
    const replayed = fastify();
    replayed.addHook('onRequest', (_req, reply, done) => {
      replay(reply.raw);
      done();
    });
    replayed.get('/', async () => 'x');
    await replayed.ready();
    const a = (await request(plain).get('/')).headers;
    const b = (await request(replayed.server).get('/')).headers;
    const helmetOnly = (h: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(h).filter(([k]) => !['date', 'etag', 'content-type', 'content-length', 'connection', 'keep-alive'].includes(k)),
      );
    expect(helmetOnly(b)).toEqual(helmetOnly(a));
    expect(b['content-security-policy']).toContain("img-src 'self' data:");
    expect(b['x-powered-by']).toBeUndefined();
    await replayed.close();
  });

  it('writes its lines in batches, not one write per event-loop turn, and still within LOG_FLUSH_MS', async () => {
    const file = join(fs.mkdtempSync(join(tmpdir(), 'kasuwa-log-')), 'out.log');
    const logger = batchedLogger('info', file);
    const log = requestLog('info', logger)!;
    await new Promise((r) => setTimeout(r, 50)); // the file is opened asynchronously
    const write = fs.write;
    let writes = 0;
    (fs as { write: unknown }).write = (...args: unknown[]) => {
      writes++;
      return (write as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const request = { id: 'r', method: 'GET', url: '/api/ok' } as never;
      for (let i = 0; i < 20; i++) {
        log(request, 200, 1, false);
        await new Promise((r) => setImmediate(r)); // one request per turn, as under a steady load
      }
      expect(writes).toBe(0);
      await new Promise((r) => setTimeout(r, LOG_FLUSH_MS + 200));
      expect(writes).toBeGreaterThan(0);
      expect(writes).toBeLessThanOrEqual(2); // a batch, and perhaps an empty periodic flush (line by line: one write per turn)
      expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(20);
    } finally {
      (fs as { write: unknown }).write = write;
    }
  });

  it('hands the destination one write per LOG_BATCH_CHARS of lines, every line whole', () => {
    const writes: string[] = [];
    const batch = new LineBatch({ write: (text: string) => void writes.push(text) });
    const line = `${JSON.stringify({ level: 30, req: { id: randomUUID(), method: 'GET', url: '/api/products/12345' }, msg: 'request completed' })}\n`;
    const lines = 2_000;
    for (let i = 0; i < lines; i++) batch.write(line);
    expect(writes).toHaveLength(Math.floor((lines * line.length) / LOG_BATCH_CHARS));
    expect(writes.length).toBeLessThanOrEqual(5); // ~280 kB of lines (8 kB batches: 35 writes)
    batch.flush();
    expect(writes.join('')).toBe(line.repeat(lines));
  });

  it('writes what is still batched when the process exits', () => {
    // A child process logs three lines and exits at once, well within LOG_FLUSH_MS: all three reach its stdout.
    const script = `
      const { requestLog } = require(${JSON.stringify(join(__dirname, 'request-log.ts'))});
      const log = requestLog('info');
      for (const id of ['a', 'b', 'c']) log({ id, method: 'GET', url: '/api/ok' }, 200, 1, false);
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['-r', join(__dirname, '../../test/utils/ts-register.cjs'), '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.status).toBe(0);
    const ids = child.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { req: { id: string } }).req.id);
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});
