import { Injectable } from '@nestjs/common';
import { landingPath, toSlug, type Category, type LandingLink, type LandingPage, type LandingPlace } from '@kasuwa/contracts';
import { ReadReplica } from '../database/read-replica';
import { CacheService } from '../modules/cache/cache.service';
import { CategoriesService } from '../modules/catalog/categories.service';
import { CatalogueVersion } from '../modules/catalog/catalogue-version.service';
import { NIGERIA_LGAS } from '../modules/locations/nigeria-lgas';
import { NIGERIA_STATES } from '../modules/locations/nigeria-places';

interface StatePlace extends LandingPlace {
  lgaBySlug: Map<string, LandingPlace>;
  lgaById: Map<number, LandingPlace>;
}

/**
 * The states and their LGAs with their slugs, from the fixed lists (ids and names never change, so neither do the
 * slugs). Slugs are unique within their list: a test holds it (two LGAs of one state never share a slug).
 */
const STATES: StatePlace[] = NIGERIA_STATES.map((s) => {
  const lgas = NIGERIA_LGAS.filter((l) => l.stateId === s.id).map((l) => ({ id: l.id, name: l.name, slug: toSlug(l.name) }));
  return {
    id: s.id,
    name: s.name,
    slug: toSlug(s.name),
    lgaBySlug: new Map(lgas.map((l) => [l.slug, l])),
    lgaById: new Map(lgas.map((l) => [l.id, l])),
  };
});
const STATE_BY_SLUG = new Map(STATES.map((s) => [s.slug, s]));
const STATE_BY_ID = new Map(STATES.map((s) => [s.id, s]));
/** Other spellings of a state's name ("fct", "abuja", "federal-capital-territory"): their addresses move to the state's slug. */
const STATE_BY_ALIAS = new Map(
  NIGERIA_STATES.flatMap((s) => s.aliases.map((a) => [toSlug(a), STATE_BY_ID.get(s.id)!] as const)).filter(
    ([slug]) => !STATE_BY_SLUG.has(slug),
  ),
);

/** The slug of a state id (for the product page's breadcrumbs and the locations list); undefined for no such state. */
export function stateSlug(id: number): string | undefined {
  return STATE_BY_ID.get(id)?.slug;
}

/** What a landing address is: its page, the canonical address it moved to (301), or nothing (404). */
export type LandingResolution = { kind: 'page'; page: LandingPage } | { kind: 'redirect'; path: string } | { kind: 'missing' };

/** One line of the landing pages' sitemap: a page with at least one listing on sale, and when its newest one changed. */
export interface LandingSitemapEntry {
  path: string;
  lastmod: string;
}

/** The LGAs linked from a landing page at most (most listings first). */
const NEARBY_MAX = 30;
const NEARBY_CACHE_MS = 60_000;
const SITEMAP_CACHE_MS = 60 * 60 * 1000;

/** A path segment as a slug would spell it ("Lagos", "mobile_phones", "Abuja%20(FCT)"), or null when it cannot be read. */
function loose(segment: string): string | null {
  try {
    return toSlug(decodeURIComponent(segment)) || null;
  } catch {
    return null;
  }
}

/**
 * Landing pages: a category in a state (`/lagos/mobile-phones`) or in one of its LGAs (`/lagos/ikeja/mobile-phones`).
 * Any other spelling of an existing page (upper case, underscores, a trailing slash, a state's other name, a renamed
 * category's old slug) is that page, moved permanently; a slug naming nothing is no page.
 */
@Injectable()
export class LandingPagesService {
  constructor(
    private readonly categories: CategoriesService,
    private readonly replica: ReadReplica,
    private readonly cache: CacheService,
    private readonly catalogue: CatalogueVersion,
  ) {}

  /** What the address `path` (no query string) is. */
  async resolve(path: string): Promise<LandingResolution> {
    const parts = path.split('/').filter(Boolean);
    if (parts.length !== 2 && parts.length !== 3) return { kind: 'missing' };
    const slugs = parts.map(loose);
    if (slugs.some((s) => s === null)) return { kind: 'missing' };
    const [first, second, third] = slugs as string[];
    const state = STATE_BY_SLUG.get(first) ?? STATE_BY_ALIAS.get(first);
    if (!state) return { kind: 'missing' };
    const lga = parts.length === 3 ? state.lgaBySlug.get(second) : null;
    if (lga === undefined) return { kind: 'missing' };
    const category = await this.category(parts.length === 3 ? third : second);
    if (!category) return { kind: 'missing' };
    const canonical = landingPath(state.slug, category.slug, lga?.slug);
    if (canonical !== path) return { kind: 'redirect', path: canonical };
    return { kind: 'page', page: await this.page(state, lga, category) };
  }

  /** An active category by its slug, or by a slug it had before a rename. */
  private async category(slug: string): Promise<Category | null> {
    const active = await this.categories.listAll(true);
    const found = active.find((c) => c.slug === slug);
    if (found) return found;
    const renamed = await this.categories.renamedFrom(slug);
    return renamed === null ? null : (active.find((c) => c.id === renamed) ?? null);
  }

  private async page(state: StatePlace, lga: LandingPlace | null, category: Category): Promise<LandingPage> {
    const counts = await this.lgaCounts(state, category.id);
    const nearby: LandingLink[] = [
      ...(lga ? [{ name: state.name, path: landingPath(state.slug, category.slug) }] : []),
      ...counts
        .filter((c) => c.id !== lga?.id && state.lgaById.has(c.id))
        .map((c) => {
          const other = state.lgaById.get(c.id)!;
          return { name: other.name, path: landingPath(state.slug, category.slug, other.slug), count: c.n };
        }),
    ];
    const place = (p: LandingPlace): LandingPlace => ({ id: p.id, name: p.name, slug: p.slug });
    return {
      path: landingPath(state.slug, category.slug, lga?.slug),
      state: place(state),
      lga: lga && place(lga),
      category: { id: category.id, name: category.categoryName, slug: category.slug },
      query: { category: category.slug, stateId: state.id, ...(lga ? { lgaId: lga.id } : {}) },
      nearby,
    };
  }

  /**
   * Listings on sale in the category (and its sub-categories) per LGA of the state, most first. Kept for a minute per
   * catalogue version (any listing change means new keys); nothing is kept while the version is not heard.
   *
   * The state is asked as its list of LGAs, not as `state_id`: (category, LGA) pairs are the keys of the active
   * listings' similar-by-LGA index, which also holds everything counted, so the count never reads the table. By state
   * it read one heap page per listing: ~150 ms for 2,000 listings at 1M when they were not in memory, against ~2 ms.
   */
  private async lgaCounts(state: StatePlace, categoryId: number): Promise<{ id: number; n: number }[]> {
    const read = async () => {
      const ids = (await this.categories.subtreeIds(categoryId)) ?? [categoryId];
      return this.replica.query<{ id: number; n: number }[]>(
        `SELECT lga_id AS id, count(*)::int AS n FROM product
          WHERE status = 'active' AND category_id = ANY($1) AND lga_id = ANY($2)
          GROUP BY lga_id ORDER BY n DESC, lga_id LIMIT ${NEARBY_MAX + 1}`,
        [ids, [...state.lgaById.keys()]],
      );
    };
    const version = this.catalogue.current;
    return version === null ? read() : this.cache.getOrSet(`landing:lgas:v${version}:${state.id}:${categoryId}`, NEARBY_CACHE_MS, read);
  }

  /**
   * Every landing page with at least one listing on sale (a listing counts for its category and each active category
   * above it, in its state and in its LGA), in address order, with the newest change among its listings. One grouped
   * scan of the listings on sale, kept for an hour like the sitemap index.
   */
  sitemapEntries(): Promise<LandingSitemapEntry[]> {
    return this.cache.getOrSet('seo:sitemap-landing', SITEMAP_CACHE_MS, async () => {
      const [rows, all] = await Promise.all([
        this.replica.query<{ state_id: number; lga_id: number | null; category_id: number; lastmod: string }[]>(
          `SELECT state_id, lga_id, category_id, max(updated_at) AS lastmod FROM product
            WHERE status = 'active' AND state_id IS NOT NULL AND category_id IS NOT NULL GROUP BY 1, 2, 3`,
        ),
        this.replica.query<{ id: number; slug: string; status: string; parentCategoryID: number | null }[]>(
          `SELECT id, slug, status, parent_category_id AS "parentCategoryID" FROM category`,
        ),
      ]);
      const byId = new Map(all.map((c) => [c.id, c]));
      const pages = new Map<string, number>();
      const seen = (path: string, mod: number) => pages.set(path, Math.max(pages.get(path) ?? 0, mod));
      for (const r of rows) {
        const state = STATE_BY_ID.get(r.state_id);
        if (!state) continue;
        const lga = r.lga_id === null ? undefined : state.lgaById.get(r.lga_id);
        const mod = new Date(r.lastmod).getTime();
        // The category and every one above it (a sub-category's listing is on its parent's page too); a loop guard for a bad tree.
        for (
          let c = byId.get(r.category_id), hops = 0;
          c && hops < 20;
          c = c.parentCategoryID === null ? undefined : byId.get(c.parentCategoryID), hops++
        ) {
          if (c.status !== 'active') continue;
          seen(landingPath(state.slug, c.slug), mod);
          if (lga) seen(landingPath(state.slug, c.slug, lga.slug), mod);
        }
      }
      return [...pages.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([path, mod]) => ({ path, lastmod: new Date(mod).toISOString() }));
    });
  }
}

/** For tests: every state's slug and its LGAs' slugs. */
export function landingPlaces(): { slug: string; lgas: string[] }[] {
  return STATES.map((s) => ({ slug: s.slug, lgas: [...s.lgaBySlug.keys()] }));
}
