import { Logger } from '@nestjs/common';

/** Due rows read per scan, and moved at once (each in its own transaction; the pool keeps room for requests beside them). */
export const DUE_BATCH = 500;
export const DUE_CONCURRENCY = 4;

/**
 * Works through everything a deadline made due, DUE_CONCURRENCY at a time: `scan` reads the next batch (leaving out
 * the ids in `skip`), `move` applies one row's transition in its own transaction and answers whether it did. A row
 * `move` did not change (another worker had it, or it is no longer due) or that failed is not read again in this run.
 * Returns the ids moved.
 */
export async function sweepDue<T extends { id: number }>(
  what: string,
  logger: Logger,
  scan: (skip: number[]) => Promise<T[]>,
  move: (row: T) => Promise<boolean>,
): Promise<number[]> {
  const done: number[] = [];
  const skip: number[] = [];
  for (;;) {
    const rows = await scan(skip);
    if (!rows.length) return done;
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        try {
          if (await move(row)) done.push(row.id);
          else skip.push(row.id);
        } catch (err) {
          skip.push(row.id);
          logger.error(`${what} of order ${row.id} failed: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(DUE_CONCURRENCY, rows.length) }, lane));
  }
}
