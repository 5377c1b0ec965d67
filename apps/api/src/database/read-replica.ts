import { Injectable } from '@nestjs/common';
import { ReplicaRouter } from './replica-router';

/**
 * Reads that may lag the primary by a moment (search, listing pages, public product and seller pages) go to a healthy
 * read replica from DATABASE_READ_URL (ReplicaRouter skips one that errors or lags beyond DATABASE_READ_MAX_LAG, and
 * a read that meets a dead one is answered by the primary); without replicas, to the primary. Anything that must see
 * its own write (a seller's own listing after an edit, money, checkout) uses the DataSource, which always reads the
 * primary.
 */
@Injectable()
export class ReadReplica {
  constructor(private readonly router: ReplicaRouter) {}

  async query<T = any>(sql: string, params?: unknown[]): Promise<T> {
    return this.router.read(async (pool) => (await pool.query<unknown>(sql, params as unknown[])).rows as T);
  }
}
