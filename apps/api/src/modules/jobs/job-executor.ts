import type PgBoss from 'pg-boss';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * pg-boss speaks to Postgres through a `{ executeSql }` object. These run its SQL on the app's own TypeORM pool (no
 * second pool per process) or inside a caller's transaction, so a job is enqueued if and only if its cause commits.
 */
export function poolExecutor(db: DataSource): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const runner = db.createQueryRunner('master');
      try {
        return await run(runner, text, values);
      } finally {
        await runner.release();
      }
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
