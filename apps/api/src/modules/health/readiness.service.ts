import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { ReplicaRouter } from '../../database/replica-router';
import { DependencyHealth, DependencyState } from '../metrics/dependency-health';
import { REDIS, RedisClient } from '../redis/redis.module';
import { LifecycleService } from './lifecycle.service';

export type Check = 'up' | 'down' | 'pending' | 'off';
export interface Readiness {
  ready: boolean;
  /** `degraded` when an optional dependency is down: still ready (200), the site serves without it. */
  degraded: boolean;
  checks: {
    db: Check;
    migrations: Check;
    shutdown: 'no' | 'yes';
    redis: DependencyState;
    replicas: DependencyState;
    paystack: DependencyState;
    smtp: DependencyState;
  };
}

const CHECK_TIMEOUT_MS = 2_000;

/**
 * What a load balancer asks before sending traffic. Ready means what this process cannot serve without: the primary
 * database answers, migrations are applied, it is not draining. Redis (rate limits fall back to this process, the
 * cache to memory), read replicas (reads go to the primary), Paystack and SMTP (payments and mail wait and retry) are
 * reported `degraded` in the body and in `kasuwa_dependency_up`, never as not ready: a blip of one of them must not
 * take every replica out of the load balancer at once.
 */
@Injectable()
export class ReadinessService {
  /** Once every migration is seen applied it stays so (a later deploy's new migrations belong to the new code). */
  private migrated = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly lifecycle: LifecycleService,
    private readonly replicas: ReplicaRouter,
    private readonly health: DependencyHealth,
  ) {}

  async check(): Promise<Readiness> {
    const [db, redis, migrations] = await Promise.all([
      probe(() => this.db.query<unknown[]>('SELECT 1')),
      this.redis ? probe(() => this.redis!.ping()) : Promise.resolve<Check>('off'),
      this.migrationsDone(),
    ]);
    this.health.set('redis', redis === 'off' ? 'off' : redis === 'up' ? 'up' : 'degraded');
    this.health.set('replicas', this.replicas.status());
    if (!this.cfg.paystack.secretKey) this.health.set('paystack', 'off');
    if (!this.cfg.mail.smtpUrl) this.health.set('smtp', 'off');
    const shutdown = this.lifecycle.shuttingDown ? 'yes' : 'no';
    const optional = {
      redis: this.health.state('redis'),
      replicas: this.health.state('replicas'),
      paystack: this.health.state('paystack'),
      smtp: this.health.state('smtp'),
    };
    return {
      ready: db === 'up' && migrations === 'up' && shutdown === 'no',
      degraded: Object.values(optional).includes('degraded'),
      checks: { db, migrations, shutdown, ...optional },
    };
  }

  private async migrationsDone(): Promise<Check> {
    if (this.migrated) return 'up';
    try {
      this.migrated = !(await withTimeout(this.db.showMigrations()));
      return this.migrated ? 'up' : 'pending';
    } catch {
      return 'down';
    }
  }
}

async function probe(fn: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(fn());
    return 'up';
  } catch {
    return 'down';
  }
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
