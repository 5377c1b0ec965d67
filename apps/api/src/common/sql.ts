import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs one statement and returns its rows and affected count. TypeORM's postgres `query()` answers UPDATE and
 * DELETE with `[rows, rowCount]` but everything else with just the rows; this hides the difference.
 */
export async function exec<T = Record<string, unknown>>(db: DataSource | EntityManager, sql: string, params: unknown[] = []): Promise<{ rows: T[]; count: number }> {
  const res = await db.query(sql, params);
  // Rows are objects, never arrays, so `[array, number]` can only be the UPDATE/DELETE tuple.
  if (Array.isArray(res) && res.length === 2 && Array.isArray(res[0]) && typeof res[1] === 'number') {
    return { rows: res[0] as T[], count: Number(res[1]) };
  }
  const rows = (Array.isArray(res) ? res : []) as T[];
  return { rows, count: rows.length };
}

/** `ILIKE` pattern for a user's search text (escapes %, _ and \). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** page/limit query values → sane numbers (moved beside the other list parsing). */
export { paging } from './list-query';
