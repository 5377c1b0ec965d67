import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app.config';

/** What is used here of a pg Pool (TypeORM's Postgres driver keeps one for the primary and one per replica). */
export interface PgPool {
  query<R = unknown>(config: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * How far a standby is behind, in seconds: 0 while its WAL receiver streams and it has replayed all it received;
 * otherwise the age of the last transaction it replayed (a standby cut off from its primary looks older every second,
 * so it is skipped once that passes the limit, even when the primary is idle). 0 on a server that is not a standby.
 */
const LAG_SQL = `SELECT CASE WHEN NOT pg_is_in_recovery() THEN 0
  WHEN (SELECT status FROM pg_stat_wal_receiver) = 'streaming' AND pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0) END::float8 AS lag`;

/**
 * Errors that say the server or the connection is gone (not that the statement was wrong): the read is tried on the
 * primary, and the replica is skipped until a probe finds it back. Class 08 (connection), 57P0x (shutdown / cannot
 * connect now), 40001 on a standby (cancelled by a conflict with recovery), and socket errors.
 */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^08|^57P0[1-4]$|^40001$|^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH|TIMEDOUT)$/.test(code)) return true;
  return /Connection terminated|connection timeout|terminating connection|the database system is (starting up|shutting down|in recovery mode)/i.test(
    String(e?.message ?? ''),
  );
}

/**
 * Which DATABASE_READ_URL replica a read goes to. Each is probed every DATABASE_READ_PROBE_MS (lag and a round trip);
 * one that errors or lags beyond DATABASE_READ_MAX_LAG is skipped until a probe finds it healthy again, and a read
 * that meets a dead replica is marked down at once and answered by the primary. With no healthy replica, every read
 * goes to the primary: the site stays up, only slower.
 */
@Injectable()
export class ReplicaRouter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ReplicaRouter.name);
  private readonly healthy = new Map<PgPool, boolean>();
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.replicas().length) return;
    for (const pool of this.replicas()) this.healthy.set(pool, true);
    this.timer = setInterval(() => void this.probe(), this.cfg.scale.readProbeMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  get primary(): PgPool {
    return (this.db.driver as unknown as { master: PgPool }).master;
  }

  /** A healthy replica (at random), or the primary when there is none. */
  pick(): PgPool {
    const replicas = this.replicas();
    if (!replicas.length) return this.primary;
    const up = replicas.filter((p) => this.healthy.get(p) !== false);
    return up.length ? up[Math.floor(Math.random() * up.length)] : this.primary;
  }

  /** A read on `pool` met a dead server: skip it until a probe finds it back. */
  markDown(pool: PgPool, err: unknown): void {
    if (pool === this.primary || this.healthy.get(pool) === false) return;
    this.healthy.set(pool, false);
    this.logger.warn(`Read replica ${this.replicas().indexOf(pool) + 1} skipped: ${(err as Error).message}`);
  }

  /** Runs a read on a replica; if the replica is gone, marks it down and runs the read on the primary instead. */
  async read<T>(run: (pool: PgPool) => Promise<T>): Promise<T> {
    const pool = this.pick();
    try {
      return await run(pool);
    } catch (err) {
      if (pool === this.primary || !isConnectionError(err)) throw err;
      this.markDown(pool, err);
      return run(this.primary);
    }
  }

  /** `off` without replicas; `up` when every replica serves; `degraded` when any is skipped (reads then go elsewhere). */
  status(): 'off' | 'up' | 'degraded' {
    const replicas = this.replicas();
    if (!replicas.length) return 'off';
    return replicas.every((p) => this.healthy.get(p) !== false) ? 'up' : 'degraded';
  }

  /** Asks every replica how far behind it is (a dead one fails the question): the skip list follows the answers. */
  async probe(): Promise<void> {
    await Promise.all(
      this.replicas().map(async (pool, i) => {
        let ok = false;
        let why = '';
        try {
          const { rows } = await withTimeout(pool.query<{ lag: number }>(LAG_SQL), this.cfg.scale.readProbeMs);
          const lag = Number(rows[0].lag);
          ok = lag <= this.cfg.scale.readMaxLagSeconds;
          why = `${lag.toFixed(1)} s behind the primary`;
        } catch (err) {
          why = (err as Error).message;
        }
        const was = this.healthy.get(pool) !== false;
        this.healthy.set(pool, ok);
        if (was !== ok) this.logger.warn(`Read replica ${i + 1} ${ok ? 'back in use' : `skipped: ${why}`}`);
      }),
    );
  }

  private replicas(): PgPool[] {
    return (this.db.driver as unknown as { slaves?: PgPool[] }).slaves ?? [];
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
