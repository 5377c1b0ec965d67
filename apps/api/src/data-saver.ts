import { DATA_SAVER_COOKIE, DATA_SAVER_LOADER } from '@kasuwa/contracts';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/*
 * Data-saver (prepaid mobile data): a storefront page asked for with `Save-Data: on` (the browser's or the OS's
 * data-saver setting) or with the storefront's data-saver cookie (the toggle in the menu) is sent without its scripts.
 * The server's HTML is complete for reading, so the app (~170 kB gzip) is only fetched on the visitor's first tap, key or
 * focus (DATA_SAVER_LOADER, an inline script of a few hundred bytes), and photos are sent at their 400 px size.
 */

const COOKIE = new RegExp(`(?:^|;)\\s*${DATA_SAVER_COOKIE}=(on|off)\\s*(?:;|$)`);

/** True when the page is to be sent light: the cookie decides (the toggle), else the Save-Data header. */
export function dataSaverOf(req: IncomingMessage): boolean {
  const cookie = typeof req.headers.cookie === 'string' ? COOKIE.exec(req.headers.cookie)?.[1] : undefined;
  if (cookie) return cookie === 'on';
  const header = req.headers['save-data'];
  return typeof header === 'string' && /^\s*on\s*$/i.test(header);
}

/** What a storefront page's HTML depends on besides the colours: caches keep one copy with and one without. */
export const DATA_SAVER_VARY = 'Save-Data';

/** The loader's hash, allowed by the pages' Content-Security-Policy (script-src). */
export const DATA_SAVER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(DATA_SAVER_LOADER).digest('base64')}'`;

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** A photo's two sizes (ImageCarousel's photoSrcSet): only the 400 px one is kept. */
const TWO_SIZES = /(srcset|imagesrcset)="([^",]+ 400w), [^"]+"/gi;

/**
 * The page as data-saver sends it: the entry script (and its preloads) out, the loader in, which names the entry in a
 * <meta> (its hash stays the same from one build to the next), and photos in their 400 px size only.
 */
export function withDataSaver(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  let out = html.replace(MODULE_PRELOAD, '').replace(TWO_SIZES, '$1="$2"');
  if (entry) {
    out = out
      .replace(MODULE_SCRIPT, '')
      .replace('</head>', `<meta name="kasuwa-entry" content="${entry}"><script>${DATA_SAVER_LOADER}</script></head>`);
  }
  return out.replace(/<html\b/, '<html data-data-saver="on"');
}
