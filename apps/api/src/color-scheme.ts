import { COLOR_MODE_COOKIE, COLOR_SCHEME_HEAD, COLOR_SCHEME_SCRIPT, SYSTEM_SCHEME_COOKIE } from '@kasuwa/contracts';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * No light flash for a dark-mode user: a storefront page is rendered in the user's colours. Known from, in order,
 * the choice made in the storefront (a cookie holds it), the browser's `Sec-CH-Prefers-Color-Scheme` hint (Chromium,
 * asked for with Accept-CH), or the system's scheme the page's head script last saw (a cookie, for browsers without
 * the hint). Unknown (a first visit from such a browser): the light page, and the head script darkens the page's
 * background before the first paint; the app switches the rest once it has hydrated.
 */

/** The colours a storefront page is rendered in. */
export type ColorScheme = 'light' | 'dark';

const HINT = 'Sec-CH-Prefers-Color-Scheme';
const CHOICE = new RegExp(`(?:^|;)\\s*${COLOR_MODE_COOKIE}=(light|dark)\\s*(?:;|$)`);
const SYSTEM = new RegExp(`(?:^|;)\\s*${SYSTEM_SCHEME_COOKIE}=(light|dark)\\s*(?:;|$)`);

function cookie(req: IncomingMessage, re: RegExp): ColorScheme | null {
  const header = req.headers.cookie;
  return typeof header === 'string' ? ((re.exec(header)?.[1] as ColorScheme | undefined) ?? null) : null;
}

/** The hint's value is a structured-header string ("dark"); anything else is no hint. */
function hint(req: IncomingMessage): ColorScheme | null {
  const value = req.headers[HINT.toLowerCase()];
  const m = typeof value === 'string' ? /^\s*"?(light|dark)"?\s*$/.exec(value) : null;
  return (m?.[1] as ColorScheme | undefined) ?? null;
}

/** The scheme the request asks for, or null when nothing says (then the page is rendered light). */
export function requestedScheme(req: IncomingMessage): ColorScheme | null {
  return cookie(req, CHOICE) ?? hint(req) ?? cookie(req, SYSTEM);
}

/** The scheme a storefront page is rendered in for this request: the page cache keeps one copy per scheme. */
export function colorSchemeOf(req: IncomingMessage): ColorScheme {
  return requestedScheme(req) ?? 'light';
}

/** What the answer's HTML depends on: caches (the browser's, a CDN's) keep one copy per hint and cookie. */
export const COLOR_SCHEME_VARY = `${HINT}, Cookie`;

/**
 * The client-hint headers of a storefront page. Critical-CH only when nothing tells the scheme (a first visit): a
 * Chromium browser then asks again at once with the hint, one round trip before any byte of the page is used, rather
 * than painting a light page; a browser that sends no hints ignores it, and from its second page on the head
 * script's cookie tells.
 */
export function colorSchemeHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Accept-CH', HINT);
  if (requestedScheme(req) === null) res.setHeader('Critical-CH', HINT);
}

/** The script's hash, allowed by the pages' Content-Security-Policy (script-src): no inline script runs otherwise. */
export const COLOR_SCHEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

/** The storefront's shell marked with the scheme its page is rendered in, with the head script and style (COLOR_SCHEME_HEAD). */
export function withColorScheme(shell: string, scheme: ColorScheme): string {
  return shell.replace(/<html\b/, `<html data-color-scheme="${scheme}"`).replace('</head>', `${COLOR_SCHEME_HEAD}</head>`);
}
