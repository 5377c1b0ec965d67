/** The app itself, started by main.tsx. */
import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { endSlicing, startSlicedHydration } from './app/hydrateLater';
import { createBrowserStyleCache } from './app/emotionCache';
import { readEmbeddedData, setHydrationNow } from './app/initialData';
import { routeKind, routes } from './app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

const data = readEmbeddedData();
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <CacheProvider value={createBrowserStyleCache()}>
      <App data={data ?? undefined}>
        <RouterProvider router={router} />
      </App>
    </CacheProvider>
  </StrictMode>
);

if (data && root.firstElementChild) {
  // The server sent this page rendered (main.tsx waited for it to show): load its chunk first, so hydration
  // finds every part at once and takes over the HTML as it is (nothing is replaced, nothing moves).
  setHydrationNow(data.now ?? null);
  const preload = routeKind(window.location.pathname)?.preload;
  // Preact hydrates in one go (startTransition is only a call there), so the page's parts in <HydrateLater> hydrate
  // after this first pass, a task each: a slow phone keeps painting and answering taps meanwhile.
  const hydrate = () =>
    startTransition(() => {
      startSlicedHydration();
      hydrateRoot(root, app);
      endSlicing();
    });
  Promise.resolve(preload?.()).then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
