import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { audit, pick } from '../../common/audit';
import { conflict, invalidField, notFound } from '../../common/errors';
import { likePattern, type SearchRequest } from '../../common/list-query';
import { CacheService } from '../cache/cache.service';
import { CategoryDto } from './dto/taxonomy.dto';
import { Category } from './entities/category.entity';
import { slugify, toCategory } from './taxonomy.mapper';
import type { AttributeDefinition } from '@kasuwa/contracts';
import { readDefinitions } from './category-attributes';
import { CatalogueVersion } from './catalogue-version.service';
import type { CategoryRow } from '../../database/rows.generated';

export const CATEGORY_NOT_FOUND = 'Category not found';
/**
 * Subtrees are kept this long: a category search then costs no statement of its own, and its ids reach the search
 * as constants the planner can weigh (an in-statement lookup looks like "65% of listings" to it). Every category
 * write drops the cached tree in every replica (CacheService's tag 'categories').
 */
const SUBTREE_CACHE_MS = 60_000;
/** The category list every page shows; dropped on every category write like the subtrees. */
const LIST_CACHE_MS = 60_000;
const TAG = 'categories';
/** What an audit entry keeps of a category before and after an admin's change. */
const AUDITED = [
  'categoryName',
  'slug',
  'description',
  'position',
  'status',
  'parentCategoryId',
  'attributes',
] as const satisfies readonly (keyof Category)[];

/** The category tree: slugs unique and generated, parents checked for cycles, subtree lookups for search. */
@Injectable()
export class CategoriesService {
  constructor(
    @InjectRepository(Category) private readonly categories: Repository<Category>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly cache: CacheService,
    private readonly catalogue: CatalogueVersion,
  ) {}

  async listAll(activeOnly: boolean) {
    return this.cache.getOrSet(
      `categories:list:${activeOnly ? 'active' : 'all'}`,
      LIST_CACHE_MS,
      async () => {
        const rows = await this.categories.find({
          where: activeOnly ? { status: 'active' } : {},
          order: { position: 'ASC', categoryName: 'ASC' },
        });
        // The public list stays small: a form asks one category for its attributes (get).
        return rows.map((c) => toCategory(c, false));
      },
      { tags: [TAG] },
    );
  }

  async list(q: SearchRequest<keyof Category>) {
    const qb = this.categories.createQueryBuilder('c');
    if (q.search?.trim()) qb.andWhere('c.category_name ILIKE :s', { s: likePattern(q.search.trim()) });
    if (q.ids) qb.andWhere('c.id = ANY(:ids)', { ids: q.ids });
    const [rows, total] = await qb.orderBy(`c.${q.sort}`, q.order).addOrderBy('c.id', 'ASC').skip(q.offset).take(q.limit).getManyAndCount();
    return { rows: rows.map((c) => toCategory(c)), total };
  }

  /** One category, with its own attribute definitions and those its listings give (inherited first). */
  async get(id: number) {
    const c = await this.find(id);
    return { ...toCategory(c), effectiveAttributes: (await this.attributesOf(id)) ?? [] };
  }

  /**
   * The attribute definitions a category's listings give: its ancestors' (the top category's first), then its own; a
   * key defined again lower down takes the lower definition. Accepts an id or a slug; null when there is no such category.
   * Cached like the subtrees (every category write drops it).
   */
  async attributesOf(idOrSlug: string | number): Promise<AttributeDefinition[] | null> {
    const key = String(idOrSlug);
    return this.cache.getOrSet(
      `categories:attributes:${key}`,
      SUBTREE_CACHE_MS,
      async () => {
        const rows = await this.db.query<{ attributes: AttributeDefinition[] | null }[]>(
          `WITH RECURSIVE up AS (
           SELECT id, parent_category_id, attributes, 0 AS depth FROM category WHERE ${/^\d{1,9}$/.test(key) ? 'id = $1::int' : 'slug = $1'}
           UNION ALL SELECT c.id, c.parent_category_id, c.attributes, up.depth + 1 FROM category c JOIN up ON c.id = up.parent_category_id WHERE up.depth < 20
         ) SELECT attributes FROM up ORDER BY depth DESC`,
          [key],
        );
        if (!rows.length) return null;
        const byKey = new Map<string, AttributeDefinition>();
        for (const r of rows) for (const d of r.attributes ?? []) byKey.set(d.key, d);
        return [...byKey.values()];
      },
      { tags: [TAG] },
    );
  }

  async create(dto: CategoryDto) {
    return this.changed(
      this.db.transaction(async (em) => {
        const parentCategoryId = await this.checkParent(em, null, dto.parentCategoryID);
        const slug = await this.uniqueSlug(em, dto.categoryName, null);
        // No position given means "at the end" among its siblings (the back-office form says so), not 0: a 0 would sort
        // it by name among the first ones. Two created at the same moment may share the last place; both are still last.
        const position = dto.position ?? (await this.nextPosition(em, parentCategoryId));
        const saved = await em.getRepository(Category).save(
          em.getRepository(Category).create({
            categoryName: dto.categoryName,
            slug,
            description: dto.description ?? null,
            position,
            status: dto.status ?? 'active',
            parentCategoryId,
            attributes: dto.attributes === undefined ? [] : readDefinitions(dto.attributes),
          }),
        );
        await audit(em, { action: 'categories.create', targetType: 'categories', targetId: saved.id, after: pick(saved, AUDITED) });
        return toCategory(saved);
      }),
    );
  }

  async update(id: number, dto: Partial<CategoryDto>) {
    return this.changed(
      this.db.transaction(async (em) => {
        const repo = em.getRepository(Category);
        const current = await repo.findOneBy({ id });
        if (!current) throw notFound('CATEGORY_NOT_FOUND', CATEGORY_NOT_FOUND);
        const patch: Partial<Category> = {};
        if (dto.categoryName !== undefined && dto.categoryName !== current.categoryName) {
          patch.categoryName = dto.categoryName;
          patch.slug = await this.uniqueSlug(em, dto.categoryName, id);
          // The old address keeps working: its landing pages answer 301 to the new slug.
          if (patch.slug !== current.slug)
            patch.oldSlugs = [...new Set([...current.oldSlugs, current.slug])].filter((s) => s !== patch.slug);
        }
        if (dto.description !== undefined) patch.description = dto.description || null;
        if (dto.position !== undefined) patch.position = dto.position;
        if (dto.status !== undefined) patch.status = dto.status;
        if (dto.parentCategoryID !== undefined) patch.parentCategoryId = await this.checkParent(em, id, dto.parentCategoryID);
        // Listings keep the values they have: a removed attribute or choice just stops being asked for and filtered by.
        if (dto.attributes !== undefined) patch.attributes = readDefinitions(dto.attributes);
        if (Object.keys(patch).length) await repo.update(id, patch as Parameters<typeof repo.update>[1]);
        const after = await repo.findOneByOrFail({ id });
        // A reorder (position alone) is an edit like any other: its entry keeps the place before and after.
        await audit(em, {
          action: 'categories.update',
          targetType: 'categories',
          targetId: id,
          before: pick(current, AUDITED),
          after: pick(after, AUDITED),
        });
        return toCategory(after);
      }),
    );
  }

  /** One past the last position among the children of `parentId` (top level when null). */
  private async nextPosition(em: EntityManager, parentId: number | null): Promise<number> {
    const [{ next }] = await em.query<{ next: number }[]>(
      `SELECT coalesce(max(position) + 1, 0)::int AS next FROM category WHERE parent_category_id IS NOT DISTINCT FROM $1`,
      [parentId],
    );
    return next;
  }

  /** Listings of a deleted category keep existing without one; its children move up to its parent. */
  async remove(id: number) {
    const cat = await this.find(id);
    await this.changed(
      this.db.transaction(async (em) => {
        await em.query(`UPDATE category SET parent_category_id = $2 WHERE parent_category_id = $1`, [id, cat.parentCategoryId]);
        await em.query(`DELETE FROM category WHERE id = $1`, [id]);
        await audit(em, { action: 'categories.delete', targetType: 'categories', targetId: id, before: pick(cat, AUDITED) });
      }),
    );
    return toCategory(cat);
  }

  /** The ids of a category and all its descendants (cached, see SUBTREE_CACHE_MS). Accepts an id or a slug; a number too long to be an id is looked up as a slug (none). */
  async subtreeIds(idOrSlug: string | number): Promise<number[] | null> {
    const key = String(idOrSlug);
    return this.cache.getOrSet(
      `categories:subtree:${key}`,
      SUBTREE_CACHE_MS,
      async () => {
        const rows = await this.db.query<Pick<CategoryRow, 'id'>[]>(
          `WITH RECURSIVE tree AS (
           SELECT id FROM category WHERE ${/^\d{1,9}$/.test(key) ? 'id = $1::int' : 'slug = $1'}
           UNION SELECT c.id FROM category c JOIN tree t ON c.parent_category_id = t.id
         ) SELECT id FROM tree`,
          [key],
        );
        return rows.length ? rows.map((r) => r.id) : null;
      },
      { tags: [TAG] },
    );
  }

  /** Once a category write has committed (or failed half-way), every replica drops its cached lists and subtrees. */
  private async changed<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.catalogue.changedHere(); // pages cached before the write (the page cache's key) are not served after it
      await this.cache.invalidateTags(TAG);
    }
  }

  /** The active category that once had `slug` (renamed since), or null. */
  async renamedFrom(slug: string): Promise<number | null> {
    const [row] = await this.db.query<Pick<CategoryRow, 'id'>[]>(
      `SELECT id FROM category WHERE $1 = ANY(old_slugs) AND status = 'active' ORDER BY updated_at DESC LIMIT 1`,
      [slug],
    );
    return row?.id ?? null;
  }

  async exists(id: number): Promise<boolean> {
    return this.categories.existsBy({ id });
  }

  private async find(id: number): Promise<Category> {
    const c = await this.categories.findOneBy({ id });
    if (!c) throw notFound('CATEGORY_NOT_FOUND', CATEGORY_NOT_FOUND);
    return c;
  }

  private async checkParent(em: EntityManager, id: number | null, parentId: number | null | undefined): Promise<number | null> {
    if (parentId === undefined || parentId === null) return null;
    if (!(await em.getRepository(Category).existsBy({ id: parentId })))
      throw invalidField('parentCategoryID', 'Parent category does not exist');
    if (id !== null) {
      const [{ cycle }] = await em.query<{ cycle: boolean }[]>(
        `WITH RECURSIVE up AS (SELECT id, parent_category_id FROM category WHERE id = $1
           UNION SELECT c.id, c.parent_category_id FROM category c JOIN up ON c.id = up.parent_category_id)
         SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS cycle`,
        [parentId, id],
      );
      if (cycle) throw conflict('CATEGORY_CYCLE', 'A category cannot be placed under itself or its own sub-category.');
    }
    return parentId;
  }

  private async uniqueSlug(em: EntityManager, name: string, exceptId: number | null): Promise<string> {
    const base = slugify(name);
    const taken = new Set<string>(
      (
        await em.query<Pick<CategoryRow, 'slug'>[]>(`SELECT slug FROM category WHERE (slug = $1 OR slug LIKE $1 || '-%') AND id <> $2`, [
          base,
          exceptId ?? -1,
        ])
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
    return slug;
  }
}
