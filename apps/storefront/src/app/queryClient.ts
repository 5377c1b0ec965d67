import { QueryClient } from '@tanstack/react-query';
import { useInitialData, type InitialData } from './initialData';

/*
 * The storefront's data cache (react-query). It is imported by the pages that fetch, never by the app shell: react-query
 * (~12 kB gzip) comes with the first page's chunk, after the first screen has shown (main.tsx), and a page
 * that fetches nothing never loads it. So there is no <QueryClientProvider> in the shell: the hooks pass the client
 * to useQuery themselves (useAppQueryClient).
 */
function makeClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // As the hand-made caches did: one call, no retry behind the user's back (a "Try again" button does it),
      // and data once loaded is kept for the visit (no refetch on focus or reconnect: nothing on the screen moves).
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let browserClient: QueryClient | null = null;
/** On the server, one client per rendered page (its InitialData object), gone with it: no data is shared between requests. */
const serverClients = new WeakMap<InitialData, QueryClient>();

/** The browser's one client (for code outside components, e.g. the cart sync). */
export function appQueryClient(): QueryClient {
  return (browserClient ??= makeClient());
}

export function useAppQueryClient(): QueryClient {
  const data = useInitialData();
  if (typeof window !== 'undefined') return appQueryClient();
  let client = serverClients.get(data);
  if (!client) serverClients.set(data, (client = makeClient()));
  return client;
}
