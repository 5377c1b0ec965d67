// The middle line of `npm run bench:http`: Kasuwa's own compiled listing and search services (the same SQL, prepared
// statements, caches and JSON as the app) behind bare node:http: the same work with no framework, so each row shows
// what Nest, Fastify, guards, pipes, interceptors, logging and headers cost on top of the services. Routes:
//   GET /hello                 → {"ok":true}
//   GET /api/products/:id      → ProductsService.getVisible, as the controller wraps it ({success, data})
//   GET /api/products?…        → ProductSearchService.search over the query, transformed to ProductQueryDto as the
//                                app's ValidationPipe does (class-transformer; the validation itself is left out)
// Usage: DATABASE_URL=… PORT=… node apps/api/bench/services-server.mjs   (KASUWA_DIST: the compiled API, as the bench's)
import { createServer } from 'node:http';
import { sendJson as send } from './send-json.mjs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const root = resolve(import.meta.dirname, '../../..');
const dist = resolve(root, process.env.KASUWA_DIST ?? 'dist/apps/api/apps/api/src');
const { NestFactory } = require('@nestjs/core');
const { plainToInstance } = require('class-transformer');
const { AppModule } = require(`${dist}/app.module.js`);
const { ProductsService } = require(`${dist}/modules/catalog/products.service.js`);
const { ProductSearchService } = require(`${dist}/modules/catalog/product-search.service.js`);
const { ProductQueryDto } = require(`${dist}/modules/catalog/dto/product.dto.js`);

// Only the app's providers: no HTTP server is made, so no controller, guard, pipe or interceptor runs.
const ctx = await NestFactory.createApplicationContext(AppModule, { logger: false });
const products = ctx.get(ProductsService);
const search = ctx.get(ProductSearchService);

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/hello') return send(res, 200, { ok: true });
    const m = /^\/api\/products\/(\d{1,9})$/.exec(url.pathname);
    if (m) return send(res, 200, { success: true, data: await products.getVisible(Number(m[1])) });
    if (url.pathname === '/api/products') {
      const q = plainToInstance(ProductQueryDto, Object.fromEntries(url.searchParams));
      return send(res, 200, await search.search(q));
    }
    send(res, 404, { message: 'Not found' });
  } catch (err) {
    send(res, err?.getStatus?.() ?? 500, { message: String(err?.message ?? err) });
  }
});

server.listen(Number(process.env.PORT ?? 3997), '127.0.0.1');
const stop = () => server.close(() => void ctx.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
