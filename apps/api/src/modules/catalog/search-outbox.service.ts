import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobsService } from '../jobs/jobs.service';
import { SearchOutbox } from './entities/search-outbox.entity';
import { ListingChange, SEARCH_ENGINE, SearchEngine } from './search-engine';

const BATCH = 1_000;
export const SEARCH_OUTBOX_JOB = 'search-outbox';

/**
 * Drains search_outbox into the search engine every few seconds (one worker at a time). Rows leave the outbox in the
 * transaction that applied them: if the engine fails, they stay and the next run tries again (apply is idempotent).
 */
@Injectable()
export class SearchOutboxService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    jobs: JobsService,
  ) {
    jobs.define({ name: SEARCH_OUTBOX_JOB, everySeconds: 5, retryLimit: 0, run: async () => void (await this.drain()) });
  }

  /**
   * Applies every pending change; returns how many outbox rows it took. Each batch starts after the last one's
   * highest id: from the head, every batch walked the index entries of the rows the batches before it had deleted
   * (until a vacuum), so a bulk load's backlog of millions cost ~32 ms a batch instead of ~14 (5M listings). A change
   * committed meanwhile under a lower id is taken by the next run, which starts from the head again.
   */
  async drain(): Promise<number> {
    let total = 0;
    let after = '0';
    for (;;) {
      const n = await this.db.transaction(async (em) => {
        // A DELETE answers [rows, count] (TypeORM's postgres driver).
        const [rows] = await em.query<[Pick<SearchOutbox, 'id' | 'productId' | 'op'>[], number]>(
          `DELETE FROM search_outbox WHERE id IN (
             SELECT id FROM search_outbox WHERE id > $1 ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
           RETURNING id, product_id AS "productId", op`,
          [after],
        );
        // The last change of each listing is the one that counts (rows come back in no set order: sort by id).
        const last = new Map<number, ListingChange['op']>();
        for (const r of rows.sort((a, b) => Number(a.id) - Number(b.id))) last.set(r.productId, r.op);
        if (rows.length) after = String(rows[rows.length - 1].id);
        await this.engine.apply([...last].map(([productId, op]) => ({ productId, op })));
        return rows.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }
}
