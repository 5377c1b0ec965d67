import { INestApplication, RequestMethod } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { resolve } from 'node:path';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { assertCleanInput } from './common/input-guard';
import { requestLog } from './common/request-log';
import { requestContext, tagsLogsWithRequestId } from './common/request-context';
import { tracing } from './telemetry';
import { securityHeadersOnRequest, securityHeadersOnSend } from './common/static-headers';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app.config';
import { LocalStorageService, UPLOADS_ROUTE } from './modules/storage/storage.service';
import { PageCacheService } from './pages/page-cache.service';
import { PageRenderService } from './pages/page-render.service';
import { SeoService } from './pages/seo.service';
import { serveWebApps } from './web';
import { replyEncoding } from './compression';
import { serveFile } from './http-adapter';
import { workerHttpGate } from './common/role-gate';
import { MetricsService } from './modules/metrics/metrics.service';
import { SocketAdapter } from './modules/redis/socket-adapter';

/**
 * Everything main.ts and the e2e tests both need: the same app, configured the same way. The app runs on the
 * FastifyAdapter of http-adapter.ts; what used to be Express middleware is Fastify hooks, each doing only what
 * every request needs: onRequest (a page's headers, request id, the query-string check), onSend (an /api
 * answer's headers, ETag, compression) and onResponse (the latency histogram, the log line).
 */
export function configureApp(app: INestApplication, cfg: AppConfig): void {
  const http = app.getHttpAdapter().getInstance() as FastifyInstance;
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'sitemap.xml', method: RequestMethod.GET },
      { path: 'sitemaps/:name', method: RequestMethod.GET },
      { path: 'robots.txt', method: RequestMethod.GET },
    ],
  });
  app.useWebSocketAdapter(new SocketAdapter(app)); // chat sockets: through Redis across replicas when REDIS_URL is set

  const gate = !cfg.scale.servesHttp;
  const tagLogs = tagsLogsWithRequestId(cfg.app.logRequestId, !!tracing);
  http.addHook('onRequest', (request, reply, done) => {
    if (tagLogs) requestContext.enterWith(request); // the request id of the Nest logger's lines (json-logger.ts)
    if (gate && workerHttpGate(request.url.split('?', 1)[0], reply)) return;
    const res = reply.raw;
    securityHeadersOnRequest(request.url, res); // helmet's, recorded at start: a page's or file's now, an /api answer's in onSend below
    res.setHeader('X-Request-Id', request.id); // the caller's or a new one (http-adapter.ts: genReqId)
    // Every query string, read by a route or not, is text Postgres can take (bodies and path parameters: the validation pipe).
    if (request.url.includes('?')) {
      try {
        assertCleanInput(request.query);
      } catch (err) {
        return done(err as Error);
      }
    }
    done();
  });
  // Tracing on: the HTTP server span is named by its route and carries the request id; the log line, its trace id.
  // Off, no hook: a request does no tracing work at all.
  if (tracing) {
    http.decorateRequest('traceId', '');
    http.addHook('onRequest', (request, _reply, done) => {
      request.traceId = tracing!.request(request.id, request.method, request.routeOptions.url) ?? '';
      done();
    });
  }
  // One onSend hook, not two: an /api answer's headers by its type, then ETag and 304s as Express gave them and JSON
  // and HTML over 1 kB as br or gzip (each hook Fastify runs is a closure and a callback per request).
  http.addHook('onSend', (request, reply, payload, done) => {
    securityHeadersOnSend(request.url, reply.raw, reply.getHeader('content-type'));
    replyEncoding(request, reply, payload, done);
  });
  const metrics = app.get(MetricsService);
  const log = requestLog(cfg.app.logLevel, undefined, !!tracing); // one log line per /api request (null when LOG_LEVEL logs nothing)
  http.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply); // one histogram observation per request
    log?.(request, reply.raw.statusCode, reply.elapsedTime, false);
    done();
  });
  // A client that hangs up before its answer: a warning (no status, no time: nothing per request is kept for it).
  if (log) {
    http.addHook('onRequestAbort', (request, done) => {
      log(request, undefined, undefined, true);
      done();
    });
  }

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
  // A file that is not there (never was, or its listing was deleted) is a plain 404 here, whatever the static server's error.
  http.get(`${UPLOADS_ROUTE}/*`, (request, reply) =>
    serveFile(
      request,
      reply,
      uploads.root,
      request.url.split('?', 1)[0].slice(UPLOADS_ROUTE.length),
      { immutable: true, maxAge: '365d' },
      () => void reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' }),
    ),
  );
  const seo = app.get(SeoService);
  const pages = app.get(PageRenderService);
  const pageCache = app.get(PageCacheService); // anonymous storefront pages answered from memory for PAGE_CACHE_TTL
  serveWebApps(
    http,
    resolve(cfg.app.webDir ?? 'dist/apps'),
    pageCache.wrap(async (path, html, url, scheme) => {
      // A listing's or a shop's Open Graph tags ('missing': the listing or shop is not there).
      const meta = await seo.pageMeta(path);
      const found = meta && meta !== 'missing' ? meta : null;
      const shell = seo.injectCanonical(found ? seo.injectMeta(html, found) : html, url, found);
      // The first view rendered on the server (public pages), else the shell with its Open Graph tags.
      const rendered = await pages.render(url, shell, scheme);
      // A listing sold long ago renders as Sold but answers 410 Gone (SeoService.pageMeta).
      if (rendered) return found?.status ? { ...rendered, status: found.status } : rendered;
      // No server build: still a 404 for a listing or shop that is not there (the app says so); other pages get the
      // shell with their canonical link.
      return meta === 'missing' ? { status: 404, html } : found?.status ? { status: found.status, html: shell } : shell;
    }),
    pageCache.answer,
  );
}
