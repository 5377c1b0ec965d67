import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { SeedService } from '../database/seeds/seed.service';
import { AdminsService } from '../modules/admins/admins.service';
import { JobsService } from '../modules/jobs/jobs.service';
import { MoneyEventsService } from '../modules/money/money-events.service';

/**
 * Kasuwa's start-up, in the order it happens, the same for every process (main.ts, the worker, the tests):
 *
 * 1. **Migrate**: pending migrations run under a Postgres advisory lock (replicas starting together run them once), or
 *    not at all with MIGRATIONS_RUN=false (readiness then waits for `npm run migrate`). They must run before the pool
 *    opens, and Nest opens the pool while it builds the modules, long before this service exists: so this one step
 *    runs in DatabaseModule's data-source factory (`runMigrationsLocked`, database/migrate.ts).
 * 2. **The first admin** (ADMIN_EMAIL), created if missing, never overwritten.
 * 3. **Demo data** (SEED_DEMO): each seed once per database, in SeedService's order.
 * 4. **Background work** (roles all|worker; role web only sends jobs): the job queues start working, periodic jobs are
 *    offered (and run once now), and the start-up reconciliation of money runs (payouts sent just before a crash are
 *    verified, refunds never sent are sent).
 *
 * Steps 2–4 run once every module is built and before the server listens (Nest's application bootstrap). Nothing
 * else starts work on its own: modules define their jobs in their constructors and leave the starting to this.
 */
@Injectable()
export class StartupService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Startup');

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly admins: AdminsService, // step 2
    private readonly seeds: SeedService, // step 3
    private readonly jobs: JobsService, // step 4
    private readonly money: MoneyEventsService, // step 4
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.admins.ensureFirstAdmin();
    if (this.cfg.db.seedDemo) await this.seeds.runAll();
    await this.startBackgroundWork();
  }

  private async startBackgroundWork(): Promise<void> {
    await this.jobs.start();
    if (!this.cfg.scale.runsBackground) return;
    // Not awaited: it may wait on Paystack, and serving must not.
    void this.money.recover().catch((err) => this.logger.error(`Money recovery failed: ${(err as Error).message}`));
  }
}
