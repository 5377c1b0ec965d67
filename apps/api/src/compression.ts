import compression from 'compression';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { weakEtag } from './common/etag';
import { SHARED_JSON, type SharedJson } from './common/shared-json';
import { brotliCompress, constants, createBrotliCompress, createDeflate, createGzip, deflate, gzip } from 'node:zlib';

/** Smaller answers go out as they are. */
const THRESHOLD = 1024;
/** compression's own settings: brotli at quality 4, gzip and deflate at zlib's default level. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];
const compressBuffer = { br: promisify(brotliCompress), gzip: promisify(gzip), deflate: promisify(deflate) };
const compressStream = { br: () => createBrotliCompress(BROTLI), gzip: () => createGzip(), deflate: () => createDeflate() };
type Method = keyof typeof compressBuffer;

export { weakEtag };

const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/** Whether the client's copy is still good (the `fresh` package's If-None-Match rule; these answers have no Last-Modified). */
export function isFresh(headers: IncomingHttpHeaders, tag: string): boolean {
  const noneMatch = headers['if-none-match'];
  if (!noneMatch || NO_CACHE.test(String(headers['cache-control'] ?? ''))) return false;
  if (noneMatch.trim() === '*') return true;
  return noneMatch.split(',').some((t) => {
    const given = t.trim();
    return given === tag || given === `W/${tag}` || `W/${given}` === tag;
  });
}

/** Whether a Content-Type is worth compressing (compression.filter, remembered per type: there are a handful). */
const compressibleTypes = new Map<string, boolean>();
function isCompressible(type: string): boolean {
  let known = compressibleTypes.get(type);
  if (known === undefined) {
    known = compression.filter({} as never, { getHeader: () => type } as never);
    if (compressibleTypes.size < 100) compressibleTypes.set(type, known);
  }
  return known;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
}

/**
 * What Express's res.send and the compression middleware did to an answer, as one onSend hook:
 * - a body sent whole gets a weak ETag, and a GET/HEAD whose If-None-Match still matches is a 304 without a body;
 * - JSON, HTML and the CSV export of 1 kB and more go out as br or gzip (deflate) when the client accepts it, with
 *   `Vary: Accept-Encoding` on every compressible type; streams (the CSV export) are compressed as they flow. Event
 *   streams are never buffered in a compressor: each message must reach the browser when it is written. Answers that
 *   already have a Content-Encoding (pre-compressed assets, cached pages) are left alone.
 */
export function replyEncoding(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
): void {
  // A callback hook, not an async one: most answers are decided synchronously, without a promise and a microtask each.
  const whole = typeof payload === 'string' || Buffer.isBuffer(payload);
  if (whole && reply.getHeader('etag') === undefined) reply.header('etag', weakEtag(payload as string | Buffer));
  if (whole && (request.method === 'GET' || request.method === 'HEAD') && request.headers['if-none-match']) {
    const status = reply.statusCode;
    if (((status >= 200 && status < 300) || status === 304) && isFresh(request.headers, String(reply.getHeader('etag')))) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return done(null, null);
    }
  }
  const type = reply.getHeader('content-type');
  if (
    payload === null ||
    payload === undefined ||
    typeof type !== 'string' ||
    type.startsWith('text/event-stream') ||
    !isCompressible(type)
  )
    return done(null, payload);
  const cacheControl = reply.getHeader('cache-control');
  if (cacheControl && NO_TRANSFORM.test(String(cacheControl))) return done(null, payload);
  addVary(reply);
  if (whole ? Buffer.byteLength(payload as string | Buffer) < THRESHOLD : Number(reply.getHeader('content-length')) < THRESHOLD)
    return done(null, payload);
  const encoding = reply.getHeader('content-encoding');
  if ((encoding && encoding !== 'identity') || request.method === 'HEAD' || !request.headers['accept-encoding']) return done(null, payload);
  const method = new Negotiator(request.raw).encoding(SUPPORTED, PREFERRED) as Method | 'identity' | undefined;
  if (!method || method === 'identity') return done(null, payload);
  reply.header('content-encoding', method);
  reply.removeHeader('content-length');
  if (whole) {
    // A shared value's JSON (common/shared-json.ts: a cached search page) is compressed once per method, not per answer.
    const shared = (reply as unknown as Record<symbol, SharedJson | undefined>)[SHARED_JSON];
    let body = shared && shared.json === payload ? shared.compressed.get(method) : undefined;
    if (!body) {
      body = compressBuffer[method](payload as string | Buffer, method === 'br' ? BROTLI : {});
      if (shared && shared.json === payload) {
        shared.compressed.set(method, body);
        body.catch(() => shared.compressed.delete(method)); // a failure is not kept for the next answer
      }
    }
    return void body.then((bytes) => done(null, bytes), done);
  }
  if (payload instanceof Readable || typeof (payload as Readable).pipe === 'function')
    return done(null, (payload as Readable).pipe(compressStream[method]()));
  done(null, payload);
}
