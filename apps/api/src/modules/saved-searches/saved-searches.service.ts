import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatNaira, MAX_SAVED_SEARCHES, type Product, type SavedSearch, type SavedSearchQuery } from '@kasuwa/contracts';
import { conflict } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { ProductQueryDto } from '../catalog/dto/product.dto';
import { ProductSearchService } from '../catalog/product-search.service';
import { JobsService } from '../jobs/jobs.service';
import { NotificationsService } from '../notifications/notifications.service';
import { CreateSavedSearchDto } from './dto/saved-searches.dto';
import type { SavedSearchDigestRow, SavedSearchRow } from '../../database/rows.generated';

const QUERY_KEYS = ['search', 'category', 'stateId', 'cityId', 'type', 'condition', 'minPrice', 'maxPrice'] as const;
/** The digest job runs hourly; each user is e-mailed at most once per Lagos day (saved_search_digest). */
export const SAVED_SEARCH_JOB = 'saved-search-digest';

/** Saved searches and their daily e-mail of new matching listings. */
@Injectable()
export class SavedSearchesService {
  private readonly logger = new Logger(SavedSearchesService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly search: ProductSearchService,
    private readonly notifications: NotificationsService,
    jobs: JobsService,
  ) {
    jobs.define({ name: SAVED_SEARCH_JOB, everySeconds: 3600, retryLimit: 2, run: async () => void (await this.sendDigests()) });
  }

  async list(userId: number): Promise<SavedSearch[]> {
    const rows = await this.db.query<{ id: number; query: SavedSearchQuery; label: string; created_at: Date }[]>(
      `SELECT id, query, label, created_at FROM saved_search WHERE user_id = $1 ORDER BY id DESC`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      query: r.query,
      label: r.label,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  async create(userId: number, dto: CreateSavedSearchDto): Promise<SavedSearch[]> {
    const query: SavedSearchQuery = {};
    for (const k of QUERY_KEYS)
      if (dto[k] !== undefined && dto[k] !== '' && dto[k] !== 'all') (query as Record<string, unknown>)[k] = dto[k];
    const label = dto.label || labelOf(query);
    // The count and the insert in one statement: two saves at once cannot pass the limit together by much (a user's own clicks).
    const rows = await this.db.query<Pick<SavedSearchRow, 'id'>[]>(
      `INSERT INTO saved_search (user_id, query, label) SELECT $1, $2, $3 WHERE (SELECT count(*) FROM saved_search WHERE user_id = $1) < $4 RETURNING id`,
      [userId, JSON.stringify(query), label.slice(0, 200), MAX_SAVED_SEARCHES],
    );
    if (!rows.length)
      throw conflict('TOO_MANY_SAVED_SEARCHES', `You can save up to ${MAX_SAVED_SEARCHES} searches. Remove one to save another.`);
    return this.list(userId);
  }

  async remove(userId: number, id: number): Promise<SavedSearch[]> {
    await this.db.query(`DELETE FROM saved_search WHERE id = $1 AND user_id = $2`, [id, userId]);
    return this.list(userId);
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

/** "iphone · Lagos · under ₦300,000"-like label from the filters. */
function labelOf(q: SavedSearchQuery): string {
  const parts = [q.search ? `“${q.search}”` : 'All listings'];
  if (q.category) parts.push(`category ${q.category}`);
  if (q.condition) parts.push(String(q.condition).replace(/_/g, ' '));
  else if (q.type) parts.push(String(q.type));
  if (q.minPrice) parts.push(`from ${formatNaira(q.minPrice)}`);
  if (q.maxPrice) parts.push(`up to ${formatNaira(q.maxPrice)}`);
  return parts.join(' · ');
}
