import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';

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
  }

  /** Express middleware: times every request and labels it with the matched route pattern (never the raw path). */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : req.path.startsWith('/api/') ? 'unmatched' : 'web';
      this.latency.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
