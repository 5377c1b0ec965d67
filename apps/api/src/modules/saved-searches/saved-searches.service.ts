import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatNaira, MAX_SAVED_SEARCHES, type SavedSearch, type SavedSearchQuery } from '@kasuwa/contracts';
import { conflict } from '../../common/errors';
import { CreateSavedSearchDto } from './dto/saved-searches.dto';
import type { SavedSearchRow } from '../../database/rows.generated';

const QUERY_KEYS = ['search', 'category', 'stateId', 'cityId', 'type', 'condition', 'minPrice', 'maxPrice'] as const;

/** A user's saved searches (their daily e-mail of new matching listings is a flow: flows/saved-search-digest.flow.ts). */
@Injectable()
export class SavedSearchesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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
