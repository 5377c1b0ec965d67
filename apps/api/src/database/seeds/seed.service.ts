import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { PasswordService } from '../../modules/auth/password.service';

/** A named, versioned piece of demo data. It runs once: its key is recorded in app_meta in the same transaction. */
export interface DemoSeed {
  key: string;
  run(em: EntityManager): Promise<void>;
}

export const DEMO_PASSWORD = 'kasuwa-demo-2026';

/** Seeds demo data once per database (SEED_DEMO, on by default outside tests). */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);
  private readonly seeds: DemoSeed[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly passwords: PasswordService,
  ) {
    this.register({ key: 'demo:accounts:v1', run: (em) => this.accounts(em) });
  }

  register(seed: DemoSeed): void {
    this.seeds.push(seed);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.cfg.db.seedDemo) await this.runAll();
  }

  async runAll(): Promise<void> {
    for (const seed of this.seeds) {
      await this.db.transaction(async (em) => {
        // The advisory lock keeps two processes starting at once from seeding twice.
        await em.query(`SELECT pg_advisory_xact_lock(8472001)`);
        const done = await em.query(`SELECT 1 FROM app_meta WHERE key = $1`, [seed.key]);
        if (done.length) return;
        await seed.run(em);
        await em.query(`INSERT INTO app_meta (key, value) VALUES ($1, now()::text)`, [seed.key]);
        this.logger.log(`Seeded ${seed.key}`);
      });
    }
  }

  /** Demo buyers and sellers, all with DEMO_PASSWORD (see README). */
  private async accounts(em: EntityManager): Promise<void> {
    const hash = await this.passwords.hash(DEMO_PASSWORD);
    const people: [string, string, string, string, 'Male' | 'Female'][] = [
      ['ada@kasuwa.test', 'Ada', 'Obi', '08031234567', 'Female'],
      ['chinedu@kasuwa.test', 'Chinedu', 'Okafor', '08051234567', 'Male'],
      ['bisi@kasuwa.test', 'Bisi', 'Adeyemi', '07061234567', 'Female'],
      ['musa@kasuwa.test', 'Musa', 'Bello', '09021234567', 'Male'],
      ['ngozi@kasuwa.test', 'Ngozi', 'Eze', '08121234567', 'Female'],
      ['tunde@kasuwa.test', 'Tunde', 'Balogun', '08091234567', 'Male'],
    ];
    for (const [email, firstName, lastName, phone, gender] of people) {
      await em.query(
        `INSERT INTO app_user (email, password_hash, first_name, last_name, phone, gender, contact_channels)
         VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT (email) DO NOTHING`,
        [email, hash, firstName, lastName, phone, gender, JSON.stringify({ WhatsApp: phone })],
      );
    }
  }
}
