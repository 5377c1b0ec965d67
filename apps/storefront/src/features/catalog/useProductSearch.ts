import type { AttributeFacet, Product, ProductList, ProductQuery } from '@kasuwa/contracts';
import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { catalogApi } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { isTaken, take, useInitialData } from '../../app/initialData';
import { useAppQueryClient } from '../../app/queryClient';
import { queryKeys } from '../../app/queryKeys';

export interface ProductResults {
  items: Product[];
  total: number;
  /** `total` is the server's estimate ("about …"). */
  totalIsEstimate: boolean;
  nextCursor: string | null;
  correctedSearch: string | null;
  /** A guessed correction to offer as a link; the results are still for what was typed. */
  didYouMean: string | null;
  /** No listing has every word: these match some of them (shown as such). */
  partial: boolean;
  /** Where the partial matches start in `items` when a short page of full matches was topped up with them; else null. */
  partialFrom: number | null;
  /** The chosen category's attribute values with counts for this search (page 1's `meta.facets`); null when none. */
  facets: AttributeFacet[] | null;
}

export interface ProductSearch {
  results: ProductResults | null;
  loading: boolean;
  error: string | null;
  loadingMore: boolean;
  moreError: string | null;
  loadMore: () => void;
  retry: () => void;
}

/** The pages loaded so far as one list: a listing that moved to a later page while paging is shown once. */
export function toResults({ pages }: InfiniteData<ProductList, string | null>): ProductResults {
  const [first] = pages;
  const last = pages[pages.length - 1];
  const seen = new Set<Product['id']>();
  const meta = pages.reduce(
    (m, p) => ({ total: p.meta?.total ?? m.total, totalIsEstimate: p.meta?.totalIsEstimate ?? m.totalIsEstimate }),
    {
      total: first.data.length,
      totalIsEstimate: false,
    },
  );
  return {
    items: pages.flatMap((p) => p.data).filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id))),
    ...meta,
    nextCursor: last.meta?.nextCursor ?? null,
    correctedSearch: first.meta?.correctedSearch ?? null,
    didYouMean: first.meta?.didYouMean ?? null,
    partial: first.meta?.partial === true,
    partialFrom: first.meta?.partial !== true && typeof first.meta?.partialFrom === 'number' ? first.meta.partialFrom : null,
    facets: first.meta?.facets ?? null,
  };
}

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Failed to fetch products');

/**
 * `GET /products` with keyset paging: the first page for a query, then `nextCursor` pages appended. The pages are
 * kept per history entry (`entryKey`), so Back from a product page shows the same list (and the scroll position can be
 * restored) without downloading it again, while a new visit to the same search asks afresh.
 */
export function useProductSearch(query: ProductQuery, entryKey: string): ProductSearch {
  const queryJson = JSON.stringify(query);
  // The server's first page for this very query (embedded in the HTML), until this page has taken it.
  const initial = useInitialData().products;
  const seeded = initial && initial.query === queryJson && !isTaken(initial) ? initial : null;
  useEffect(() => take(seeded), [seeded]);
  const search = useInfiniteQuery(
    {
      queryKey: queryKeys.products(entryKey, queryJson),
      queryFn: ({ pageParam, signal }) => catalogApi.products(pageParam ? { ...query, cursor: pageParam } : query, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last: ProductList) => last.meta?.nextCursor ?? null,
      initialData: seeded ? { pages: [seeded.list], pageParams: [null] } : undefined,
      // A new search keeps the list on the screen (with its loading state) until the new one arrives.
      placeholderData: keepPreviousData,
      select: toResults,
    },
    useAppQueryClient(),
  );
  const {
    data,
    error,
    isError,
    isFetchNextPageError,
    isFetching,
    isFetchingNextPage,
    isPlaceholderData,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = search;
  const loadMore = useCallback(() => {
    if (hasNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  const firstPageFailed = isError && !isFetchNextPageError && !isFetching;
  return {
    results: firstPageFailed ? null : (data ?? null),
    loading: !firstPageFailed && (!data || isPlaceholderData),
    error: firstPageFailed ? message(error) : null,
    loadingMore: isFetchingNextPage,
    moreError: isFetchNextPageError && !isFetchingNextPage ? message(error) : null,
    loadMore,
    retry,
  };
}
