import type { FastifyReply } from 'fastify';

/** What a worker (KASUWA_ROLE=worker) answers over HTTP: health for its supervisor and metrics for Prometheus. */
const WORKER_PATHS = /^\/api\/(health(\/|$)|metrics$)/;

/** For a worker: everything but health and metrics is a 404, so a mis-routed client never lands here. True when it answered. */
export function workerHttpGate(path: string, reply: FastifyReply): boolean {
  if (WORKER_PATHS.test(path)) return false;
  void reply.code(404).send({
    message: 'Not found: this is a background worker (KASUWA_ROLE=worker); it serves only /api/health and /api/metrics',
    code: 'WORKER_ONLY',
  });
  return true;
}
