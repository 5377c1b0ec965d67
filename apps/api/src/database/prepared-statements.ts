import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { hash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { PgPool, ReplicaRouter } from './replica-router';

/** The prepared statement's name for a fixed SQL text: derived from the text, so one text never has two names (pg refuses a name reused for another text). */
export const statementName = (text: string): string => `k_${hash('sha1', text, 'hex').slice(0, 24)}`;

/**
 * The hottest fixed statements (a listing by id, the token check, the signed-in profile, a listing's meta tags) as
 * named prepared statements, sent straight to TypeORM's pg pools: Postgres parses and plans each one once per pooled
 * connection instead of on every request. For a listing joined with its seller, parsing and planning were about two
 * thirds of Postgres's CPU per request (0.27 → 0.085 ms; product by id 2,700 → 4,300 req/s on 2 cores).
 *
 * Only for lookups whose best plan does not depend on the values (by key): after five runs Postgres may keep one generic
 * plan for every value. Search is never prepared: its plans depend on the words, filters and sample (measured at 10k
 * listings, the count-and-page statement prepared: 3.0 ms of backend CPU a search for one word against 2.0 unprepared,
 * 8.7 against 3.5 for two words, once Postgres had switched to the generic plan).
 * DATABASE_PREPARED_STATEMENTS=false sends the same statements unnamed, for a pooler between Kasuwa and Postgres that
 * cannot keep prepared statements (PgBouncer in transaction mode before 1.21, or without `max_prepared_statements`).
 */
@Injectable()
export class PreparedStatements {
  private readonly names = new Map<string, string>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly router: ReplicaRouter,
  ) {}

  /** The rows of `text` from the primary: reads that must see the latest write (a signed-in caller's own data). */
  primary<T>(text: string, values: unknown[]): Promise<T[]> {
    return this.run(this.pools().master, text, values);
  }

  /** The rows of `text` from a healthy DATABASE_READ_URL replica (ReplicaRouter), or the primary: reads that may lag a moment. */
  replica<T>(text: string, values: unknown[]): Promise<T[]> {
    return this.router.read((pool) => this.run(pool, text, values));
  }

  private pools(): { master: PgPool } {
    return this.db.driver as unknown as { master: PgPool };
  }

  private async run<T>(pool: PgPool, text: string, values: unknown[]): Promise<T[]> {
    let name: string | undefined;
    if (this.cfg.scale.preparedStatements) {
      name = this.names.get(text);
      if (!name) this.names.set(text, (name = statementName(text)));
    }
    return (await pool.query<T>({ name, text, values })).rows;
  }
}
