import type { NextFunction, Request, Response } from 'express';

/** What a worker (KASUWA_ROLE=worker) answers over HTTP: health for its supervisor and metrics for Prometheus. */
const WORKER_PATHS = /^\/api\/(health(\/|$)|metrics$)/;

/** Express middleware for a worker: everything but health and metrics is a 404, so a mis-routed client never lands here. */
export function workerHttpGate(req: Request, res: Response, next: NextFunction): void {
  if (WORKER_PATHS.test(req.path)) return next();
  res.status(404).json({ message: 'Not found: this is a background worker (KASUWA_ROLE=worker); it serves only /api/health and /api/metrics', code: 'WORKER_ONLY' });
}
