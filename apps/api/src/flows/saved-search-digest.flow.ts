import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatNaira, type Product, type SavedSearchQuery } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import type { SavedSearchDigestRow, SavedSearchRow } from '../database/rows.generated';
import { ProductQueryDto } from '../modules/catalog/dto/product.dto';
import { ProductSearchService } from '../modules/catalog/product-search.service';
import { JobsService } from '../modules/jobs/jobs.service';
import { NotificationsService } from '../modules/notifications/notifications.service';

/** The digest job runs hourly; each user is e-mailed at most once per Lagos day (saved_search_digest). */
export const SAVED_SEARCH_JOB = 'saved-search-digest';

/**
 * The daily e-mail of new listings matching a user's saved searches. A flow: it runs the catalogue's search for each
 * saved search and writes the saved searches' marks with the bell and the e-mail in one transaction.
 */
@Injectable()
export class SavedSearchDigestFlow {
  private readonly logger = new Logger(SavedSearchDigestFlow.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly search: ProductSearchService,
    private readonly notifications: NotificationsService,
    jobs: JobsService,
  ) {
    jobs.define({ name: SAVED_SEARCH_JOB, everySeconds: 3600, retryLimit: 2, run: async () => void (await this.sendDigests()) });
  }

  /**
   * The daily e-mail, idempotent: a user whose digest row for today exists is skipped, so reruns and retries send
   * nothing twice. New = listed after the search was last checked. Returns how many users were e-mailed.
   */
  async sendDigests(now = new Date()): Promise<number> {
    const users = await this.db.query<Pick<SavedSearchRow, 'user_id'>[]>(
      `SELECT DISTINCT s.user_id FROM saved_search s JOIN app_user u ON u.id = s.user_id AND u.status = 'active'
        WHERE NOT EXISTS (SELECT 1 FROM saved_search_digest d WHERE d.user_id = s.user_id AND d.day = (($1::timestamptz) AT TIME ZONE 'Africa/Lagos')::date)`,
      [now],
    );
    let sent = 0;
    for (const { user_id } of users) {
      try {
        if (await this.digestFor(user_id, now)) sent += 1;
      } catch (err) {
        this.logger.error(`Saved-search digest for user ${user_id} failed: ${(err as Error).message}`);
      }
    }
    return sent;
  }

  private async digestFor(userId: number, now: Date): Promise<boolean> {
    const searches = await this.db.query<{ id: number; query: SavedSearchQuery; label: string; checked_at: Date }[]>(
      `SELECT id, query, label, checked_at FROM saved_search WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    const sections: { label: string; products: Product[] }[] = [];
    for (const s of searches) {
      const page = await this.search.search(Object.assign(new ProductQueryDto(), s.query, { sort: 'newest', limit: 10 }));
      // Near misses (listings matching only some of the words) are shown to a person searching, never sent as alerts.
      if (page.meta.partial) continue;
      const fresh = page.data.filter((p) => new Date(p.createdAt) > new Date(s.checked_at) && p.userID !== userId);
      if (fresh.length) sections.push({ label: s.label, products: fresh });
    }
    const total = sections.reduce((n, s) => n + s.products.length, 0);
    if (!total) return false;
    const body = sections
      .map(
        (s) =>
          `${s.label}:\n${s.products.map((p) => `  ${p.productName} — ${formatNaira(p.productPrice)}\n  ${this.cfg.app.publicUrl}/product/${p.id}`).join('\n')}`,
      )
      .join('\n\n');
    const title = `${total} new listing${total === 1 ? '' : 's'} for your saved searches`;
    // The day's claim, the searches' new mark, the bell and the e-mail (an outbox row, with its unsubscribe link) commit
    // together: a rerun, a retry or a second worker finds the claim and sends nothing, and a crash sends nothing half.
    return this.db.transaction(async (em) => {
      const [claimed] = await em.query<Pick<SavedSearchDigestRow, 'user_id'>[]>(
        `INSERT INTO saved_search_digest (user_id, day, listings) VALUES ($1, (($2::timestamptz) AT TIME ZONE 'Africa/Lagos')::date, $3) ON CONFLICT DO NOTHING RETURNING user_id`,
        [userId, now, total],
      );
      if (!claimed) return false;
      await em.query(`UPDATE saved_search SET checked_at = $2 WHERE user_id = $1`, [userId, now]);
      await this.notifications.notify(userId, { type: 'saved_search', title, link: '/profile', email: true, emailText: body }, em);
      return true;
    });
  }
}
