import { Global, Module } from '@nestjs/common';
import { CacheService } from './cache.service';

/** The hot-read cache every module may use (Redis-shared when REDIS_URL is set). */
@Global()
@Module({ providers: [CacheService], exports: [CacheService] })
export class CacheModule {}
