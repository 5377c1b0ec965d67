import type { ProductList } from '@kasuwa/contracts';
import type { ProductQueryDto } from './dto/product.dto';

/** One listing's change, as the outbox recorded it. */
export interface ListingChange {
  productId: number;
  op: 'upsert' | 'delete';
}

/**
 * Where product search runs. Today: Postgres full text (PostgresSearchEngine). An outside engine (OpenSearch,
 * Typesense, Meilisearch) implements the same two calls: `search`, and `apply` to take the listings that changed
 * (fed by the search outbox, whoever wrote them) into its own index. The port lives in the catalogue, which serves
 * search and wires the engine; the search module is the outbox that feeds it (so neither imports the other back).
 */
export interface SearchEngine {
  search(q: ProductQueryDto): Promise<ProductList>;
  apply(changes: ListingChange[]): Promise<void>;
}

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');
