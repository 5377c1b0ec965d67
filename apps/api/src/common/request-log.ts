import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';

/** The request's id (Fastify's genReqId): the caller's X-Request-Id, up to 64 characters, or a new one. Sent back on every response. */
export const requestId = (req: IncomingMessage): string => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();

/** Lines are written out in batches of this many bytes (one write per ~40 lines instead of one per event-loop turn)… */
const LOG_BATCH_BYTES = 8192;
/** …and at least this often, so that a quiet server's lines do not wait for the batch to fill. */
export const LOG_FLUSH_MS = 1000;

/**
 * The request log's logger: asynchronous and batched, to standard output by default. Each write of an asynchronous pino
 * destination is a round trip through libuv's thread pool; line by line, that was about a third of a no-SQL request's
 * CPU under load (issue 10). Whatever is still buffered is written synchronously when the process exits (pino does that).
 */
export function batchedLogger(level: string, dest: number | string = 1): pino.Logger {
  return pino({ level }, pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }));
}

/**
 * One short log line per /api request when it finishes: id, method, path, status and time; no headers (tokens stay
 * out of logs). pino's own line (level, time, pid, hostname, then the fields and msg), but put together here from a
 * template and written straight to the logger's destination: pino-http built a child logger with serializers per
 * request, and even a plain `logger.info(obj)` walked the object to serialise it, most of the logging's cost on a
 * request that reads no data (issue 10). Lines go out asynchronously, in batches (batchedLogger).
 * Null when the level logs nothing: then no request does any of this work.
 */
export function requestLog(
  level: string,
  logger: pino.Logger = batchedLogger(level),
): ((request: FastifyRequest, statusCode: number | undefined, ms: number | undefined, aborted: boolean) => void) | null {
  const info = logger.isLevelEnabled('info');
  const warn = logger.isLevelEnabled('warn');
  const error = logger.isLevelEnabled('error');
  if (!info && !warn && !error) return null;
  const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym]; // ,"pid":…,"hostname":"…"
  const values = logger.levels.values;
  return (request, statusCode, ms, aborted) => {
    const url = request.url;
    if (!url.startsWith('/api')) return;
    const [lvl, msg] = aborted ? ['warn', 'request aborted'] : (statusCode ?? 0) >= 500 ? ['error', 'request errored'] : ['info', 'request completed'];
    if (!(lvl === 'info' ? info : lvl === 'warn' ? warn : error)) return;
    const path = url.split('?', 1)[0];
    const res = statusCode === undefined ? '{}' : `{"statusCode":${statusCode}}`;
    const time = ms === undefined ? '' : `,"responseTime":${Math.round(ms)}`;
    stream.write(
      `{"level":${values[lvl]},"time":${Date.now()}${bindings},"req":{"id":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(path)}},"res":${res}${time},"msg":"${msg}"}\n`,
    );
  };
}
