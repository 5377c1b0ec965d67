import expressStaticGzip from 'express-static-gzip';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { colorSchemeHeaders, colorSchemeOf, COLOR_SCHEME_VARY, withColorScheme, type ColorScheme } from './color-scheme';
import { rawCompression } from './compression';
import { dataSaverOf, DATA_SAVER_VARY, withDataSaver } from './data-saver';

// File types the apps ship; any other path (even /app.admin) is a route of the app.
// The storefront's offline page (the service worker's fallback) is a file too.
const ASSET = /\.(js|mjs|css|map|png|jpe?g|webp|gif|svg|ico|json|txt|xml|webmanifest|woff2?|ttf)$|^\/offline\.html$/i;
/**
 * The service worker and its offline page keep their names from one build to the next: revalidated on every load, so a
 * deploy's new worker (and its new list of precached files) is found at once, not a day later.
 */
const REVALIDATED = /[\\/](sw\.js|offline\.html|offline\.js)(\.br|\.gz)?$/;

/** Set on a raw response while express-static-gzip serves it: called once the file is found, to hand the reply over. */
const HAND_OVER = Symbol('kasuwa.handOver');
type RawResponse = ServerResponse & { [HAND_OVER]?: () => void };
type RawRequest = IncomingMessage & { path?: string; originalUrl?: string };

/** Hashed files under assets/ never change: cached for a year. The rest (favicon, manifest, icons) keep their names: a day. */
function staticAssets(dir: string) {
  const hashedDir = join(dir, 'assets', '/');
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      setHeaders: (res, path) => {
        (res as RawResponse)[HAND_OVER]?.();
        res.setHeader(
          'Cache-Control',
          path.startsWith(hashedDir)
            ? 'public, max-age=31536000, immutable'
            : REVALIDATED.test(path)
              ? 'no-cache'
              : 'public, max-age=86400',
        );
      },
    },
  }) as unknown as (req: RawRequest, res: ServerResponse, next: (err?: unknown) => void) => void;
}

/** A storefront page made from the app shell: rendered on the server, with its own status (404 for an unknown page). */
export interface ShellPage {
  status: number;
  html: string;
  /** A redirect's target (status 301): an old spelling of a page's address. */
  location?: string;
}

/**
 * Makes a storefront page from the app shell (server rendering, a product's title and Open Graph tags),
 * or null to serve the shell as is. `url` is the path with its query string; `scheme`, the colours to render it in.
 */
export type ShellRewriter = (path: string, html: string, url: string, scheme: ColorScheme) => Promise<ShellPage | string | null>;

/** Answers a request from memory on the raw response (the page micro-cache); true when it did. */
export type RawAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

interface WebApp {
  prefix: string;
  dir: string;
  shell: () => string;
  assets: ReturnType<typeof staticAssets>;
}

const under = (path: string, prefix: string) =>
  prefix === '/' || path.toLowerCase() === prefix || path.toLowerCase().startsWith(`${prefix}/`);

/**
 * Serves the built storefront at / and the back office at /app.admin, each with an SPA fallback for deep links: one
 * catch-all GET route, which every route of the API outranks. A path under /api that no route serves is the API's 404.
 */
export function serveWebApps(http: FastifyInstance, webDir: string, rewrite?: ShellRewriter, cached?: RawAnswer): void {
  const apps: WebApp[] = [
    { prefix: '/app.admin', dir: join(webDir, 'backoffice') },
    { prefix: '/', dir: join(webDir, 'storefront') },
  ]
    .filter((a) => existsSync(join(a.dir, 'index.html')))
    // The shell is read per request (a 1 kB file the OS caches), so a rebuilt app is served without a restart.
    // Built assets have .br and .gz copies next to them (vite-plugin-compression2): the best one the client accepts
    // goes out with Content-Encoding and Vary: Accept-Encoding, the plain file otherwise (compressed on the fly).
    .map((a) => ({ ...a, shell: () => readFileSync(join(a.dir, 'index.html'), 'utf8'), assets: staticAssets(a.dir) }));

  const page = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const a = apps.find((app) => under(path, app.prefix));
    if (!a) return void reply.callNotFound();
    const storefront = a.prefix === '/';
    // A storefront page is in the user's colours from its first paint (color-scheme.ts), shell or server rendering.
    const scheme = colorSchemeOf(request.raw);
    const index = storefront ? withColorScheme(a.shell(), scheme) : a.shell();
    // Data-saver (data-saver.ts): the same page without its scripts up front and with small photos.
    const light = storefront && dataSaverOf(request.raw);
    const send = (page: ShellPage | string | null) => {
      const {
        status,
        html: full,
        location,
      } = typeof page === 'string'
        ? { status: 200, html: page, location: undefined }
        : (page ?? { status: 200, html: index, location: undefined });
      const html = light ? withDataSaver(full) : full;
      if (location) return void reply.code(status).header('Location', location).header('Cache-Control', 'public, max-age=3600').send();
      if (storefront) {
        colorSchemeHeaders(request.raw, reply.raw);
        void reply.header('Vary', `${COLOR_SCHEME_VARY}, ${DATA_SAVER_VARY}`);
      }
      void reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };
    // The back office is a plain single-page app: only the storefront's pages are rewritten.
    if (!rewrite || !storefront) return send(index);
    rewrite(path, index, request.url, scheme).then(send, () => send(index));
  };

  /** The first app (by prefix) that has the file streams it; none: the API's 404. Only asset paths reach the disk. */
  const asset = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const req = request.raw as RawRequest;
    const res = reply.raw as RawResponse;
    const url = req.url!;
    req.originalUrl = url;
    res[HAND_OVER] = () => void reply.hijack();
    const from = (first: number): void => {
      const i = apps.findIndex((app, j) => j >= first && under(path, app.prefix));
      if (i < 0) {
        delete res[HAND_OVER];
        return void reply.callNotFound();
      }
      // As Express mounted it: the app sees the path below its prefix.
      const cut = apps[i].prefix === '/' ? 0 : apps[i].prefix.length;
      req.url = url.slice(cut) || '/';
      req.path = path.slice(cut) || '/';
      apps[i].assets(req, res, (err) => {
        req.url = url;
        if (!err) return from(i + 1);
        delete res[HAND_OVER];
        void reply.send(err);
      });
    };
    rawCompression(req as never, res as never, () => from(0));
  };

  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    // The page cache holds the full pages: a data-saver page is made from a fresh render.
    if (cached && !request.headers.authorization && !dataSaverOf(request.raw) && cached(request.raw, reply.raw)) return void reply.hijack();
    const path = request.url.split('?', 1)[0];
    const lower = path.toLowerCase();
    if (lower === '/api' || lower.startsWith('/api/') || lower.startsWith('/uploads/')) return void reply.callNotFound();
    if (ASSET.test(path)) return asset(request, reply, path); // a missing asset is a 404, not the app shell
    page(request, reply, path);
  };
  http.get('/*', serve);
}
