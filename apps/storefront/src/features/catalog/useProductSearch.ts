import type { Product, ProductList, ProductQuery } from '@kasuwa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { catalogApi } from '../../api/catalog';
import { ApiError } from '../../api/errors';
import { isTaken, take, useInitialData } from '../../app/initialData';

export interface ProductResults {
  items: Product[];
  total: number;
  /** `total` is the server's estimate ("about …"). */
  totalIsEstimate: boolean;
  nextCursor: string | null;
  correctedSearch: string | null;
  /** A guessed correction to offer as a link; the results are still for what was typed. */
  didYouMean: string | null;
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

/*
 * The pages already loaded for a history entry, so Back from a product page shows the same list
 * (and the scroll position can be restored) without downloading it again. A few entries only.
 */
const cache = new Map<string, ProductResults>();
const CACHE_ENTRIES = 6;

function remember(key: string, results: ProductResults) {
  cache.delete(key);
  cache.set(key, results);
  while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
}

export function toResults(res: ProductList): ProductResults {
  return {
    items: res.data,
    total: res.meta?.total ?? res.data.length,
    totalIsEstimate: res.meta?.totalIsEstimate ?? false,
    nextCursor: res.meta?.nextCursor ?? null,
    correctedSearch: res.meta?.correctedSearch ?? null,
    didYouMean: res.meta?.didYouMean ?? null,
  };
}

const isCanceled = (err: unknown, signal: AbortSignal) => signal.aborted || (err instanceof Error && err.name === 'CanceledError');

/** `GET /products` with keyset paging: the first page for a query, then `nextCursor` pages appended. */
export function useProductSearch(query: ProductQuery, entryKey: string): ProductSearch {
  const queryKey = JSON.stringify(query);
  const cacheKey = `${entryKey}|${queryKey}`;
  // The server's first page for this very query (embedded in the HTML), until this page has taken it.
  const initial = useInitialData().products;
  const seeded = initial && initial.query === queryKey && !isTaken(initial) ? initial : null;
  const [results, setResults] = useState<ProductResults | null>(() => cache.get(cacheKey) ?? (seeded ? toResults(seeded.list) : null));
  const [loading, setLoading] = useState(() => !cache.has(cacheKey) && !seeded);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const moreController = useRef<AbortController | null>(null);
  const live = useRef({ cacheKey, results });
  useEffect(() => {
    live.current = { cacheKey, results };
  }, [cacheKey, results]);

  useEffect(() => {
    moreController.current?.abort();
    moreController.current = null;
    setLoadingMore(false);
    setMoreError(null);
    if (seeded && !cache.has(cacheKey)) {
      // The very object rendered from the HTML, so the state below stays the same and nothing re-renders.
      remember(cacheKey, live.current.results ?? toResults(seeded.list));
      take(seeded);
    }
    const hit = cache.get(cacheKey);
    if (hit) {
      setResults(hit);
      setLoading(false);
      setError(null);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    catalogApi
      .products(JSON.parse(queryKey) as ProductQuery, controller.signal)
      .then((res) => {
        const next = toResults(res);
        remember(cacheKey, next);
        setResults(next);
        setLoading(false);
      })
      .catch((err: unknown) => {
        if (isCanceled(err, controller.signal)) return;
        setError(err instanceof ApiError ? err.message : 'Failed to fetch products');
        setResults(null);
        setLoading(false);
      });
    return () => controller.abort();
  }, [cacheKey, queryKey, attempt]);

  const loadMore = useCallback(() => {
    const { results: current, cacheKey: key } = live.current;
    if (!current?.nextCursor || moreController.current) return;
    const controller = new AbortController();
    moreController.current = controller;
    setLoadingMore(true);
    setMoreError(null);
    catalogApi
      .products({ ...(JSON.parse(queryKey) as ProductQuery), cursor: current.nextCursor }, controller.signal)
      .then((res) => {
        if (live.current.cacheKey !== key) return;
        const known = new Set(current.items.map((p) => p.id));
        const next: ProductResults = {
          ...current,
          items: [...current.items, ...res.data.filter((p) => !known.has(p.id))],
          nextCursor: res.meta?.nextCursor ?? null,
          total: res.meta?.total ?? current.total,
          totalIsEstimate: res.meta?.totalIsEstimate ?? current.totalIsEstimate,
        };
        remember(key, next);
        setResults(next);
      })
      .catch((err: unknown) => {
        if (!isCanceled(err, controller.signal)) setMoreError(err instanceof ApiError ? err.message : 'Failed to fetch products');
      })
      .finally(() => {
        if (moreController.current === controller) {
          moreController.current = null;
          setLoadingMore(false);
        }
      });
  }, [queryKey]);

  const retry = useCallback(() => {
    cache.delete(live.current.cacheKey);
    setAttempt((n) => n + 1);
  }, []);

  return { results, loading, error, loadingMore, moreError, loadMore, retry };
}
