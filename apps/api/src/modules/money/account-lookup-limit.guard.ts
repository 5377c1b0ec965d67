import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, normalizeIp, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { Actor } from '../../common/auth.decorators';
import { DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { redisNamespace } from '../redis/redis.module';

const HOUR_MS = 3_600_000;

/**
 * Rule "account-name lookups are rate limited": each answers a bank account holder's name (and, uncached, is a paid
 * Paystack call), so a user and a client address get ACCOUNT_LOOKUP_LIMIT_PER_USER / _PER_CLIENT an hour. Every lookup
 * counts, cached or not: a cached name is still a name. The counters live in the throttler's storage (Redis with
 * REDIS_URL, shared by every replica; this process's memory otherwise). Put it after the sign-in guard (user routes).
 */
@Injectable()
export class AccountLookupLimitGuard implements CanActivate {
  private readonly ns: string;

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    this.ns = `${redisNamespace(cfg)}account-lookup`;
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const http = ctx.switchToHttp();
    const req = http.getRequest<FastifyRequest & { user?: Actor }>();
    const { perUserPerHour, perClientPerHour } = this.cfg.money.accountLookup;
    const counters = [
      { name: 'user', tracker: String(req.user?.id), limit: perUserPerHour, who: 'your account' },
      { name: 'client', tracker: normalizeIp(req.ip), limit: perClientPerHour, who: 'this network address' },
    ];
    for (const c of counters) {
      // Hashed like the throttler's own keys: Redis holds no user id or address in the clear.
      const key = `${this.ns}:${createHash('sha256').update(`${c.name}:${c.tracker}`).digest('hex')}`;
      const hit = await this.storage.increment(key, HOUR_MS, c.limit, HOUR_MS, 'account-lookup');
      if (!hit.isBlocked) continue;
      http.getResponse<FastifyReply>().header('Retry-After', String(hit.timeToBlockExpire));
      throw new DomainError(
        'RATE_LIMITED',
        `Too many account-name lookups from ${c.who} (${c.limit} an hour). Please try again in ${Math.ceil(hit.timeToBlockExpire / 60)} minutes.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    return true;
  }
}
