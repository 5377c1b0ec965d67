import { str, url } from './config/env';

/**
 * What tracing offers the rest of the app. Null unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then nothing of
 * OpenTelemetry is loaded and the app's only cost is a null check where a span would start. Imported first by main.ts,
 * so that the instrumentations are in place before `http`, `pg` and `ioredis` are required.
 */
export interface Tracing {
  /** Names the current HTTP server span by its route and tags it with the request id; returns its trace id. */
  request(requestId: string, method: string, route: string | undefined): string | undefined;
  /** The trace id of the current span (a request's, a job's), for log lines. */
  traceId(): string | undefined;
  /** The W3C traceparent of the current span, carried in a job sent now. */
  traceparent(): string | undefined;
  /** Runs a job under a span `job <name>`, a child of the span that sent it (its traceparent) when there was one. */
  job<T>(name: string, jobId: string, traceparent: string | undefined, run: () => Promise<T>): Promise<T>;
  /** Runs an outgoing call that no instrumentation sees (fetch, SMTP) under a client span. */
  client<T>(
    name: string,
    attributes: Record<string, string | number>,
    call: (span: { setAttribute(key: string, value: string | number): unknown }) => Promise<T>,
  ): Promise<T>;
  /** Exports the spans not sent yet (at shutdown). */
  shutdown(): Promise<void>;
}

function start(): Tracing | null {
  let endpoint: string | undefined;
  try {
    endpoint = url(process.env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  } catch {
    return null; // loadConfig names the bad setting and stops the process
  }
  if (!endpoint) return null;
  // Required only here: without the setting no OpenTelemetry module is loaded at all.
  const sdk = require('./telemetry-sdk') as typeof import('./telemetry-sdk');
  return sdk.startTracing(endpoint, str(process.env, 'OTEL_SERVICE_NAME', 'kasuwa-api'));
}

export const tracing: Tracing | null = start();
