import { fileURLToPath } from 'node:url';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { COLOR_SCHEME_HEAD } from '../../libs/contracts/src/lib/color-scheme';

type ModuleInfo = { isEntry: boolean; importers: readonly string[] };
type Ctx = { getModuleInfo(id: string): ModuleInfo | null };

const UI_VENDOR =
  /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|react-transition-group|stylis|clsx|hoist-non-react-statics|react-is|prop-types|@popperjs)[\\/]/;
/**
 * The style engine under MUI's components (emotion, the theme, the sx system): its own chunk, so that evaluating it is
 * a start-up step of its own (src/app/startStyles.ts), not part of one long task with every component.
 */
const UI_CORE =
  /node_modules[\\/](@emotion|stylis|@babel[\\/]runtime|clsx|hoist-non-react-statics|react-is|prop-types|@mui[\\/](system|styled-engine|utils|private-theming)|@mui[\\/]material[\\/](styles|colors|DefaultPropsProvider))[\\/]/;

/** The app shell's root: main.tsx (the entry) imports it once the first screen has shown. */
const APP_BOOT = /[\\/]src[\\/]boot\.tsx$/;
/** The storefront's own code and the shared React pieces it uses (libs/ui). */
const APP_SRC = /[\\/](apps[\\/]storefront|libs[\\/]ui)[\\/]src[\\/]/;
/** main.tsx and the one module it imports statically: they make the entry. */
const ENTRY_OWN = /[\\/]src[\\/](main\.tsx|app[\\/]dataScriptId\.ts)$/;

/**
 * True when the app shell needs the module before any page loads (a static import path from the
 * entry or from boot.tsx). Only those MUI modules go into the shared vendor chunk; components used by a single lazy
 * page (Tabs, Accordion, Select…) stay with that page, so the first download stays small.
 */
const shellCache = new Map<string, boolean>();
function inShell(id: string, ctx: Ctx): boolean {
  const cached = shellCache.get(id);
  if (cached !== undefined) return cached;
  const seen = new Set<string>([id]);
  const queue = [id];
  let found = false;
  while (queue.length && !found) {
    const current = queue.shift() as string;
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry || APP_BOOT.test(current)) found = true;
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  shellCache.set(id, found);
  return found;
}

const appRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(appRoot, '../..');

const apiProxy = {
  '/api': { target: 'http://127.0.0.1:3000' },
  '/uploads': { target: 'http://127.0.0.1:3000' },
};

export default defineConfig({
  root: appRoot,
  base: '/',
  // .br and .gz copies of every built text asset, which the API serves by Accept-Encoding (apps/api/src/web.ts).
  // index.html is left out: the API rewrites it per request and compresses that answer on the fly.
  plugins: [
    react(),
    // The dev server's pages get the head script the API puts in every storefront page (apps/api/src/color-scheme.ts):
    // the app starts in the mode it decided.
    {
      name: 'kasuwa-color-scheme',
      apply: 'serve',
      transformIndexHtml: (html: string) => html.replace('</head>', `${COLOR_SCHEME_HEAD}</head>`),
    },
    // The service worker (/sw.js, Workbox; offline rule): the app shell precached, the pages and reads seen cached.
    // Registered by main.tsx once the page has loaded.
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is the app's manifest
      workbox: {
        // The shell's chunks (what every page starts with) and the offline page; a page's own chunk is cached the first
        // time it is used (below): a first visit on prepaid data does not download every page of the app.
        globPatterns: ['assets/{index,react,router,mui-core,mui,boot,start*}-*.{js,css}', 'offline.{html,js}', 'favicon.svg'],
        inlineWorkboxRuntime: true,
        // The first visit's pages are cached already (the worker takes them over at once), not only from the next visit.
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
        navigateFallback: null,
        runtimeCaching: [
          {
            // Pages (server-rendered, the same for everyone: page loads carry no session): the network first, the last
            // copy after 3 s without an answer, else the offline page with the list of pages kept.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|app\.admin|uploads)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'kasuwa-pages',
              networkTimeoutSeconds: 3,
              expiration: { maxEntries: 40 },
              precacheFallback: { fallbackURL: '/offline.html' },
            },
          },
          {
            // The app's other chunks (hashed names: never change).
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'kasuwa-assets', expiration: { maxEntries: 200 } },
          },
          {
            // Photos seen (hashed, immutable names under /uploads).
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: { cacheName: 'kasuwa-photos', expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 } },
          },
          {
            // Public reads: listings, categories, shops, places.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && /^\/api\/(products(?!\/cart)|category|sellers|locations|money)(\/|$|\?)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'kasuwa-api', networkTimeoutSeconds: 4, expiration: { maxEntries: 150 } },
          },
          {
            // The signed-in user's reads (saved items, orders, chats, addresses, saved searches, cart, profile): kept in a cache of their own, which
            // sign-out deletes (features/offline/startOffline.ts) so the next user of the phone never sees them.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              /^\/api\/(favourites|orders|conversations|addresses|saved-searches|products\/cart|profile\/me)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'kasuwa-private', networkTimeoutSeconds: 4, expiration: { maxEntries: 100 } },
          },
        ],
      },
    }),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(m?js|css|svg|ico|json|webmanifest|txt|xml)$/,
      threshold: 0,
      skipIfLargerOrEqual: false,
    }),
  ],
  resolve: {
    alias: [
      { find: '@kasuwa/contracts', replacement: path.resolve(repoRoot, 'libs/contracts/src/index.ts') },
      { find: '@kasuwa/ui', replacement: path.resolve(repoRoot, 'libs/ui/src') },
    ],
  },
  // The API also serves uploaded images (avatars, listing photos) under /uploads.
  server: { port: 4200, proxy: apiProxy },
  preview: { port: 4300, proxy: apiProxy },
  build: {
    outDir: path.resolve(repoRoot, 'dist/apps/storefront'),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser that runs es2022 modules knows modulepreload: the polyfill would only weigh on the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: a deploy that only touches app code leaves these cached
        // on the phone, so a returning visitor on prepaid data downloads only the small app chunk.
        codeSplitting: {
          groups: [
            {
              // React and React DOM (with its scheduler): evaluated in a start-up step of its own (src/app/startReact.ts).
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 5,
            },
            {
              // Apart from React: evaluated in a start-up step of its own (src/app/startRouter.ts).
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 4,
            },
            {
              name: (id: string, ctx: Ctx) => (UI_CORE.test(id) && inShell(id, ctx) ? 'mui-core' : null),
              priority: 3,
            },
            {
              name: (id: string, ctx: Ctx) => (UI_VENDOR.test(id) && inShell(id, ctx) ? 'mui' : null),
              priority: 2,
            },
            {
              // The shell's own code in one chunk with boot.tsx (not in a handful of tiny shared chunks, each
              // compressed on its own). main.tsx and what it imports stay in the entry.
              name: (id: string, ctx: Ctx) => (APP_SRC.test(id) && !ENTRY_OWN.test(id) && inShell(id, ctx) ? 'boot' : null),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
