import {
  keepPreviousData,
  useMutation,
  useQuery,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../api/errors';
import { useAppQueryClient } from './queryClient';

/*
 * The one way a page reads from the API and writes to it: react-query over the typed calls of src/api (their `call()`
 * keeps the error texts and toasts), with the app's client (queryClient.ts: there is no <QueryClientProvider>, so
 * react-query comes with the pages that fetch, never with the app shell). Keys come from queryKeys.ts.
 */

/** How long the server's embedded answer stays in the cache with no page showing it (see useApiQuery). */
const SEEDED_GC_MS = 5 * 60_000;

export interface ApiQueryOptions<T> {
  /** What the page says when the call fails with no text of its own (a failure that is not an ApiError). */
  failedText?: string | ((error: unknown) => string);
  /** false: not fetched yet (no id, not signed in). */
  enabled?: boolean;
  /** Data the page already has (the server's, embedded in the HTML): the first render needs no call. */
  initialData?: T;
  /**
   * How long the answer stays in the cache once no page shows it. By default it goes with the page (0): opening the
   * page again loads it afresh, with its placeholder, as every page did before. Data for the whole visit: Infinity.
   */
  gcTime?: number;
  /** A new key keeps the previous key's answer on the screen until its own arrives (no placeholder in between). */
  keepPrevious?: boolean;
  /**
   * Fetch again every so many ms while the page shows it (a list that changes on the server: the inbox); or, from the
   * last answer, when to ask again (a payment still pending), undefined: no more.
   */
  refetchInterval?: number | ((last: T | undefined) => number | undefined);
  /** Keep the answer for this long before a new mount fetches again (default: the client's, for ever). */
  staleTime?: number;
}

export interface ApiQuery<T> {
  /** The answer, or undefined until it arrives. */
  data: T | undefined;
  /** The failure's text, or null; null again while "Try again" runs (the placeholder shows meanwhile). */
  error: string | null;
  /** No answer and no failure yet: the page shows its placeholder. */
  loading: boolean;
  /** Ask again (the page's "Try again"; after a change the page made). */
  reload: () => void;
  query: UseQueryResult<T>;
}

/** The text a page shows for a failed read: the API's (the product error texts), else the page's own. */
export function failureText(error: unknown, failedText: ApiQueryOptions<unknown>['failedText'] = 'Something went wrong.'): string {
  if (typeof failedText === 'function') return failedText(error);
  return error instanceof ApiError && error.message ? error.message : failedText;
}

/** A read through react-query: `fetcher` is one of the typed calls in src/api (or a few of them together). */
export function useApiQuery<T>(key: QueryKey, fetcher: (signal: AbortSignal) => Promise<T>, options: ApiQueryOptions<T> = {}): ApiQuery<T> {
  const interval = options.refetchInterval;
  const query = useQuery<T>(
    {
      queryKey: key,
      queryFn: ({ signal }) => fetcher(signal),
      enabled: options.enabled,
      initialData: options.initialData,
      // The server's answer is kept a while even with no page showing it: hydration renders the page (building the query
      // and its observer) before it commits and subscribes, and a query dropped in between is built again at the commit,
      // a changed result that makes React hydrate the whole page at once in one long task (product page TBT 527 ms).
      // On the server the client lives for one render (queryClient.ts) and is dropped with it: no timer at all there.
      // A timer started while rendering holds the render's async context, and with it React's whole request (the
      // page's element tree) until it fires: a 5-minute one kept every uncached page in memory for 5 minutes.
      gcTime: typeof window === 'undefined' ? Infinity : (options.gcTime ?? (options.initialData === undefined ? 0 : SEEDED_GC_MS)),
      // A page's own read is fetched afresh each time it opens, even when its last answer is still in the cache (a page
      // left and opened again at once); the data for the whole visit (a gcTime of its own) and the server's answer
      // (initialData) are not.
      refetchOnMount: options.gcTime === undefined && options.initialData === undefined ? 'always' : true,
      refetchInterval: typeof interval === 'function' ? (q) => interval(q.state.data) ?? false : interval,
      placeholderData: options.keepPrevious ? keepPreviousData : undefined,
      ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
    },
    useAppQueryClient(),
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const error = query.error && !query.isFetching ? failureText(query.error, options.failedText) : null;
  return { data: query.data, error, loading: query.data === undefined && !error, reload, query };
}

export interface ApiMutationOptions<T, V> extends Omit<UseMutationOptions<T, Error, V>, 'mutationFn' | 'onSettled'> {
  /** The reads this change makes out of date: fetched again (those on the screen) once it succeeds. */
  invalidates?: QueryKey[];
}

/** A write through react-query (its pending state is the button's busy state); what it changes is invalidated by key. */
export function useApiMutation<T, V = void>(
  fn: (vars: V) => Promise<T>,
  options: ApiMutationOptions<T, V> = {},
): UseMutationResult<T, Error, V> {
  const client = useAppQueryClient();
  const { invalidates, onSuccess, ...rest } = options;
  return useMutation<T, Error, V>(
    {
      ...rest,
      mutationFn: fn,
      // The page's own reaction first (its toast), then the reads it changed, fetched again before the change counts
      // as done: a button stays busy until the screen shows the new state.
      onSuccess: async (data, vars, result, context) => {
        await onSuccess?.(data, vars, result, context);
        await Promise.all((invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey })));
      },
    },
    client,
  );
}
