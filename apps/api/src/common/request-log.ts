import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';

/** The request's id (Fastify's genReqId): the caller's X-Request-Id, up to 64 characters, or a new one. Sent back on every response. */
export const requestId = (req: IncomingMessage): string =>
  (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();

/**
 * Lines are handed to the destination in batches of about this many characters (one write per ~350 lines)… Each
 * asynchronous write is a round trip through libuv's thread pool (a thread woken, then the loop): at 8 kB batches
 * those round trips were still ~5% of a no-SQL request's CPU at 25,000 requests a second.
 */
export const LOG_BATCH_CHARS = 65_536;
/** …and at least this often, so that a quiet server's lines do not wait for the batch to fill. */
export const LOG_FLUSH_MS = 1000;

type Destination = { write(text: string): unknown; flushSync?(): void };

/**
 * Lines kept in an array and written as one string per batch. Written one by one, each asynchronous write was a round
 * trip through libuv's thread pool (about a third of a no-SQL request's CPU under load), and sonic-boom's own
 * batching (minLength) measures its whole buffer again on every write (~5 µs a line, against <1 µs to make the line).
 */
export class LineBatch {
  private lines: string[] = [];
  private chars = 0;

  constructor(private readonly out: Destination) {
    setInterval(() => this.flush(), LOG_FLUSH_MS).unref();
    // At exit (after pino's own flush of the destination, registered before this): what is left, written synchronously.
    process.once('exit', () => {
      this.flush();
      try {
        this.out.flushSync?.();
      } catch {
        /* a destination not open yet: nothing was written to it */
      }
    });
  }

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= LOG_BATCH_CHARS) this.flush();
  }

  flush(): void {
    if (!this.lines.length) return;
    const text = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(text);
  }
}

/** The request log's logger: asynchronous and batched (LineBatch), to standard output by default. */
export function batchedLogger(level: string, dest: number | string = 1): pino.Logger {
  return pino({ level }, new LineBatch(pino.destination({ dest, sync: false })));
}

/**
 * One short log line per /api request when it finishes: id, method, path, status and time; no headers (tokens stay
 * out of logs). pino's own line (level, time, pid, hostname, then the fields and msg), but put together here from a
 * template and written straight to the logger's destination: pino-http built a child logger with serializers per
 * request, and even a plain `logger.info(obj)` walked the object to serialise it, most of the logging's cost on a
 * request that reads no data. Lines go out asynchronously, in batches (batchedLogger).
 * Null when the level logs nothing: then no request does any of this work.
 */
export function requestLog(
  level: string,
  logger: pino.Logger = batchedLogger(level),
  /** Tracing is on: the line carries the request's trace id (set by app.setup.ts's tracing hook). */
  traced = false,
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
    const [lvl, msg] = aborted
      ? ['warn', 'request aborted']
      : (statusCode ?? 0) >= 500
        ? ['error', 'request errored']
        : ['info', 'request completed'];
    if (!(lvl === 'info' ? info : lvl === 'warn' ? warn : error)) return;
    const path = url.split('?', 1)[0];
    const res = statusCode === undefined ? '{}' : `{"statusCode":${statusCode}}`;
    const time = ms === undefined ? '' : `,"responseTime":${Math.round(ms)}`;
    const trace = traced && request.traceId ? `,"traceId":"${request.traceId}"` : '';
    stream.write(
      `{"level":${values[lvl]},"time":${Date.now()}${bindings},"req":{"id":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(path)}},"res":${res}${time}${trace},"msg":"${msg}"}\n`,
    );
  };
}
