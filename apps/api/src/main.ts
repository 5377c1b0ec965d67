import 'reflect-metadata';
// First: with OTEL_EXPORTER_OTLP_ENDPOINT set, the instrumentations must be in place before http, pg and ioredis load.
import { tracing } from './telemetry';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { createHttpAdapter } from './http-adapter';
import { ConfigError } from './config/env';
import { loadConfig } from './config/app.config';
import { gracefulStop } from './modules/health/graceful-shutdown';
import { JsonLogger } from './common/json-logger';
import { applyHeapGrowth } from './heap-growth';

/** Starts the API (and the static apps) on HOST:PORT. Returns the app and a function that stops it. */
export async function bootstrap(): Promise<{ app: INestApplication; stop: () => Promise<void> }> {
  applyHeapGrowth();
  const cfg = loadConfig();
  const started = Date.now();
  const app = await NestFactory.create(AppModule, createHttpAdapter(cfg), {
    bufferLogs: false,
    logger: cfg.app.logLevel === 'silent' ? false : new JsonLogger(['log', 'warn', 'error', 'fatal']),
  });
  configureApp(app, cfg);
  await app.listen(cfg.app.port, cfg.app.host);
  const serves = cfg.scale.servesHttp
    ? `${cfg.app.publicUrl} (API /api, docs /api/docs, back office /app.admin)`
    : `port ${cfg.app.port} (health and metrics only)`;
  Logger.log(`Kasuwa (${cfg.scale.role}) is up at ${serves} in ${Date.now() - started} ms`, 'Main');
  return { app, stop: () => gracefulStop(app, cfg).finally(() => tracing?.shutdown()) };
}

if (require.main === module) {
  bootstrap()
    .then(({ stop }) => {
      const shutdown = () => void stop().then(() => process.exit(0));
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    })
    .catch((err) => {
      console.error(err instanceof ConfigError ? err.message : err); // a refusal to start: the reason, for the operator
      process.exit(1);
    });
}
