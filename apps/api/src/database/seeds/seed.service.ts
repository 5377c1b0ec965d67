import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccountsSeed } from './accounts.seed';
import { CatalogSeed } from './catalog.seed';

/** A named, versioned piece of demo data. It runs once: its key is recorded in app_meta in the same transaction. */
export interface DemoSeed {
  readonly key: string;
  run(em: EntityManager): Promise<void>;
}

/** The demo data (SEED_DEMO, on by default outside tests), each seed once per database; start-up step 3 (StartupService). */
@Injectable()
export class SeedService {
  private readonly logger = new Logger(SeedService.name);
  /** In order: the listings need their sellers. */
  private readonly seeds: DemoSeed[];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    accounts: AccountsSeed,
    catalog: CatalogSeed,
  ) {
    this.seeds = [accounts, catalog];
  }

  async runAll(): Promise<void> {
    for (const seed of this.seeds) {
      await this.db.transaction(async (em) => {
        // The advisory lock keeps two processes starting at once from seeding twice.
        await em.query(`SELECT pg_advisory_xact_lock(8472001)`);
        const done = await em.query<unknown[]>(`SELECT 1 FROM app_meta WHERE key = $1`, [seed.key]);
        if (done.length) return;
        await seed.run(em);
        await em.query(`INSERT INTO app_meta (key, value) VALUES ($1, now()::text)`, [seed.key]);
        this.logger.log(`Seeded ${seed.key}`);
      });
    }
  }
}
