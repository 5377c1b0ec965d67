import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const repo = resolve(__dirname, '../../../..');
const DATA = /<script id="kasuwa-data" type="application\/json">([^<]*)<\/script>/;

/** The storefront's index.html as the client build makes it: the server render fills its root. */
export const STOREFRONT_SHELL = `<!doctype html><html lang="en"><head><title>Kasuwa · Where Commerce Lives</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`;

/** The page without its scripts and styles: what a reader (or a crawler) sees. */
export const visible = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');
/** The data the page embeds for the client to start from. */
export const embedded = (html: string) => JSON.parse(DATA.exec(html)?.[1] ?? 'null');

/** A WEB_DIR in a new temporary folder holding `files` (path in the folder → contents); the caller removes it. */
export function webDir(prefix: string, files: Record<string, string | Buffer>): string {
  const web = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(web, path)), { recursive: true });
    writeFileSync(join(web, path), contents);
  }
  return web;
}

/**
 * A WEB_DIR in a new temporary folder: the storefront shell, `files` beside it (path in the folder → contents), and the
 * real server build of the storefront (a few seconds), as `npm run build:web` makes it.
 */
export function storefrontWithServerBuild(prefix: string, files: Record<string, string> = {}): string {
  const web = webDir(prefix, { 'storefront/index.html': STOREFRONT_SHELL, ...files });
  execFileSync(
    process.execPath,
    [
      join(repo, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'apps/storefront/vite.ssr.config.mts',
      '--outDir',
      join(web, 'storefront-ssr'),
      '--logLevel',
      'error',
    ],
    {
      cwd: repo,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return web;
}
