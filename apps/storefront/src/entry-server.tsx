/*
 * The storefront rendered on the server (built with `vite build --ssr` into dist/apps/storefront-ssr and
 * loaded by the API at start). The API asks `plan()` what a URL needs, fetches that through its own
 * services, and `render()` turns it into the first screen's HTML, styles and <head> tags; the browser
 * hydrates it from the same data (main.tsx).
 */
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { LandingPage, ProductQuery } from '@kasuwa/contracts';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { createStyleCache, renderedStyleIds, styleTags } from './app/emotionCache';
import { DATA_SCRIPT_ID, embedJson, setHydrationNow, type InitialData } from './app/initialData';
import { AppRoutes } from './app/AppRoutes';
import { routeKind } from './app/routes';
import { photoSrcSet, PHOTO_SIZES } from './features/catalog/ImageCarousel';
import { isLandingAddress } from './features/catalog/LandingPage';
import { landingQuery as landingListQuery } from './features/catalog/landingQuery';
import { readSearchState, toProductQuery } from './features/catalog/searchState';
import { shopQuery } from './features/trust/shopQuery';
import { renderWhole } from './ssr/renderWhole';

/** What the API fetches before rendering a URL. */
export type PagePlan =
  | { page: 'home'; query: ProductQuery }
  | { page: 'product'; id: string }
  | { page: 'seller'; id: string; query: ProductQuery }
  | { page: 'landing'; path: string }
  | { page: 'static' };

/** The data a server-rendered page needs, or null when the URL gets the plain app shell (signed-in pages, forms). */
export function plan(url: string): PagePlan | null {
  const { pathname, searchParams } = new URL(url, 'http://x');
  const kind = routeKind(pathname);
  if (!kind?.preload) return null;
  if (kind.path === '') return { page: 'home', query: toProductQuery(readSearchState(searchParams)) };
  if (kind.path === '/product/:id') return { page: 'product', id: kind.params.id ?? '' };
  if (kind.path === '/seller/:id')
    return { page: 'seller', id: kind.params.id ?? '', query: shopQuery(searchParams, kind.params.id ?? '') };
  // Behind every route: an address in a landing page's shape. The API resolves its slugs (the page, a 301 to its
  // canonical address, or a 404) before anything is fetched.
  if (kind.path === '*' && isLandingAddress(pathname)) return { page: 'landing', path: pathname };
  return { page: 'static' };
}

/** The query of a landing page's listings for `url`, as the page computes it (LandingPage). */
export function landingQuery(page: LandingPage, url: string): ProductQuery {
  return landingListQuery(page, new URL(url, 'http://x').searchParams);
}

/** The JSON key of a home query, as the page computes it (useProductSearch). */
export function queryKey(query: ProductQuery): string {
  return JSON.stringify(query);
}

export interface Rendered {
  status: number;
  /** Goes inside <div id="root">. */
  html: string;
  /** Goes before </head>: the page's styles and the preload of its largest image. */
  head: string;
  /** Goes before </body>: the data, embedded once. */
  data: string;
}

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The first screen's largest image, fetched with the HTML instead of after the script has run. */
function preloadTag(data: InitialData): string {
  const detail = data.product?.detail;
  if (detail?.productImages[0]) {
    const img = detail.productImages[0];
    const srcset = photoSrcSet(img);
    return srcset
      ? `<link rel="preload" as="image" imagesrcset="${escAttr(srcset)}" imagesizes="${PHOTO_SIZES}" fetchpriority="high">`
      : `<link rel="preload" as="image" href="${escAttr(img.imageUrl)}" fetchpriority="high">`;
  }
  const first = data.products?.list.data.find((p) => p.productImages[0]);
  const thumb = first?.productImages[0];
  return thumb ? `<link rel="preload" as="image" href="${escAttr(thumb.thumbnailUrl || thumb.imageUrl)}" fetchpriority="high">` : '';
}

/**
 * One render at a time: a render reads per-request globals (the hydration clock, the origin) while React's streaming
 * renderer works across tasks, so a second page must not start in between. Rendering is CPU work on one thread
 * either way: queuing costs no throughput.
 */
let previous: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const next = previous.then(run, run);
  previous = next.catch(() => undefined);
  return next;
}

export async function render(url: string, data: InitialData, origin: string): Promise<Rendered> {
  const { pathname } = new URL(url, 'http://x');
  const kind = routeKind(pathname);
  await kind?.preload?.();

  // One cache per request: the styles of this page only, extracted into <style> tags for the <head>.
  const cache = createStyleCache();
  const emotion = createEmotionServer(cache);
  let html = await oneAtATime(async () => {
    (globalThis as { KASUWA_ORIGIN?: string }).KASUWA_ORIGIN = origin;
    setHydrationNow(data.now ?? null);
    try {
      return await renderWhole(() => (
        <CacheProvider value={cache}>
          <App data={data}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </App>
        </CacheProvider>
      ));
    } finally {
      setHydrationNow(null);
    }
  });
  const styles = styleTags(emotion.extractCriticalToChunks(html).styles, renderedStyleIds(cache));
  // A renderer may put the preload of a high-priority image at the start of the markup (React's does); it belongs
  // in the <head> (ours, with the srcset), and the root must hold only what the browser hydrates.
  html = html.replace(/^(<link [^>]*\/>)+/, '');

  const missing =
    (kind?.path === '*' && !data.landing?.page) ||
    (kind?.path === '/product/:id' && !data.product?.detail) ||
    (kind?.path === '/seller/:id' && !data.seller?.profile);
  return {
    status: missing ? 404 : 200,
    html,
    head: styles + preloadTag(data),
    data: `<script id="${DATA_SCRIPT_ID}" type="application/json">${embedJson(data)}</script>`,
  };
}
