import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being served, for code that has no handle on it (the Nest logger): entered in the first onRequest hook
 * with the Fastify request itself as the store, so that no object is made per request.
 */
export const requestContext = new AsyncLocalStorage<{ readonly id: string }>();

/**
 * Whether AsyncLocalStorage rides on V8's continuation data (AsyncContextFrame: Node 24's default, Node 22's
 * --experimental-async-context-frame). Otherwise it works through async hooks, which run JavaScript for every promise
 * of every request once any store is entered: on Node 20, ~20% more CPU on a request that reads no data (bench:http).
 */
export function cheapAsyncContext(
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
  version = process.versions.node,
): boolean {
  const flags = [...execArgv, ...nodeOptions.split(/\s+/)];
  if (flags.includes('--no-async-context-frame')) return false;
  return Number(version.split('.')[0]) >= 24 || flags.includes('--experimental-async-context-frame');
}

/**
 * LOG_REQUEST_ID: `on` always enters the request's store; `off` never; `auto` when it costs little — with tracing on
 * (OpenTelemetry's context already runs on the same machinery) or on a Node whose context is frame-based.
 */
export function tagsLogsWithRequestId(setting: 'auto' | 'on' | 'off', tracingOn: boolean): boolean {
  return setting === 'on' || (setting === 'auto' && (tracingOn || cheapAsyncContext()));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's trace id while tracing is on (app.setup.ts decorates requests with it only then). */
    traceId?: string;
  }
}
