import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type Redis from 'ioredis';

type Record = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Rate-limit counters in Redis, shared by every replica. If Redis stops answering, a sign-in must not become a 500:
 * the counts fall back to this process's memory (each replica then limits on its own) until Redis is back.
 */
export class SharedRateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly shared: ThrottlerStorageRedisService;
  private local?: ThrottlerStorageService;
  private degraded = false;

  constructor(redis: Redis) {
    this.shared = new ThrottlerStorageRedisService(redis);
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<Record> {
    try {
      const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      if (this.degraded) this.logger.log('Redis answers again: rate limits are shared once more');
      this.degraded = false;
      return record;
    } catch (err) {
      if (!this.degraded) this.logger.error(`Redis did not answer (${(err as Error).message}): counting rate limits in this process`);
      this.degraded = true;
      this.local ??= new ThrottlerStorageService();
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  onApplicationShutdown(): void {
    this.local?.onApplicationShutdown();
  }
}
