// What a first visit downloads before anything shows: the entry script, every chunk the built index.html
// modulepreloads, and its stylesheets. Gzip bytes are deterministic (unlike timings), so a test can hold them to a budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Paths (as the page asks for them) of the scripts, modulepreloads and stylesheets in a built index.html. */
export function initialAssets(html) {
  const urls = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
    if (/^<script/i.test(tag) && /type="module"/i.test(tag) && src) urls.add(src);
    const rel = /\brel="([^"]+)"/i.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href && (rel === 'modulepreload' || rel === 'stylesheet')) urls.add(href);
  }
  return [...urls];
}

/**
 * The chunks an entry script imports on its own (Vite lists them in the entry's `__vite__mapDeps`), as paths
 * from the site root. The storefront's entry is a few hundred bytes that starts the app (boot.tsx) once a
 * server-rendered first screen has shown: the app still belongs to the first download, only later.
 */
export function entryImports(source, base = '/') {
  const list = /__vite__mapDeps=[^[]*\[([^\]]*)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => base + m[1]);
}

/**
 * Gzip size of an app's initial download: { js, css, files: [{ url, raw, gzip }] }.
 * `dir` is the built app (dist/apps/storefront), `base` its URL prefix ('/' or '/app.admin/').
 */
export function initialBundle(dir, base = '/') {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: build the apps first (npm run build:web)`);
  const files = initialAssets(readFileSync(indexPath, 'utf8'))
    .filter((url) => url.startsWith(base))
    .map((url) => {
      const bytes = readFileSync(join(dir, url.slice(base.length)));
      return { url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
  const sum = (re) => files.filter((f) => re.test(f.url)).reduce((n, f) => n + f.gzip, 0);
  return { js: sum(/\.m?js$/), css: sum(/\.css$/), files };
}
