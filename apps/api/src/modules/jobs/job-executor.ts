import type PgBoss from 'pg-boss';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * pg-boss speaks to Postgres through a `{ executeSql }` object. These run its SQL on the app's own TypeORM pool (no
 * second pool per process) or inside a caller's transaction, so a job is enqueued if and only if its cause commits.
 */
/** An answer without `rows`: pg-boss reads it as nothing fetched (fetch) and nothing changed (complete, fail). */
const NO_ANSWER = Object.freeze({}) as { rows: any[] };

export function poolExecutor(db: DataSource): PgBoss.Db & { close(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  return {
    executeSql(text: string, values: unknown[]) {
      // After close (the app's pool is about to be destroyed), pg-boss's own late calls get an empty answer instead of
      // a rejection nobody catches: pg-boss 10 does not await the `complete`/`fail` of a handler that ends while it
      // stops, and a fetch in flight at stop may still hand over a job. Such a job stays active, expires and is retried
      // elsewhere (jobs are idempotent). JobsService.send refuses before this point, so no enqueue is dropped silently.
      if (closed) return Promise.resolve(NO_ANSWER);
      const query = (async () => {
        const runner = db.createQueryRunner('master');
        try {
          return await run(runner, text, values);
        } finally {
          await runner.release();
        }
      })();
      running.add(query);
      void query.catch(() => undefined).finally(() => running.delete(query));
      return query;
    },
    /** Lets the statements already sent finish, then answers every later one with no rows. */
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}

/** The executor of a transaction's EntityManager (from `db.transaction(async (em) => …)`). */
export function transactionExecutor(em: EntityManager): PgBoss.Db {
  const runner = em.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('jobs.send({ em }) needs the EntityManager of an open transaction');
  return { executeSql: (text: string, values: unknown[]) => run(runner, text, values) };
}

async function run(runner: QueryRunner, text: string, values: unknown[]): Promise<{ rows: any[] }> {
  const result = await runner.query(text, values, true);
  return { rows: result.records ?? [] };
}
