import type { ReactNode } from 'react';
import { RetryAlert } from '../layout/RetryAlert';
import { ProductCardSkeleton, ProductGrid } from './ProductCard';
import type { ProductResults, ProductSearch } from './useProductSearch';

interface Props {
  search: ProductSearch;
  /** Skeleton cards while the first page loads. */
  skeletons: number;
  /** What an empty result says. */
  empty: ReactNode;
  children: (results: ProductResults) => ReactNode;
}

/** The states of a useProductSearch list, the same on every page that has one: failed (Try again), loading, empty, the cards. */
export function SearchResults({ search: { error, retry, loading, results }, skeletons, empty, children }: Props) {
  if (error) return <RetryAlert onRetry={retry}>{error}</RetryAlert>;
  if (loading || !results) {
    return (
      <ProductGrid label="Loading listings" busy>
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </ProductGrid>
    );
  }
  return results.items.length === 0 ? empty : children(results);
}
