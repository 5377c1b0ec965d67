import { INestApplication, RequestMethod } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import { resolve } from 'node:path';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { assertCleanInput } from './common/input-guard';
import { requestLog } from './common/request-log';
import { staticHeaders } from './common/static-headers';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app.config';
import { LocalStorageService, UPLOADS_ROUTE } from './modules/storage/storage.service';
import { PageCacheService } from './modules/seo/page-cache.service';
import { PageRenderService } from './modules/seo/page-render.service';
import { SeoService } from './modules/seo/seo.service';
import { serveWebApps } from './web';
import { dynamicCompression } from './compression';
import { workerHttpGate } from './common/role-gate';
import { MetricsService } from './modules/metrics/metrics.service';
import { SocketAdapter } from './modules/redis/socket-adapter';

/** Everything main.ts and the e2e tests both need: the same app, configured the same way. */
export function configureApp(app: INestApplication, cfg: AppConfig): void {
  const nest = app as NestExpressApplication;
  // One hop: the address our reverse proxy saw. `true` would take the left-most X-Forwarded-For entry, which the client writes.
  nest.set('trust proxy', cfg.app.trustProxy ? 1 : false);
  nest.disable('x-powered-by');
  app.setGlobalPrefix('api', { exclude: [{ path: 'sitemap.xml', method: RequestMethod.GET }, { path: 'robots.txt', method: RequestMethod.GET }] });
  if (!cfg.scale.servesHttp) app.use(workerHttpGate);
  app.use(app.get(MetricsService).middleware); // one histogram observation per request
  app.useWebSocketAdapter(new SocketAdapter(app)); // chat sockets: through Redis across replicas when REDIS_URL is set
  app.use(
    // Static directives: the headers are computed once at start and replayed.
    staticHeaders(helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'form-action': ["'self'", 'https:', 'http:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    })),
  );
  app.use(dynamicCompression()); // JSON and HTML over 1 kB go out as br or gzip (assets are pre-compressed)
  app.use(requestLog(cfg.app.logLevel)); // X-Request-Id on every response; one log line per /api request
  // Every query string, read by a route or not, is text Postgres can take (bodies and path parameters: the validation pipe).
  app.use((req: express.Request, _res: express.Response, next: express.NextFunction) => {
    if (!req.url.includes('?')) return next(); // no query string: nothing to check (most requests)
    try {
      assertCleanInput(req.query);
      next();
    } catch (err) {
      next(err);
    }
  });
  app.use('/api/payments/webhook', express.raw({ type: () => true, limit: '1mb' })); // Paystack signs the raw bytes: keep req.body a Buffer there
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());

  const docs = new DocumentBuilder()
    .setTitle('Kasuwa API')
    .setDescription('Marketplace API: storefront calls, back-office calls (/api/admin, /api/inner/admin) and Paystack webhooks.')
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, 'user')
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, 'admin')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, docs));

  const uploads = app.get(LocalStorageService);
  app.use(UPLOADS_ROUTE, express.static(uploads.root, { immutable: true, maxAge: '365d', index: false, redirect: false }));
  // A file that is not there (never was, or its listing was deleted) is a plain 404 here, whatever the static server's error.
  app.use(UPLOADS_ROUTE, (_req: express.Request, res: express.Response) => void res.status(404).json({ message: 'Not found', code: 'NOT_FOUND' }));
  const seo = app.get(SeoService);
  const pages = app.get(PageRenderService);
  const pageCache = app.get(PageCacheService); // anonymous storefront pages answered from memory for PAGE_CACHE_TTL
  app.use(pageCache.middleware);
  serveWebApps(app, resolve(cfg.app.webDir ?? 'dist/apps'), pageCache.wrap(async (path, html, url) => {
    // A listing's or a shop's Open Graph tags ('missing': the listing or shop is not there).
    const meta = await seo.pageMeta(path);
    const shell = meta && meta !== 'missing' ? seo.injectMeta(html, meta) : html;
    // The first view rendered on the server (public pages), else the shell with its Open Graph tags.
    const rendered = await pages.render(url, shell);
    if (rendered) return rendered;
    // No server build: still a 404 for a listing or shop that is not there (the app says so).
    return meta === 'missing' ? { status: 404, html } : meta ? shell : null;
  }));
}
