import type { INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// File types the apps ship; any other path (even /app.admin) is a route of the app.
const ASSET = /\.(js|mjs|css|map|png|jpe?g|webp|gif|svg|ico|json|txt|xml|webmanifest|woff2?|ttf)$/i;

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
        res.setHeader('Cache-Control', path.startsWith(hashedDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
      },
    },
  });
}

/** A storefront page made from the app shell: rendered on the server, with its own status (404 for an unknown page). */
export interface ShellPage {
  status: number;
  html: string;
}

/**
 * Makes a storefront page from the app shell (server rendering, a product's title and Open Graph tags),
 * or null to serve the shell as is. `url` is the path with its query string.
 */
export type ShellRewriter = (path: string, html: string, url: string) => Promise<ShellPage | string | null>;

/** Serves the built storefront at / and the back office at /app.admin, each with an SPA fallback for deep links. */
export function serveWebApps(app: INestApplication, webDir: string, rewrite?: ShellRewriter): void {
  const http = app.getHttpAdapter().getInstance() as express.Express;
  const apps = [
    { prefix: '/app.admin', dir: join(webDir, 'backoffice') },
    { prefix: '/', dir: join(webDir, 'storefront') },
  ].filter((a) => existsSync(join(a.dir, 'index.html')));

  for (const a of apps) {
    // Read per request (a 1 kB file the OS caches), so a rebuilt app is served without a restart.
    const shell = () => readFileSync(join(a.dir, 'index.html'), 'utf8');
    // Built assets have .br and .gz copies next to them (vite-plugin-compression2): the best one the client accepts
    // goes out with Content-Encoding and Vary: Accept-Encoding, the plain file otherwise.
    // Only a path that names a file type the apps ship reaches the disk: API calls and pages never cost a stat (issue 10).
    const assets = staticAssets(a.dir);
    http.use(a.prefix, (req: Request, res: Response, next: NextFunction) => (ASSET.test(req.path) && !req.originalUrl.startsWith('/api/') ? assets(req, res, next) : next()));
    http.use(a.prefix, (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const path = req.originalUrl.split('?')[0];
      if (path.startsWith('/api/') || path === '/api' || path.startsWith('/uploads/')) return next();
      if (ASSET.test(path)) return next(); // a missing asset is a 404, not the app shell
      res.setHeader('Cache-Control', 'no-cache');
      const index = shell();
      const send = (page: ShellPage | string | null) => {
        const { status, html } = typeof page === 'string' ? { status: 200, html: page } : (page ?? { status: 200, html: index });
        res.status(status).type('html').send(html);
      };
      // The back office is a plain single-page app: only the storefront's pages are rewritten.
      if (!rewrite || a.prefix !== '/') return send(index);
      rewrite(path, index, req.originalUrl).then(send, () => send(index));
    });
  }
}
