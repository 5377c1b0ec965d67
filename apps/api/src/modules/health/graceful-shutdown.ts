import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '../../config/app.config';
import { LifecycleService } from './lifecycle.service';

/**
 * SIGTERM, in order: readiness answers 503 at once; after SHUTDOWN_DELAY_MS (time for a load balancer to notice) the
 * server stops accepting connections; requests in flight finish (idle keep-alive connections are closed as they free
 * up, the rest cut after SHUTDOWN_TIMEOUT_MS); then Nest closes the modules (timers, pool, Redis).
 */
export async function gracefulStop(app: INestApplication, cfg: AppConfig): Promise<void> {
  app.get(LifecycleService).beginShutdown();
  if (cfg.scale.shutdownDelayMs) await sleep(cfg.scale.shutdownDelayMs);
  const server = app.getHttpServer() as Server;
  if (server.listening) {
    await new Promise<void>((resolve) => {
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const cut = setTimeout(() => server.closeAllConnections(), cfg.scale.shutdownTimeoutMs);
      server.close(() => {
        clearInterval(idle);
        clearTimeout(cut);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
  await app.close();
}
