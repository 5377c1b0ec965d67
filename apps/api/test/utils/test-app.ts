import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { createHttpAdapter } from '../../src/http-adapter';
import { loadConfig } from '../../src/config/app.config';
import { adminToken, registerUser, type TestUser } from './actors';
import { recordRoutes } from './openapi-routes';

export interface TestApp {
  app: INestApplication;
  http: ReturnType<INestApplication['getHttpServer']>;
  db: DataSource;
  uploadDir: string;
  close(): Promise<void>;
}

function baseUrl(): string {
  const base = process.env.TEST_PG_BASE_URL;
  if (!base) throw new Error('TEST_PG_BASE_URL is not set: run the tests through jest (global-setup starts Postgres)');
  return base;
}

async function admin(sql: string): Promise<void> {
  const url = new URL(baseUrl());
  url.pathname = '/postgres';
  const c = new Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** An empty database of its own on the test server; drop() removes it (closing whatever is still connected). */
export async function freshDatabase(prefix = 'kasuwa_t'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A test app's database: a copy of the run's migrated template (global-setup.mjs) when there is one, so the app's
 * start-up finds every migration applied; otherwise an empty one whose migrations the app runs. drop() returns at once
 * and drops it from a child process (a DROP DATABASE waits ~1.5–3 s on a checkpoint, time the next file can use);
 * global-teardown.mjs waits for those drops and removes whatever is left of the run.
 */
async function appDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = process.env.TEST_PG_TEMPLATE;
  const tag = process.env.TEST_RUN_TAG;
  if (!template || !tag) return freshDatabase();
  const name = `kasuwa_c_${tag}_${process.pid}_${Math.random().toString(36).slice(2, 9)}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(baseUrl());
  url.pathname = `/${name}`;
  const server = new URL(baseUrl());
  server.pathname = '/postgres';
  return {
    url: url.toString(),
    async drop() {
      const script = `const { Client } = require('pg'); const c = new Client({ connectionString: process.argv[1] });
        c.connect().then(() => c.query(process.argv[2])).catch(() => undefined).finally(() => c.end().catch(() => undefined));`;
      spawn(process.execPath, ['-e', script, server.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`], {
        cwd: join(__dirname, '../../../..'),
        detached: true,
        stdio: 'ignore',
      }).unref();
    },
  };
}

/** The settings every test app starts from: its own database and upload folder, no demo data, no logs, no rate limit to speak of. */
export function testEnv(databaseUrl: string, uploadDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT: '10000',
    ACCOUNT_LOOKUP_LIMIT_PER_USER: '10000',
    ACCOUNT_LOOKUP_LIMIT_PER_CLIENT: '10000',
    UPLOAD_DIR: uploadDir,
    PUBLIC_URL: 'http://localhost:3999',
    WEB_DIR: join(uploadDir, 'no-web'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Suites about other things sign up and sell at once; the verification tests set `required` themselves.
    ACCOUNT_VERIFICATION: 'off',
  };
}

/** Boots the real app on a brand-new database (migrated: see appDatabase), configured exactly as main.ts does. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await appDatabase();
  const uploadDir = mkdtempSync(join(tmpdir(), 'kasuwa-uploads-'));
  Object.assign(process.env, testEnv(database.url, uploadDir), env);
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const cfg = loadConfig(process.env);
  const adapter = createHttpAdapter(cfg);
  recordRoutes(adapter.getInstance());
  const app = moduleRef.createNestApplication(adapter, { logger: false });
  configureApp(app, cfg);
  await app.init();
  await adapter.getInstance().ready();
  return {
    app,
    http: app.getHttpServer(),
    db: app.get<DataSource>(getDataSourceToken()),
    uploadDir,
    async close() {
      await app.close();
      await database.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

export type Registration = Parameters<typeof registerUser>[1];

/** A stand-in for something made before the file's tests run: it forwards to the real thing once `set`. */
export function late<T extends object>(what: string): { handle: T; set(value: T): void } {
  let value: T | undefined;
  const handle = new Proxy({} as T, {
    get(_target, key) {
      if (!value) throw new Error(`${what} is not ready yet: use it inside a test or a hook`);
      return value[key as keyof T];
    },
  });
  return { handle, set: (v) => (value = v) };
}

/**
 * The usual shape of a test file: one fresh app for all its tests, booted (with `env`) before the first and closed after
 * the last; on it, before the tests, one user registered per entry of `users` (in order), the first admin signed in
 * with `admin: true` (`admin.token`), then `ready` run; with `paystack`, that stand-in runs around the app. The handles
 * it returns stand for the app, the users and the admin from the first hook on.
 */
export function appPerFile(
  opts: {
    env?: Record<string, string> | (() => Record<string, string>);
    /** A stand-in server (the Paystack one) started before the app, which gets its env, and stopped after it closes. */
    paystack?: { start(): Promise<unknown>; stop(): Promise<unknown>; env(): Record<string, string> };
    users?: Registration[];
    admin?: boolean;
    ready?: (t: TestApp) => Promise<unknown>;
    /** Run after every test (the money files check the ledger invariants there). */
    afterEach?: (t: TestApp) => Promise<unknown>;
  } = {},
): { t: TestApp; users: TestUser[]; admin: { token: string } } {
  const app = late<TestApp>('The test app');
  const users = (opts.users ?? []).map((_, i) => late<TestUser>(`User ${i + 1}`));
  const admin = late<{ token: string }>('The admin');
  let booted: TestApp | undefined;
  beforeAll(async () => {
    await opts.paystack?.start();
    booted = await createTestApp({ ...opts.paystack?.env(), ...(typeof opts.env === 'function' ? opts.env() : opts.env) });
    app.set(booted);
    for (const [i, over] of (opts.users ?? []).entries()) users[i].set(await registerUser(booted, over));
    if (opts.admin) admin.set({ token: await adminToken(booted) });
    await opts.ready?.(booted);
  }, 120_000);
  if (opts.afterEach) afterEach(() => opts.afterEach!(app.handle));
  afterAll(async () => {
    await booted?.close();
    await opts.paystack?.stop();
  });
  return { t: app.handle, users: users.map((u) => u.handle), admin: admin.handle };
}

/** Google sign-in pointed at the OAuth2 stand-in that global-setup.mjs starts. */
export function googleStandInEnv(): Record<string, string> {
  const base = process.env.GOOGLE_MOCK_URL!;
  return {
    GOOGLE_CLIENT_ID: 'kasuwa-test',
    GOOGLE_CLIENT_SECRET: 'secret',
    GOOGLE_AUTH_URL: `${base}/authorize`,
    GOOGLE_TOKEN_URL: `${base}/token`,
    GOOGLE_USERINFO_URL: `${base}/userinfo`,
    GOOGLE_CALLBACK_URL: 'http://localhost:3999/api/auth/google/callback',
  };
}
