import { Logger } from '@nestjs/common';

/**
 * Due rows read per scan, and the chunk transactions run at once. Two: on 2 cores, 10,000 orders due together move in
 * under a minute while search p95 stays within 20% of idle (npm run bench:money); four was barely faster and
 * more than doubled the search p95.
 */
export const DUE_BATCH = 500;
export const DUE_CONCURRENCY = 2;

/**
 * Works through everything a deadline made due: `scan` reads the next batch (leaving out the ids in `skip`), cut into
 * chunks of `chunk` rows; `move` applies one chunk's transitions (in its own transaction, or one per row) and answers
 * the ids it moved, DUE_CONCURRENCY chunks at a time. A row not moved (another worker had it, it is no longer due, or
 * it failed) is not read again in this run. Returns the ids moved.
 */
export async function sweepDue<T extends { id: number }>(
  what: string,
  logger: Logger,
  scan: (skip: number[]) => Promise<T[]>,
  move: (rows: T[]) => Promise<number[]>,
  chunk = 1,
): Promise<number[]> {
  const done: number[] = [];
  const skip: number[] = [];
  for (;;) {
    const rows = await scan(skip);
    if (!rows.length) return done;
    const chunks: T[][] = [];
    for (let i = 0; i < rows.length; i += chunk) chunks.push(rows.slice(i, i + chunk));
    let next = 0;
    const lane = async () => {
      while (next < chunks.length) {
        const part = chunks[next++];
        let moved: number[] = [];
        try {
          moved = await move(part);
        } catch (err) {
          logger.error(`${what} of order(s) ${part.map((r) => r.id).join(', ')} failed: ${(err as Error).message}`);
        }
        done.push(...moved);
        skip.push(...part.map((r) => r.id).filter((id) => !moved.includes(id)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DUE_CONCURRENCY, chunks.length) }, lane));
  }
}
