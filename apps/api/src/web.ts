import type { INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Serves the built storefront at / and the back office at /app.admin, each with an SPA fallback for deep links. */
export function serveWebApps(app: INestApplication, webDir: string): void {
  const http = app.getHttpAdapter().getInstance() as express.Express;
  const apps = [
    { prefix: '/app.admin', dir: join(webDir, 'backoffice') },
    { prefix: '/', dir: join(webDir, 'storefront') },
  ].filter((a) => existsSync(join(a.dir, 'index.html')));

  for (const a of apps) {
    const index = readFileSync(join(a.dir, 'index.html'), 'utf8');
    // Hashed assets never change: cache for a year. index.html must always be revalidated.
    http.use(a.prefix, express.static(a.dir, { index: false, immutable: true, maxAge: '365d' }));
    http.use(a.prefix, (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const path = req.originalUrl.split('?')[0];
      if (path.startsWith('/api/') || path === '/api' || path.startsWith('/uploads/')) return next();
      if (/\.[a-z0-9]{2,5}$/i.test(path)) return next(); // a missing asset is a 404, not the app shell
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(index);
    });
  }
}
