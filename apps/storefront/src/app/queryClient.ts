import { QueryClient } from '@tanstack/react-query';
import { startOffline } from '../features/offline/startOffline';
import { useInitialData, type InitialData } from './initialData';

/*
 * The storefront's data cache (react-query). It is imported by the pages that fetch, never by the app shell: react-query
 * (~12 kB gzip) comes with the first page's chunk, after the first screen has shown (main.tsx), and a page
 * that fetches nothing never loads it. So there is no <QueryClientProvider> in the shell: the hooks pass the client
 * to useQuery themselves (useAppQueryClient).
 */
/**
 * Retries of a read that got no answer at all (no network; an ApiError with no status): two, 1 s and 2 s apart, so
 * the page says what went wrong (with its Retry) within about 3 s. Longer waits are not needed to recover: offline,
 * retries pause until the network is back, and every read is fetched again on reconnect.
 */
const NETWORK_RETRIES = 2;

/** A read is retried only when no answer came back: an answer (404, 422, 500) is final, and the page says so. */
export function retryOnNetwork(failures: number, error: unknown): boolean {
  const e = error as { name?: string; status?: number | null } | null;
  return e?.name === 'ApiError' && e.status === null && failures < NETWORK_RETRIES;
}

/** 1 s, 2 s, 4 s, 8 s…, at most 15 s: a flaky network is not hammered. */
export const retryBackoff = (failures: number): number => Math.min(1000 * 2 ** failures, 15_000);

function makeClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Data once loaded is kept for the visit (no refetch on focus). On a flaky network (offline rule): a read with no
      // answer is retried with backoff, and every read is fetched again when the network comes back. 'offlineFirst':
      // the first try goes out even offline (the service worker may answer it from its cache); retries wait for the
      // network.
      queries: {
        retry: retryOnNetwork,
        retryDelay: retryBackoff,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: 'always',
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let browserClient: QueryClient | null = null;
/** On the server, one client per rendered page (its InitialData object), gone with it: no data is shared between requests. */
const serverClients = new WeakMap<InitialData, QueryClient>();

/** The browser's one client (for code outside components, e.g. the cart sync). */
export function appQueryClient(): QueryClient {
  startOffline(); // the service worker and the sign-out clean-up come with the data layer (features/offline/startOffline.ts)
  if (!browserClient) {
    browserClient = makeClient();
    // What <QueryClientProvider> would do (the shell has none): listen for the network coming back (refetch reads,
    // resume paused changes) and for focus.
    browserClient.mount();
  }
  return browserClient;
}

export function useAppQueryClient(): QueryClient {
  const data = useInitialData();
  if (typeof window !== 'undefined') return appQueryClient();
  let client = serverClients.get(data);
  if (!client) serverClients.set(data, (client = makeClient()));
  return client;
}
