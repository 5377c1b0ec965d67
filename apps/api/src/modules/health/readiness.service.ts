import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { REDIS, RedisClient } from '../redis/redis.module';
import { LifecycleService } from './lifecycle.service';

export type Check = 'up' | 'down' | 'pending' | 'off';
export interface Readiness {
  ready: boolean;
  checks: { db: Check; redis: Check; migrations: Check; shutdown: 'no' | 'yes' };
}

const CHECK_TIMEOUT_MS = 2_000;

/** What a load balancer asks before sending traffic: database and Redis answer, migrations applied, not shutting down. */
@Injectable()
export class ReadinessService {
  /** Once every migration is seen applied it stays so (a later deploy's new migrations belong to the new code). */
  private migrated = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly lifecycle: LifecycleService,
  ) {}

  async check(): Promise<Readiness> {
    const [db, redis, migrations] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      this.redis ? probe(() => this.redis!.ping()) : Promise.resolve<Check>('off'),
      this.migrationsDone(),
    ]);
    const shutdown = this.lifecycle.shuttingDown ? 'yes' : 'no';
    return { ready: db === 'up' && redis !== 'down' && migrations === 'up' && shutdown === 'no', checks: { db, redis, migrations, shutdown } };
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
