import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { SharedRateLimitStorage } from './rate-limit.storage';

/** The shared Redis client, or null when REDIS_URL is not set (one process: in-memory fallbacks are enough). */
export const REDIS = Symbol('REDIS');
export type RedisClient = Redis | null;
/** The @nestjs/throttler storage for every replica, or null (the throttler's in-memory default) without Redis. */
export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

/** Closes the client after the HTTP server has drained, so the last requests can still count their rate limits. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.redis) return;
    // QUIT lets pending replies arrive; a client that never connected (or lost its server) is just dropped.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis?.disconnect());
    else this.redis.disconnect();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (cfg: AppConfig): RedisClient => {
        if (!cfg.scale.redisUrl) return null;
        const logger = new Logger('Redis');
        // Fail a command after a few reconnect tries rather than queue it forever: a request then errors and readiness says why.
        const client = new Redis(cfg.scale.redisUrl, {
          maxRetriesPerRequest: 3,
          connectionName: `kasuwa-${cfg.scale.role}-${process.pid}`,
        });
        let warned = false;
        client.on('error', (err) => {
          if (!warned) logger.error(`Redis at ${redacted(cfg.scale.redisUrl!)}: ${err.message}`);
          warned = true;
        });
        client.on('ready', () => (warned = false));
        return client;
      },
    },
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [REDIS],
      useFactory: (redis: RedisClient) => (redis ? new SharedRateLimitStorage(redis) : null),
    },
    RedisCloser,
  ],
  exports: [REDIS, RATE_LIMIT_STORAGE],
})
export class RedisModule {}

/**
 * `kasuwa:<12 hex>:`, the same for every process on one database: the prefix of its keys and channels in Redis, so
 * deployments (or test databases) sharing one Redis never see each other's entries, messages or rooms.
 */
export function redisNamespace(cfg: AppConfig): string {
  const db = cfg.db.url ? new URL(cfg.db.url) : undefined;
  const where = db ? `${db.hostname}:${db.port}${db.pathname}` : '';
  return `kasuwa:${createHash('sha256').update(where).digest('hex').slice(0, 12)}:`;
}

function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
