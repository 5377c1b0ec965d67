import type { LoggerService, LogLevel } from '@nestjs/common';
import { hostname } from 'node:os';
import { tracing } from '../telemetry';
import { requestContext } from './request-context';

/** pino's numeric levels, so that these lines and the request log's read alike. */
const LEVELS: Record<LogLevel, number> = { verbose: 10, debug: 20, log: 30, warn: 40, error: 50, fatal: 60 };

type Out = { write(line: string): unknown };
const pid = process.pid;
const host = hostname();

/**
 * The Nest logger: one JSON object per line, in the request log's shape (level, time, pid, hostname), with the
 * context, the message, and the request id and trace id of the request or job it was written in, when there is one.
 * Errors and fatal lines go to standard error, the rest to standard output, as Nest's console logger does.
 */
export class JsonLogger implements LoggerService {
  private enabled: Set<LogLevel>;

  constructor(
    levels: LogLevel[],
    private readonly out: Out = process.stdout,
    private readonly err: Out = process.stderr,
  ) {
    this.enabled = new Set(levels);
  }

  setLogLevels(levels: LogLevel[]): void {
    this.enabled = new Set(levels);
  }

  log = (message: unknown, ...params: unknown[]) => this.write('log', message, params);
  warn = (message: unknown, ...params: unknown[]) => this.write('warn', message, params);
  debug = (message: unknown, ...params: unknown[]) => this.write('debug', message, params);
  verbose = (message: unknown, ...params: unknown[]) => this.write('verbose', message, params);
  error = (message: unknown, ...params: unknown[]) => this.write('error', message, params);
  fatal = (message: unknown, ...params: unknown[]) => this.write('fatal', message, params);

  /** Nest passes the context last (a Logger with a context appends it), and an error's stack before it. */
  private write(level: LogLevel, message: unknown, params: unknown[]): void {
    if (!this.enabled.has(level)) return;
    const last = params[params.length - 1];
    const failure = level === 'error' || level === 'fatal';
    // `Logger.error(message, stack)` without a context: a lone parameter with lines is the stack.
    const context = typeof last === 'string' && !(failure && last.includes('\n')) ? last : undefined;
    let stack = failure && typeof params[0] === 'string' && params[0] !== context ? params[0] : undefined;
    let msg = message;
    if (message instanceof Error) {
      msg = message.message;
      stack ??= message.stack;
    }
    const traceId = tracing?.traceId();
    const line = {
      level: LEVELS[level],
      time: Date.now(),
      pid,
      hostname: host,
      context,
      msg,
      stack,
      requestId: requestContext.getStore()?.id,
      traceId,
    };
    (failure ? this.err : this.out).write(`${JSON.stringify(line)}\n`); // fields left undefined are left out
  }
}
