import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { SearchSynonym as SearchSynonymDto, SynonymRequest } from '@kasuwa/contracts';
import { audit, updateAudited } from '../../common/audit';
import { notFound } from '../../common/errors';
import { likePattern, type SearchRequest } from '../../common/list-query';
import { SearchSynonym } from './entities/search-synonym.entity';
import { buildSynonymMap, type SynonymMap } from './search-query';

/** Another process's edits are picked up within this time; this process's own edits apply at once. */
const CACHE_MS = 60_000;

export const SYNONYM_SORTS = ['id', 'terms', 'createdAt', 'updatedAt'] as const;
export type SynonymSort = (typeof SYNONYM_SORTS)[number];

function toDto(s: SearchSynonym): SearchSynonymDto {
  return { id: s.id, terms: s.terms, createdAt: s.createdAt.toISOString(), updatedAt: s.updatedAt.toISOString() };
}

/** The synonym and local-vocabulary table: admin editing, and an in-memory lookup map for every search. */
@Injectable()
export class SynonymsService {
  private cache: { map: SynonymMap; at: number } | null = null;
  private loading: Promise<SynonymMap> | null = null;

  constructor(@InjectRepository(SearchSynonym) private readonly synonyms: Repository<SearchSynonym>) {}

  /** The lookup map, loaded once and kept in memory (searches never wait on the table after the first). */
  async map(): Promise<SynonymMap> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.map;
    this.loading ??= this.synonyms
      .find({ select: { terms: true } })
      .then((rows) => {
        const map = buildSynonymMap(rows.map((r) => r.terms));
        this.cache = { map, at: Date.now() };
        return map;
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }

  invalidate(): void {
    this.cache = null;
  }

  async list(opts: SearchRequest<SynonymSort>) {
    const qb = this.synonyms.createQueryBuilder('s');
    if (opts.search?.trim()) qb.andWhere(`array_to_string(s.terms, ',') ILIKE :q`, { q: likePattern(opts.search.trim()) });
    if (opts.ids) qb.andWhere('s.id = ANY(:ids)', { ids: opts.ids });
    const orderBy = opts.sort === 'terms' ? `array_to_string(s.terms, ',')` : `s.${opts.sort}`;
    qb.orderBy(orderBy, opts.order);
    // The tie-breaker only for other sorts: TypeORM keys ORDER BY entries by expression, so a second 's.id' would replace the first.
    if (opts.sort !== 'id') qb.addOrderBy('s.id', 'ASC');
    qb.skip(opts.offset).take(opts.limit);
    const [rows, total] = await qb.getManyAndCount();
    return { rows: rows.map(toDto), total };
  }

  async get(id: number) {
    return toDto(await this.find(id));
  }

  /** Each admin edit writes its audit entry in its own transaction (the search vocabulary is what buyers' searches match). */
  async create({ terms }: SynonymRequest) {
    const saved = await this.synonyms.manager.transaction(async (em) => {
      const row = await em.save(this.synonyms.create({ terms }));
      await audit(em, { action: 'synonyms.create', targetType: 'synonyms', targetId: row.id, after: { terms } });
      return row;
    });
    this.invalidate();
    return toDto(saved);
  }

  async update(id: number, { terms }: SynonymRequest) {
    await updateAudited(this.synonyms, await this.find(id), { terms }, { action: 'synonyms.update', targetType: 'synonyms' });
    this.invalidate();
    return this.get(id);
  }

  async remove(id: number) {
    const s = await this.find(id);
    await this.synonyms.manager.transaction(async (em) => {
      await em.delete(SearchSynonym, id);
      await audit(em, { action: 'synonyms.delete', targetType: 'synonyms', targetId: id, before: { terms: s.terms } });
    });
    this.invalidate();
    return toDto(s);
  }

  private async find(id: number) {
    const s = await this.synonyms.findOneBy({ id });
    if (!s) throw notFound('SYNONYM_NOT_FOUND', 'Synonym group not found');
    return s;
  }
}
