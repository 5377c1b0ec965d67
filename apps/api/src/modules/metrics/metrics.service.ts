import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';

/** What money outcomes are counted: kasuwa_payments_total, kasuwa_payouts_total, kasuwa_refunds_total. */
export type MoneyFlow = 'payments' | 'payouts' | 'refunds';

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The process's Prometheus registry (its own, not prom-client's global one, so two apps in one test process do not
 * collide). Per request the cost is one histogram observation; pool and process figures are read only when scraped.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  /** The histogram's child per method, route and status: found by one string key, not by hashing a label object per request. */
  private readonly latencyBy = new Map<string, { observe(seconds: number): void }>();
  private readonly money: Record<MoneyFlow, Counter<'outcome'>>;

  constructor(@InjectDataSource() db: DataSource, @Inject(APP_CONFIG) cfg: AppConfig) {
    this.registry.setDefaultLabels({ role: cfg.scale.role });
    collectDefaultMetrics({ register: this.registry });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    const pool = (): PgPool | undefined => (db.driver as unknown as { master?: PgPool }).master;
    const gauge = (name: string, help: string, read: (p: PgPool) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const p = pool();
          if (p) this.set(read(p));
        },
      });
    gauge('db_pool_in_use', 'Pooled Postgres connections running a query or transaction', (p) => p.totalCount - p.idleCount);
    gauge('db_pool_idle', 'Pooled Postgres connections open and idle', (p) => p.idleCount);
    gauge('db_pool_waiting', 'Requests waiting for a pooled Postgres connection', (p) => p.waitingCount);
    gauge('db_pool_max', 'DATABASE_POOL_SIZE', () => cfg.scale.poolSize);
    const counter = (flow: MoneyFlow, what: string) =>
      new Counter({
        name: `kasuwa_${flow}_total`,
        help: `${what} by outcome, counted once per effect as it commits (a replayed webhook or retried job that finds it done counts nothing)`,
        labelNames: ['outcome'],
        registers: [this.registry],
      });
    this.money = {
      payments: counter('payments', 'Payments settled (paid; refund_due: money taken that paid nothing; failed; abandoned)'),
      payouts: counter('payouts', 'Payout transfers settled (success, failed, reversed; otp and unknown need an admin)'),
      refunds: counter('refunds', 'Refunds settled (processed, failed)'),
    };
  }

  /** Counts a money outcome. Call it after the transaction that applied it has committed, and only if it changed something. */
  moneyOutcome(flow: MoneyFlow, outcome: string): void {
    this.money[flow].inc({ outcome });
  }

  /**
   * Times a finished request, labelled with the matched route pattern (never the raw path): `unmatched` for an /api
   * path no route serves, `web` for the apps and files. Called from the app's onResponse hook.
   */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const pattern = request.routeOptions.url;
    const route = pattern && !pattern.endsWith('*') ? pattern : request.url.startsWith('/api/') ? 'unmatched' : 'web';
    const status = reply.raw.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let child = this.latencyBy.get(key);
    if (!child) {
      child = this.latency.labels({ method: request.method, route, status: String(status) });
      // Bounded: routes × methods × statuses is small, but a flood of odd methods must not grow it forever.
      if (this.latencyBy.size < 5000) this.latencyBy.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
  }
}
