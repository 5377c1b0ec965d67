import { COLOR_MODE_COOKIE, PAGE_COLORS, STORAGE_KEYS, SYSTEM_SCHEME_COOKIE } from '@kasuwa/contracts';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * No light flash for a dark-mode user: a storefront page is rendered in the user's colours. Known from, in order,
 * the choice made in the storefront (a cookie mirrors it), the browser's `Sec-CH-Prefers-Color-Scheme` hint (Chromium,
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

/**
 * Runs in <head> before the body is parsed (so before the first paint), as the storefront will decide once started
 * (AppProviders): the stored choice, else the system's scheme. It marks <html> with the scheme (the style below
 * paints the background from it) and mirrors the choice and the system's scheme into the cookies the server reads,
 * which also covers choices stored before the cookies existed. ES5, no dependency: it runs before any other script.
 */
export const COLOR_SCHEME_SCRIPT =
  `(function(d){var m='',p='light';try{p=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';` +
  `var s=localStorage.getItem('${STORAGE_KEYS.darkMode}');m=s==='true'?'dark':s==='false'?'light':''}catch(e){}` +
  `d.documentElement.setAttribute('data-color-scheme',m||p);` +
  `function w(k,v){if((';'+d.cookie.replace(/ /g,'')+';').indexOf(';'+k+'='+v+';')<0)d.cookie=k+'='+v+';path=/;max-age=31536000;samesite=lax'}` +
  `w('${COLOR_MODE_COOKIE}',m||'system');w('${SYSTEM_SCHEME_COOKIE}',p)})(document)`;

/** The script's hash, allowed by the pages' Content-Security-Policy (script-src): no inline script runs otherwise. */
export const COLOR_SCHEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`;

const css = (s: ColorScheme) =>
  `html[data-color-scheme=${s}]{color-scheme:${s}}html[data-color-scheme=${s}] body{background-color:${PAGE_COLORS[s].background};color:${PAGE_COLORS[s].text}}`;
const HEAD = `<script>${COLOR_SCHEME_SCRIPT}</script><style>${css('light')}${css('dark')}</style>`;

/** The storefront's shell marked with the scheme its page is rendered in, and the head script and style above. */
export function withColorScheme(shell: string, scheme: ColorScheme): string {
  return shell.replace(/<html\b/, `<html data-color-scheme="${scheme}"`).replace('</head>', `${HEAD}</head>`);
}
