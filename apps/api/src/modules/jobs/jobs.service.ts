import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import { Counter, Gauge } from 'prom-client';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { MetricsService } from '../metrics/metrics.service';
import { tracing } from '../../telemetry';
import { poolExecutor, transactionExecutor } from './job-executor';
import type { JobName, JobPayloads } from './job-names';

export type { JobName, JobPayloads, NoData } from './job-names';

type PoolExecutor = ReturnType<typeof poolExecutor>;

/** pg-boss keeps its tables in this schema of the app's database (created and upgraded by pg-boss itself, under its own lock). */
export const JOBS_SCHEMA = 'pgboss';

/** Where a job sent inside a traced request or job carries its W3C traceparent (its run gets the data without it). */
export const TRACEPARENT_KEY = '_traceparent';

/**
 * One kind of background job. A job may run more than once (a retry after a failure, a worker killed mid-job), so
 * `run` must apply its effect once: a conditional update (`… WHERE status = 'queued'`), a unique key, or a check
 * of what is already done.
 */
export interface JobDefinition<N extends JobName = JobName> {
  /** Queue name, from the list of jobs (job-names.ts). */
  name: N;
  run(data: JobPayloads[N], job: { id: string; retryCount: number }): Promise<void>;
  /** Retries after a failure (default 5), first after retryDelaySeconds (default 10), doubling each time (backoff, default true). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** Runs on its own: enqueued once per this many seconds across every worker, and never two at once. */
  everySeconds?: number;
}

export interface SendOptions {
  /** The EntityManager of the caller's transaction: the job exists if and only if that transaction commits. */
  em?: EntityManager;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** While a job with this key is queued for the slot, another send of it is dropped (returns null). */
  singletonKey?: string;
  /** With singletonKey: at most one job per key in each slot of this many seconds (clock-aligned); more sends are dropped. */
  singletonSeconds?: number;
}

/**
 * Durable jobs on pg-boss in the app's own Postgres (no extra server; the embedded default works as is). Every role
 * can send; only roles `all` and `worker` run jobs and periodic work, from start-up step 4 (StartupService.start). Owners
 * define their jobs in their constructor (see the README, "Background jobs").
 */
@Injectable()
export class JobsService implements OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly defs = new Map<string, JobDefinition>();
  private readonly timers: NodeJS.Timeout[] = [];
  private boss?: PgBoss;
  private executor?: PoolExecutor;
  /** Set once pg-boss has stopped: a send that is not part of a caller's transaction is refused from then on. */
  private closed = false;
  private started?: Promise<PgBoss>;
  private working?: Promise<void>;
  private readonly completed: Counter<'queue'>;
  private readonly failed: Counter<'queue'>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    metrics: MetricsService,
  ) {
    const registers = [metrics.registry];
    this.completed = new Counter({
      name: 'jobs_completed_total',
      help: 'Jobs run to completion by this process',
      labelNames: ['queue'],
      registers,
    });
    this.failed = new Counter({
      name: 'jobs_failed_total',
      help: 'Job runs that threw in this process (each is retried until its limit)',
      labelNames: ['queue'],
      registers,
    });
    const jobs = this;
    new Gauge({
      name: 'jobs_queued',
      help: 'Jobs in the database by queue and state (created, retry, active; failed = out of retries)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const r of await jobs.depth().catch(() => [])) this.set({ queue: r.name, state: r.state }, r.n);
      },
    });
  }

  /** Adds a kind of job. Call it from the owner's constructor, before the app starts. */
  define<N extends JobName>(def: JobDefinition<N>): void {
    if (this.defs.has(def.name)) throw new Error(`Job ${def.name} is defined twice`);
    if (this.started) throw new Error(`Job ${def.name} defined after the job queue started: define it in the owner's constructor`);
    this.defs.set(def.name, def as unknown as JobDefinition);
  }

  /** Enqueues a job; with `em`, inside the caller's transaction. Returns its id (null when a singleton key dropped it). */
  async send<N extends JobName>(name: N, data: JobPayloads[N], opts: SendOptions = {}): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`No job named ${name}`);
    if (this.closed && !opts.em) throw new Error(`Job ${name} not sent: the job queue has shut down`);
    const boss = await this.ready();
    const traceparent = tracing?.traceparent();
    return boss.send(name, traceparent ? { ...data, [TRACEPARENT_KEY]: traceparent } : data, {
      db: opts.em ? transactionExecutor(opts.em) : undefined,
      startAfter: opts.startAfterSeconds,
      singletonKey: opts.singletonKey,
      singletonSeconds: opts.singletonSeconds,
    });
  }

  /** Enqueues one job per payload in one statement, inside the caller's transaction (a batch that thousands of rows cause). */
  async sendMany<N extends JobName>(name: N, data: JobPayloads[N][], em: EntityManager): Promise<void> {
    if (!this.defs.has(name)) throw new Error(`No job named ${name}`);
    if (!data.length) return;
    const boss = await this.ready();
    const traceparent = tracing?.traceparent();
    await boss.insert(
      data.map((d) => ({ name, data: traceparent ? { ...d, [TRACEPARENT_KEY]: traceparent } : d })),
      { db: transactionExecutor(em) },
    );
  }

  /**
   * Start-up step 4: the queues exist (every role sends), and roles `all` and `worker` start working them and offering
   * the periodic work. Idempotent.
   */
  start(): Promise<void> {
    this.working ??= this.ready().then(async (boss) => {
      if (this.cfg.scale.runsBackground) for (const def of this.defs.values()) await this.work(boss, def);
    });
    return this.working;
  }

  /** Stops taking jobs and waits (up to SHUTDOWN_TIMEOUT_MS) for the running ones; what is left is retried elsewhere. */
  async onModuleDestroy(): Promise<void> {
    this.timers.forEach(clearInterval);
    if (!this.boss || !this.started) return;
    await Promise.all([this.started, this.working]).catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.cfg.scale.shutdownTimeoutMs });
    // pg-boss's last statements (a job's completion, a fetch in flight) finish before the app's pool goes away.
    this.closed = true;
    await this.executor?.close();
  }

  private ready(): Promise<PgBoss> {
    this.started ??= this.connect();
    return this.started;
  }

  private async connect(): Promise<PgBoss> {
    const background = this.cfg.scale.runsBackground;
    const jc = this.cfg.scale.jobs;
    this.executor = poolExecutor(this.db);
    const boss = new PgBoss({
      db: this.executor,
      schema: JOBS_SCHEMA,
      migrate: true,
      supervise: background,
      schedule: background,
      maintenanceIntervalSeconds: jc.maintenanceSeconds,
      expireInSeconds: jc.expireSeconds,
    });
    boss.on('error', (err: Error) => this.logger.error(`pg-boss: ${err.message}`));
    this.boss = boss;
    // pg-boss creates its schema on first start: two processes starting at once on an empty database would both try
    // (a duplicate pg_namespace key), so its start and the queue creation below take turns under one advisory lock.
    await this.inTurn(async () => {
      await boss.start();
      await this.createQueues(boss);
    });
    return boss;
  }

  /** Runs `fn` while holding a Postgres advisory lock (on one pooled session): processes starting together take turns. */
  private async inTurn(fn: () => Promise<void>): Promise<void> {
    const runner = this.db.createQueryRunner('master');
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtext('kasuwa:pgboss:create-queues'))`);
      await fn();
    } finally {
      // runner.manager: the same session (the lock's), with a type argument (QueryRunner.query takes none).
      await runner.manager
        .query<{ pg_advisory_unlock: boolean }[]>(`SELECT pg_advisory_unlock(hashtext('kasuwa:pgboss:create-queues'))`)
        .catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * Creates the queues this process knows and the database lacks (inside `inTurn`): creating one attaches a partition to
   * pg-boss's job table, and two processes doing so at once deadlock.
   */
  private async createQueues(boss: PgBoss): Promise<void> {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const def of this.defs.values()) {
      if (existing.has(def.name)) continue;
      await boss.createQueue(def.name, {
        name: def.name,
        policy: def.everySeconds ? 'singleton' : 'standard',
        retryLimit: def.retryLimit ?? 5,
        retryDelay: def.retryDelaySeconds ?? 10,
        retryBackoff: def.backoff ?? true,
        expireInSeconds: this.cfg.scale.jobs.expireSeconds,
      });
    }
  }

  private async work(boss: PgBoss, def: JobDefinition<any>): Promise<void> {
    await boss.work(
      def.name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.cfg.scale.jobs.pollSeconds },
      async (jobs) => {
        for (const job of jobs) {
          const { [TRACEPARENT_KEY]: traceparent, ...data } = (job.data ?? {}) as Record<string, unknown>;
          const run = () => def.run(data, { id: job.id, retryCount: job.retryCount });
          try {
            // With tracing, a span `job <name>` in the trace of the request that sent it.
            await (tracing ? tracing.job(def.name, job.id, traceparent as string | undefined, run) : run());
            this.completed.inc({ queue: def.name });
          } catch (err) {
            this.failed.inc({ queue: def.name });
            this.logger.warn(`Job ${def.name} ${job.id} failed (try ${job.retryCount + 1}): ${(err as Error).message}`);
            throw err;
          }
        }
      },
    );
    if (!def.everySeconds) return;
    const every = def.everySeconds;
    // Every worker offers the tick; pg-boss keeps one per time slot (a throttle key), so the work runs once per period.
    const tick = () =>
      void boss.sendThrottled(def.name, {}, {}, every, 'tick').catch((err: Error) => this.logger.warn(`${def.name}: ${err.message}`));
    // A worker that starts also runs the work once at once, outside the slots: another process's tick may already hold
    // this period's slot, and a restarted worker must not wait up to a whole period (periodic work is idempotent).
    void boss.send(def.name, {}).catch((err: Error) => this.logger.warn(`${def.name}: ${err.message}`));
    const timer = setInterval(tick, every * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  /** Jobs waiting, running or out of retries, per queue: what /api/metrics shows. */
  private async depth(): Promise<{ name: string; state: string; n: number }[]> {
    if (!this.started) return [];
    return this.db.query<{ name: string; state: string; n: number }[]>(
      `SELECT name, state::text AS state, count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`,
    );
  }
}
