import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { createHttpAdapter } from '../../src/http-adapter';
import { AppConfig, loadConfig } from '../../src/config/app.config';
import { gracefulStop } from '../../src/modules/health/graceful-shutdown';
import { freshDatabase as freshTestDatabase, testEnv } from './test-app';

/** Helpers for the scale-out tests: real listening servers, several on one database, and the local Redis. */

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** TEST_REDIS=off skips the tests that need a Redis server (a machine without one); otherwise they fail saying what to install. */
export const redisOff = /^(off|false|0)$/i.test(process.env.TEST_REDIS ?? '');
export const describeRedis = redisOff ? describe.skip : describe;

export async function requireRedis(): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    throw new Error(
      `These tests need a Redis server at ${TEST_REDIS_URL} (${(err as Error).message}). Install and start one ` +
        `(Debian/Ubuntu: apt-get install -y redis-server && redis-server --daemonize yes), point TEST_REDIS_URL at one, ` +
        `or set TEST_REDIS=off to skip them.`,
    );
  } finally {
    client.disconnect();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads until `ok` holds (every 100 ms), or fails after `ms` saying what it was waiting for and what it last read. */
export async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
    await sleep(100);
  }
}

/** Until some session of `sql`'s database waits on a lock (a job held up by a row a test locked); `what` names it. */
export const untilWaitingOnLock = (sql: Client, what: string) =>
  until(
    what,
    async () =>
      (await sql.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))
        .rows[0].n,
    (n) => n > 0,
  );

/** An empty database of its own; drop() removes it (closing whatever is still connected). */
export const freshDatabase = () => freshTestDatabase('kasuwa_s');

/** The readiness answer of an app whose database and migrations are up, with no optional dependency configured; `changes` say what differs. */
export const readiness = (changes: Record<string, string> = {}) => ({
  status: 'ok',
  db: 'up',
  migrations: 'up',
  shutdown: 'no',
  redis: 'off',
  replicas: 'off',
  paystack: 'off',
  smtp: 'off',
  ...changes,
});

export interface RunningApp {
  app: INestApplication;
  cfg: AppConfig;
  db: DataSource;
  /** http://127.0.0.1:<port> */
  base: string;
  /** SIGTERM's path: readiness 503, stop listening, drain, close. */
  stop(): Promise<void>;
}

/** Boots the real app on databaseUrl and listens on a free port, configured exactly as main.ts does. */
export async function bootApp(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: { slowRouteMs?: number } = {},
): Promise<RunningApp> {
  const uploadDir = mkdtempSync(join(tmpdir(), 'kasuwa-scale-'));
  // Every scale setting is named, so one test's value never leaks into the next app.
  Object.assign(process.env, {
    ...testEnv(databaseUrl, uploadDir),
    TRUST_PROXY: 'false',
    KASUWA_ROLE: 'all',
    REDIS_URL: '',
    MIGRATIONS_RUN: 'true',
    METRICS_ALLOW: '',
    METRICS_TOKEN: '',
    SHUTDOWN_DELAY_MS: '0',
    SHUTDOWN_TIMEOUT_MS: '',
    DATABASE_POOL_SIZE: '',
    DATABASE_STATEMENT_TIMEOUT_MS: '',
    DATABASE_READ_URL: '',
    ...env,
  });
  const cfg = loadConfig(process.env);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const adapter = createHttpAdapter(cfg);
  const app = moduleRef.createNestApplication(adapter, { logger: process.env.TEST_APP_LOGS ? ['error', 'warn'] : false });
  if (opts.slowRouteMs) {
    // A request that stays in flight for a while, to watch a shutdown drain it.
    adapter.getInstance().get('/test-slow', () => new Promise((ok) => setTimeout(() => ok({ ok: true }), opts.slowRouteMs)));
  }
  configureApp(app, cfg);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  let stopped = false;
  return {
    app,
    cfg,
    db: app.get<DataSource>(getDataSourceToken()),
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await gracefulStop(app, cfg);
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
