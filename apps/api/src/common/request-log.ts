import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';

/** The request's id (Fastify's genReqId): the caller's X-Request-Id, up to 64 characters, or a new one. Sent back on every response. */
export const requestId = (req: IncomingMessage): string => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();

/**
 * One short log line per /api request when it finishes: id, method, path, status and time; no headers (tokens stay
 * out of logs). pino's own line (level, time, pid, hostname, then the fields and msg), but put together here from a
 * template and written straight to the logger's destination: pino-http built a child logger with serializers per
 * request, and even a plain `logger.info(obj)` walked the object to serialise it, most of the logging's cost on a
 * request that reads no data (issue 10). Lines go out asynchronously (pino flushes them at exit).
 * Null when the level logs nothing: then no request does any of this work.
 */
export function requestLog(
  level: string,
  logger: pino.Logger = pino({ level }, pino.destination({ dest: 1, sync: false })),
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
