import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { colorSchemeHeaders, colorSchemeOf, COLOR_SCHEME_VARY, withColorScheme, type ColorScheme } from './color-scheme';
import { SHARED_JSON, sharedText } from './common/shared-json';
import { dataSaverOf, DATA_SAVER_VARY, withDataSaver } from './data-saver';

// File types the apps ship; any other path (even /app.admin) is a route of the app.
// The storefront's offline page (the service worker's fallback) is a file too.
const ASSET = /\.(js|mjs|css|map|png|jpe?g|webp|gif|svg|ico|json|txt|xml|webmanifest|woff2?|ttf)$|^\/offline\.html$/i;
/**
 * The service worker and its offline page keep their names from one build to the next: revalidated on every load, so a
 * deploy's new worker (and its new list of precached files) is found at once, not a day later.
 */
const REVALIDATED = /[\\/](sw\.js|offline\.html|offline\.js)(\.br|\.gz)?$/;
/** RFC 9239's type for scripts (the one browsers and Express's `send` use; @fastify/send still says application/javascript). */
const JS_TYPE = /^application\/javascript\b/;

/**
 * @fastify/static without routes of its own (the catch-all below decides what is a file), for reply.sendFile: built
 * assets have .br and .gz copies next to them (vite-plugin-compression2), and `preCompressed` sends the best one the
 * client accepts with Content-Encoding and Vary: Accept-Encoding, the plain file otherwise (which compression.ts's
 * onSend hook then compresses on the fly). Hashed files under assets/ never change: cached for a year. The rest
 * (favicon, manifest, icons) keep their names: a day.
 */
function registerStatic(http: FastifyInstance, dirs: string[]): void {
  const hashedDirs = dirs.map((dir) => join(dir, 'assets', '/'));
  void http.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, path) => {
      // Set first, so the plugin's own lower-case `accept-encoding` is not added next to it.
      void reply.header('Vary', 'Accept-Encoding');
      void reply.header(
        'Cache-Control',
        hashedDirs.some((d) => path.startsWith(d))
          ? 'public, max-age=31536000, immutable'
          : REVALIDATED.test(path)
            ? 'no-cache'
            : 'public, max-age=86400',
      );
    },
  });
}

/** Scripts go out as text/javascript, whatever the static server's type table says. */
function scriptType(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && JS_TYPE.test(type)) void reply.header('content-type', type.replace(JS_TYPE, 'text/javascript'));
  done(null, payload);
}

/** A storefront page made from the app shell: rendered on the server, with its own status (404 for an unknown page). */
export interface ShellPage {
  status: number;
  html: string;
  /** A redirect's target (status 301): an old spelling of a page's address. */
  location?: string;
  /**
   * Not rendered: too many renders were under way (PageCacheService's MAX_RENDERS), so the plain shell goes out and the
   * browser renders it. Marked `X-Page-Cache: shed`, so load tests and operators can tell a shell from a rendered page.
   */
  shed?: boolean;
  /** The page as the page cache keeps it (its ETag, its brotli copy): the visitors who waited for its render get the same bytes. */
  encoded?: { etag: string; br?: Buffer };
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
    .map((a) => ({ ...a, shell: () => readFileSync(join(a.dir, 'index.html'), 'utf8') }));
  registerStatic(
    http,
    apps.map((a) => a.dir),
  );

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
        shed,
        encoded,
      }: ShellPage = typeof page === 'string' ? { status: 200, html: page } : (page ?? { status: 200, html: index });
      const html = light ? withDataSaver(full) : full;
      if (location) return void reply.code(status).header('Location', location).header('Cache-Control', 'public, max-age=3600').send();
      if (storefront) {
        colorSchemeHeaders(request.raw, reply.raw);
        void reply.header('Vary', `${COLOR_SCHEME_VARY}, ${DATA_SAVER_VARY}`);
        if (shed) void reply.header('X-Page-Cache', 'shed');
      }
      void reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      // The page cache's copy as it answers its hits: its ETag, and its brotli bytes (compression.ts leaves an encoded body).
      if (encoded && !light) {
        void reply.header('ETag', encoded.etag);
        if (encoded.br && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')))
          return void reply.header('Content-Encoding', 'br').send(encoded.br);
      }
      if (full === index) {
        // The shell as it is: hashed and compressed once (compression.ts), whoever asks.
        const shell = sharedText(html);
        (reply as unknown as Record<symbol, unknown>)[SHARED_JSON] = shell;
        void reply.header('ETag', shell.etag);
      }
      void reply.send(html);
    };
    // The back office is a plain single-page app: only the storefront's pages are rewritten.
    if (!rewrite || !storefront) return send(index);
    rewrite(path, index, request.url, scheme).then(send, () => send(index));
  };

  /** The app the path is under (by prefix) streams the file; no such file: the API's 404. Only asset paths reach the disk. */
  const asset = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const a = apps.find((app) => under(path, app.prefix));
    let file: string;
    try {
      // The app sees the path below its prefix; sendFile takes it decoded.
      file = decodeURIComponent(path.slice(a && a.prefix !== '/' ? a.prefix.length : 0));
    } catch {
      file = '';
    }
    if (!a || !file.startsWith('/')) return void reply.callNotFound();
    void reply.sendFile(file, a.dir);
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
  http.get('/*', { onSend: scriptType }, serve);
}
