import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { readEmbeddedData, setHydrationNow } from './app/initialData';
import { routeKind, routes } from './app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

const data = readEmbeddedData();
const router = createBrowserRouter(routes);
const app = (
  <StrictMode>
    <App data={data ?? undefined}>
      <RouterProvider router={router} />
    </App>
  </StrictMode>
);

if (data && root.firstElementChild) {
  // The server sent this page rendered: load its chunk first, so hydration finds every part at once
  // and takes over the HTML as it is (nothing is replaced, nothing moves).
  setHydrationNow(data.now ?? null);
  const preload = routeKind(window.location.pathname)?.preload;
  const hydrate = () => void hydrateRoot(root, app);
  (preload ? preload() : Promise.resolve()).then(hydrate, hydrate);
} else {
  createRoot(root).render(app);
}
