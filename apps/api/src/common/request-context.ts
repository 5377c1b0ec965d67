import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request being served, for code that has no handle on it (the Nest logger): entered in the first onRequest hook
 * with the Fastify request itself as the store, so that no object is made per request.
 */
export const requestContext = new AsyncLocalStorage<{ readonly id: string }>();

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's trace id while tracing is on (app.setup.ts decorates requests with it only then). */
    traceId?: string;
  }
}
