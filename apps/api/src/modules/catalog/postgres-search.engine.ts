import { Injectable } from '@nestjs/common';
import type { ProductList } from '@kasuwa/contracts';
import { CacheService } from '../cache/cache.service';
import type { ProductQueryDto } from './dto/product.dto';
import { productCacheTag } from './product-cache';
import { ProductSearchService } from './product-search.service';
import type { ListingChange, SearchEngine } from './search-engine';

/**
 * Search in Postgres itself: each listing row carries its weighted tsvector (GIN), so a change is searchable as soon as
 * it commits and `apply` has no index to feed; it drops what is cached about the changed listings in every replica.
 */
@Injectable()
export class PostgresSearchEngine implements SearchEngine {
  constructor(
    private readonly products: ProductSearchService,
    private readonly cache: CacheService,
  ) {}

  search(q: ProductQueryDto): Promise<ProductList> {
    return this.products.search(q);
  }

  async apply(changes: ListingChange[]): Promise<void> {
    // The change moved the catalogue version when it was written (NOTIFY, and the writer's own invalidation): this only
    // drops the cached reads, including those of writes made behind the API's back.
    if (changes.length) await this.cache.dropTagsOnly(...changes.map((c) => productCacheTag(c.productId)));
  }
}
