import { Logger } from '@nestjs/common';

/** Due rows read per scan. */
export const DUE_BATCH = 500;

/**
 * After each chunk, the sweep rests as long as the chunk took: the job takes at most half of the time it runs, and
 * when the machine is busy its chunks take longer and it rests longer with them. On 2 cores, 10,000 orders due at once
 * move in about 35 s while the search p95 stays within 20% of idle (npm run bench:money); running chunks back to back
 * took half the time but added 20–30% to the search p95, two at a time 40%.
 */
const REST_PER_WORK = 1;

/**
 * Works through everything a deadline made due: `scan` reads the next batch (leaving out the ids in `skip`), cut into
 * chunks of `chunk` rows; `move` applies one chunk's transitions (in its own transaction, or one per row) and answers
 * the ids it moved, one chunk at a time. A row not moved (another worker had it, it is no longer due, or it failed) is
 * not read again in this run. Returns the ids moved.
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
  let rest = 0;
  for (;;) {
    const rows = await scan(skip);
    if (!rows.length) return done;
    for (let i = 0; i < rows.length; i += chunk) {
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      const part = rows.slice(i, i + chunk);
      const started = performance.now();
      let moved: number[] = [];
      try {
        moved = await move(part);
      } catch (err) {
        logger.error(`${what} of order(s) ${part.map((r) => r.id).join(', ')} failed: ${(err as Error).message}`);
      }
      rest = (performance.now() - started) * REST_PER_WORK;
      done.push(...moved);
      const movedSet = new Set(moved);
      skip.push(...part.map((r) => r.id).filter((id) => !movedSet.has(id)));
    }
  }
}
