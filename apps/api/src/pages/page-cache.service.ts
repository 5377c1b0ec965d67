import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { colorSchemeHeaders, colorSchemeOf, COLOR_SCHEME_VARY, type ColorScheme } from '../color-scheme';
import { weakEtag } from '../compression';
import { DATA_SAVER_VARY } from '../data-saver';
import type { ShellPage, ShellRewriter } from '../web';
import { CatalogueVersion } from '../modules/catalog/catalogue-version.service';

/** Rendered pages kept at most this many bytes (HTML and its compressed copies); past it the least recently used go. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Smaller answers are not worth compressing (the same threshold as the dynamic compression middleware). */
const COMPRESS_MIN = 1024;
/**
 * Server renders under way at most; past it a page goes out as the plain app shell (the browser renders it), so an
 * overload of distinct pages costs neither unbounded memory nor minutes of queued renders for visitors who gave up.
 */
export const MAX_RENDERS = 16;

interface Entry {
  status: number;
  html: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  version: number;
  expires: number;
  /** What it was rendered from, to render it again in the background once it is stale. */
  path: string;
  shell: string;
  scheme: ColorScheme;
}

const compressBrotli = promisify(brotliCompress);
/** Brotli at a quick quality, made once per page on libuv's thread pool (off the thread that answers requests). */
const brotliOf = (html: Buffer) =>
  compressBrotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } });

/** One copy of a page per colour scheme it is rendered in: a dark-mode visitor is never answered the light page. */
const keyOf = (scheme: ColorScheme, url: string) => `${scheme}\n${url}`;

/**
 * A micro-cache of the storefront pages rendered on the server (PageRenderService): the same URL within PAGE_CACHE_TTL
 * is answered from memory, HTML and its brotli/gzip copy made once. Pages are rendered as an anonymous visitor sees
 * them whoever asks (sessions are bearer tokens that page loads never carry), so one copy serves everybody in the same
 * colour scheme (color-scheme.ts: one copy light, one dark); a request that does carry an Authorization header is
 * still rendered afresh. Every entry belongs to a catalogue version: a
 * listing or category change anywhere (CatalogueVersion, heard from Postgres) drops them all, and nothing is served
 * from here while this process cannot hear changes. Concurrent misses of one URL share one render, and past MAX_RENDERS
 * renders at once a page is shed to the plain shell. A page past its TTL (the catalogue unchanged) is still answered for
 * one more TTL while a single render refreshes it in the background: a popular page never makes its visitors wait for a
 * render because its time ran out (p95 of the hot pages).
 */
@Injectable()
export class PageCacheService {
  private readonly ttlMs: number;
  private readonly pages = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<ShellPage>>();
  private bytes = 0;
  private rewrite?: ShellRewriter;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    private readonly catalogue: CatalogueVersion,
  ) {
    this.ttlMs = cfg.app.pageCacheTtl * 1000;
    catalogue.onChange(() => this.clear());
  }

  /**
   * Answers a storefront page from the cache on the raw response when it can (true); false: the page is rendered (see
   * wrap). `req.url` is the path with its query string, as the browser asked for it.
   */
  readonly answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url!;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) return false;
    const key = keyOf(colorSchemeOf(req), url);
    const page = this.pages.get(key);
    if (!page || page.version !== this.catalogue.current) return false;
    const stale = page.expires <= Date.now();
    if (stale && (page.expires + this.ttlMs <= Date.now() || !this.rewrite)) return false;
    if (stale) void this.render(page.path, page.shell, url, page.scheme, page.version)?.catch(() => undefined); // a failed refresh: the next visitor tries again
    // Least recently used last: the oldest is the first in the Map.
    this.pages.delete(key);
    this.pages.set(key, page);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('ETag', page.etag);
    res.setHeader('X-Page-Cache', stale ? 'stale' : 'hit');
    colorSchemeHeaders(req, res);
    // Save-Data: a data-saver page is another answer (data-saver.ts), never served from here.
    res.setHeader(
      'Vary',
      page.html.length >= COMPRESS_MIN
        ? `${COLOR_SCHEME_VARY}, ${DATA_SAVER_VARY}, Accept-Encoding`
        : `${COLOR_SCHEME_VARY}, ${DATA_SAVER_VARY}`,
    );
    if (req.headers['if-none-match'] === page.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const body = this.encoded(page, String(req.headers['accept-encoding'] ?? ''), res);
    res.statusCode = page.status;
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };

  /** The storefront's page rewriter with its answers kept: anonymous pages only, one render per URL at a time. */
  wrap(rewrite: ShellRewriter): ShellRewriter {
    this.rewrite = rewrite;
    return async (path, html, url, scheme) => {
      const version = this.catalogue.current;
      if (this.ttlMs <= 0 || version === null) return rewrite(path, html, url, scheme);
      return (await this.render(path, html, url, scheme, version)) ?? { status: 200, html, shed: true };
    };
  }

  /** The render of `url` under way, or a new one kept when it ends; null past MAX_RENDERS (the caller sheds the page). */
  private render(path: string, shell: string, url: string, scheme: ColorScheme, version: number): Promise<ShellPage> | null {
    const key = `${version}\n${keyOf(scheme, url)}`;
    const pending = this.rendering.get(key);
    if (pending) return pending;
    if (this.rendering.size >= MAX_RENDERS || !this.rewrite) return null;
    const render = this.rewrite(path, shell, url, scheme)
      .then(async (page): Promise<ShellPage> => {
        const done = typeof page === 'string' ? { status: 200, html: page } : (page ?? { status: 200, html: shell });
        // A redirect is not kept (a cached entry has no Location): resolving it again is cheap.
        if (done.location || this.catalogue.current !== version) return done;
        // Compressed once, before it is kept: the visitors who waited for this render get the same bytes as later ones.
        const html = Buffer.from(done.html);
        const br = html.length >= COMPRESS_MIN ? await brotliOf(html) : undefined;
        // A change heard while rendering: the page may show the catalogue before it, so it is not kept.
        if (this.catalogue.current !== version) return done;
        const entry = this.store(keyOf(scheme, url), done.status, html, br, version, path, shell, scheme);
        return { ...done, encoded: { etag: entry.etag, br: entry.br } };
      })
      .finally(() => this.rendering.delete(key));
    this.rendering.set(key, render);
    return render;
  }

  /** Drops every page (a catalogue change). */
  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  private store(
    key: string,
    status: number,
    html: Buffer,
    br: Buffer | undefined,
    version: number,
    path: string,
    shell: string,
    scheme: ColorScheme,
  ): Entry {
    const entry = { status, html, br, etag: weakEtag(html), version, expires: Date.now() + this.ttlMs, path, shell, scheme };
    this.drop(key);
    this.pages.set(key, entry);
    this.grow(html.length + (br?.length ?? 0));
    return entry;
  }

  /** The body in the best encoding the client takes: brotli made when the page was kept, gzip once a client asks. */
  private encoded(page: Entry, accepts: string, res: ServerResponse): Buffer {
    if (page.br && /\bbr\b/.test(accepts)) {
      res.setHeader('Content-Encoding', 'br');
      return page.br;
    }
    if (page.html.length >= COMPRESS_MIN && /\bgzip\b/.test(accepts)) {
      page.gzip ??= this.grown(gzipSync(page.html, { level: 6 }));
      res.setHeader('Content-Encoding', 'gzip');
      return page.gzip;
    }
    return page.html;
  }

  private grown(b: Buffer): Buffer {
    this.grow(b.length);
    return b;
  }

  private grow(n: number): void {
    this.bytes += n;
    for (const key of this.pages.keys()) {
      if (this.bytes <= MAX_BYTES) break;
      this.drop(key);
    }
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.html.length + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
  }
}
