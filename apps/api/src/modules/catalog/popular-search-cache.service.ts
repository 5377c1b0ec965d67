import { Inject, Injectable } from '@nestjs/common';
import type { ProductList } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { CacheService } from '../cache/cache.service';
import { CatalogueVersion } from './catalogue-version.service';
import type { ProductQueryDto } from './dto/product.dto';
import { tokenize } from './search-words';

/** A search is popular once it has been asked this many times within one WINDOW_MS in this process (2 a second). */
export const POPULAR_HITS = 20;
export const WINDOW_MS = 10_000;
/** Distinct searches counted per window at most: a flood of one-off searches cannot grow the counter without end. */
const MAX_COUNTED = 20_000;

/**
 * The first page of the searches many people run at once ("tecno camon", "generator") comes from the shared cache for
 * SEARCH_CACHE_TTL seconds instead of being searched again for every visitor. Only popular ones: the long tail is searched every
 * time, so the cache stays small and a one-off search is never stale. Entries are keyed by the catalogue version
 * (CatalogueVersion): a listing or category change anywhere means new keys, and with no version heard nothing is cached.
 */
@Injectable()
export class PopularSearchCache {
  private counts = new Map<string, number>();
  /** The searches popular in the window before this one: they stay popular while this one counts afresh. */
  private wasPopular = new Set<string>();
  private windowStarted = Date.now();
  private readonly ttlMs: number;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    private readonly cache: CacheService,
    private readonly catalogue: CatalogueVersion,
  ) {
    this.ttlMs = cfg.app.searchCacheTtl * 1000;
  }

  /** The search's page 1 from the cache when it is popular; otherwise (and every later page) `load()`. */
  async page1(q: ProductQueryDto, load: () => Promise<ProductList>): Promise<ProductList> {
    const version = this.catalogue.current;
    if (q.cursor || version === null || this.ttlMs <= 0) return load();
    const key = searchKey(q);
    if (!this.popular(key)) return load();
    return this.cache.getOrSet(`search:v${version}:${key}`, this.ttlMs, load);
  }

  private popular(key: string): boolean {
    const now = Date.now();
    if (now - this.windowStarted > WINDOW_MS) {
      // Without this, every popular search went back to the database for its first POPULAR_HITS asks of each window.
      this.wasPopular = new Set([...this.counts].filter(([, n]) => n >= POPULAR_HITS).map(([k]) => k));
      this.counts = new Map();
      this.windowStarted = now;
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    if (n > 1 || this.counts.size < MAX_COUNTED) this.counts.set(key, n);
    return n >= POPULAR_HITS || this.wasPopular.has(key);
  }
}

/** Every query field (the words as the search reads them), in a fixed order: equal keys mean equal answers. */
export function searchKey(q: ProductQueryDto): string {
  const fields = Object.entries(q)
    .filter(([k, v]) => v !== undefined && v !== null && v !== '' && k !== 'cursor')
    .map(([k, v]) => [k, k === 'search' ? tokenize(String(v)).join(' ') : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(fields);
}
