import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { createHttpAdapter } from './http-adapter';
import { ConfigError } from './config/env';
import { loadConfig } from './config/app.config';
import { gracefulStop } from './modules/health/graceful-shutdown';

/** Starts the API (and the static apps) on HOST:PORT. Returns the app and a function that stops it. */
export async function bootstrap(): Promise<{ app: INestApplication; stop: () => Promise<void> }> {
  const cfg = loadConfig();
  const started = Date.now();
  const app = await NestFactory.create(AppModule, createHttpAdapter(cfg), { bufferLogs: false, logger: cfg.app.logLevel === 'silent' ? false : ['log', 'warn', 'error'] });
  configureApp(app, cfg);
  await app.listen(cfg.app.port, cfg.app.host);
  const serves = cfg.scale.servesHttp ? `${cfg.app.publicUrl} (API /api, docs /api/docs, back office /app.admin)` : `port ${cfg.app.port} (health and metrics only)`;
  Logger.log(`Kasuwa (${cfg.scale.role}) is up at ${serves} in ${Date.now() - started} ms`, 'Main');
  return { app, stop: () => gracefulStop(app, cfg) };
}

if (require.main === module) {
  bootstrap()
    .then(({ stop }) => {
      const shutdown = () => void stop().then(() => process.exit(0));
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    })
    .catch((err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
