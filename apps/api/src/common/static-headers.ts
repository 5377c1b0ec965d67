import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COLOR_SCHEME_SCRIPT_HASH } from '../color-scheme';
import { DATA_SAVER_SCRIPT_HASH } from '../data-saver';

/** A Connect-style header middleware (helmet). */
type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * A header middleware whose headers never depend on the request (helmet with static directives) run once at start:
 * the headers it sets and removes are recorded, and the function returned replays them on a response, instead of a
 * dozen nested middlewares rebuilding the same strings on every request.
 */
export function staticHeaders(middleware: HeaderMiddleware): (res: ServerResponse) => void {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  } as unknown as ServerResponse;
  let called = false;
  middleware({ method: 'GET', url: '/', headers: {} } as IncomingMessage, res, () => (called = true));
  if (!called) throw new Error('staticHeaders: the middleware did not finish synchronously');
  return (out: ServerResponse) => {
    for (const name of removed) out.removeHeader(name);
    for (const [name, value] of set) out.setHeader(name, value);
  };
}

/** The app's helmet headers (static directives), recorded once: every answer gets them, those written on the raw response too. */
export const securityHeaders = staticHeaders(
  helmet({
    contentSecurityPolicy: {
      directives: {
        // The storefront's inline scripts by their hashes: the colours set before the first paint (color-scheme.ts) and
        // a data-saver page's loader (data-saver.ts). The service worker (/sw.js) is 'self' (worker-src falls back here).
        'script-src': ["'self'", COLOR_SCHEME_SCRIPT_HASH, DATA_SAVER_SCRIPT_HASH],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'form-action': ["'self'", 'https:', 'http:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  }),
);

/**
 * The headers of a data answer from /api (JSON, a redirect, no body): only those that mean something for an answer a
 * browser never shows as a page. The page headers (its CSP, framing, opener, referrer, DNS prefetch, …) were ~800 bytes
 * on every answer, more than most JSON bodies on prepaid mobile data, and setting them took a fifth of the CPU of a
 * request that reads no data. `default-src 'none'` is stricter than the page policy: a JSON answer opened
 * as a page loads and runs nothing, and no page may frame it. Kept: Cross-Origin-Resource-Policy, HSTS, nosniff.
 */
export const dataSecurityHeaders = staticHeaders(
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  }),
);

/**
 * The built apps' hashed scripts, styles and fonts and the uploaded photos: files a page loads, never pages. A policy
 * on a script or an image does nothing (the page's own applies), so they get the data headers (~220 bytes) instead of
 * the page's ~1,000: a product page's first view loads some 40 chunks, ~25 KB of headers on prepaid data. nosniff and
 * Cross-Origin-Resource-Policy are what matter for a file, and opened on its own as a page, it runs nothing.
 */
const FILE_PATH = /^\/(app\.admin\/)?(assets|uploads)\//i;

/** /api paths other than the API's own pages (Swagger UI at /api/docs and its files): their answers are data, or decided when known. */
const DATA_PATH = /^\/api\/(?!docs)/i;

/**
 * Where every answer gets its security headers. Pages, the site's own files (robots.txt, the service worker) and the
 * API docs get securityHeaders as the request arrives, the apps' assets and the photos the data headers (FILE_PATH),
 * on the raw response, so the answers written there (files, cached pages) carry them too. An /api answer gets them
 * once its type is known (securityHeadersOnSend): dataSecurityHeaders for JSON and bodiless answers, the page
 * headers for anything a browser may show (the test-checkout page, a CSV export, an event stream).
 */
export function securityHeadersOnRequest(url: string, res: ServerResponse): void {
  if (DATA_PATH.test(url)) return;
  (FILE_PATH.test(url) ? dataSecurityHeaders : securityHeaders)(res);
}

/** The onSend half of securityHeadersOnRequest: an /api answer's headers, by its Content-Type. */
export function securityHeadersOnSend(url: string, res: ServerResponse, contentType: unknown): void {
  if (!DATA_PATH.test(url)) return;
  (typeof contentType !== 'string' || contentType.startsWith('application/json') ? dataSecurityHeaders : securityHeaders)(res);
}
