import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, normalizeIp, type ThrottlerStorage } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import { DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { redisNamespace } from '../redis/redis.module';

const HOUR_MS = 3_600_000;

/** One hourly counter: what it counts for (`number:+234…`, `user:7`, `client:1.2.3.4`), its limit and how the refusal names it. */
export interface HourlyCounter {
  tracker: string;
  limit: number;
  who: string;
}

/**
 * Rule "verification messages are rate limited": e-mail links per user and per client address, SMS codes per number
 * and per client address, each an hour. The counters live in the throttler's storage (Redis with REDIS_URL, shared by
 * every replica; this process's memory otherwise), under hashed keys: Redis holds no number or address in the clear.
 */
@Injectable()
export class VerificationLimits {
  private readonly ns: string;

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(APP_CONFIG) cfg: AppConfig,
  ) {
    this.ns = `${redisNamespace(cfg)}verification`;
  }

  /** The client part of a request's counters (its address as the throttler sees it, behind TRUST_PROXY too). */
  static client(ip: string, limit: number): HourlyCounter {
    return { tracker: `client:${normalizeIp(ip)}`, limit, who: 'this network address' };
  }

  /** Counts one message against each counter; 429 RATE_LIMITED when one is over its hourly limit. */
  async count(what: 'email-link' | 'phone-code', counters: HourlyCounter[]): Promise<void> {
    for (const c of counters) {
      const key = `${this.ns}:${createHash('sha256').update(`${what}:${c.tracker}`).digest('hex')}`;
      const hit = await this.storage.increment(key, HOUR_MS, c.limit, HOUR_MS, what);
      if (!hit.isBlocked) continue;
      const minutes = Math.max(1, Math.ceil(hit.timeToBlockExpire / 60));
      throw new DomainError(
        'RATE_LIMITED',
        `Too many ${what === 'email-link' ? 'verification e-mails' : 'SMS codes'} for ${c.who} (${c.limit} an hour). Please try again in ${minutes} minutes.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
