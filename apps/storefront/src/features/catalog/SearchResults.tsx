import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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

/**
 * Under a list's cards (pages without the home page's infinite scroll): why the next page failed, and the button that
 * loads it or tries again, while there is one.
 */
export function LoadMore({
  search: { loadingMore, moreError, loadMore },
  hasMore,
  size,
  mt,
}: {
  search: ProductSearch;
  hasMore: boolean;
  size?: 'large';
  /** Space above the button, in theme units. */
  mt: number;
}) {
  return (
    <>
      {moreError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {moreError}
        </Alert>
      )}
      {hasMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt }}>
          <Button variant="outlined" size={size} onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : moreError ? 'Try again' : 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}
