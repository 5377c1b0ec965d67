/** The app itself, started by main.tsx. */
import { CacheProvider } from '@emotion/react';
import { STORAGE_KEYS } from '@kasuwa/contracts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { DATA_SCRIPT_ID } from './app/dataScriptId';
import { createBrowserStyleCache } from './app/emotionCache';
import { readEmbeddedData, setHydrationNow } from './app/initialData';
import { stopKeepingTaps } from './app/replayTap';
import { createAppTheme } from './app/theme';
import { AppRoutes } from './app/AppRoutes';
import { routeKind } from './app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

function app(data: ReturnType<typeof readEmbeddedData>) {
  return (
    <StrictMode>
      <CacheProvider value={createBrowserStyleCache()}>
        <App data={data ?? undefined}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </App>
      </CacheProvider>
    </StrictMode>
  );
}

/** A macrotask break: the browser paints and answers taps between two steps. */
const breathe = () => new Promise<void>((done) => window.setTimeout(done, 0));

async function hydrate(el: HTMLElement): Promise<void> {
  // The server sent this page rendered (main.tsx waited for it to show): load its chunk first, so hydration
  // finds every part at once and takes over the HTML as it is (nothing is replaced, nothing moves).
  // Each step is a task of its own (evaluating this module, asking for the page's chunk, evaluating it, the router,
  // the first pass): together they were one task of ~40 ms, ~160 ms of blocking time at a phone's 4x slower CPU.
  await breathe();
  await Promise.resolve(routeKind(window.location.pathname)?.preload?.()).catch(() => {});
  await breathe();
  // The first read of localStorage opens the site's storage (a synchronous round trip to the browser process, some
  // 5-35 ms); the session, the cart and the favourites all read it while hydrating: open it in a task of its own.
  try {
    window.localStorage.getItem(STORAGE_KEYS.darkMode);
  } catch {
    /* storage blocked: the readers fall back on their own */
  }
  await breathe();
  // The theme the server rendered the page in (AppProviders): made here, it is ready for the first pass.
  const data = readEmbeddedData();
  createAppTheme(data?.colorMode ?? 'light');
  await breathe();
  setHydrationNow(data?.now ?? null);
  const tree = app(data);
  await breathe();
  // In a transition, React hydrates in slices of a few milliseconds (a slow phone keeps painting and answering taps),
  // the shell first, then the page's parts (Part, Suspense boundaries), one the user taps or types into first: the
  // event is replayed on it once it has hydrated.
  stopKeepingTaps();
  startTransition(() => {
    hydrateRoot(el, tree);
  });
}

if (document.getElementById(DATA_SCRIPT_ID) && root.firstElementChild) void hydrate(root);
else createRoot(root).render(app(readEmbeddedData()));
