import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { loadConfig } from '../../src/config/app.config';

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

/** Boots the real app on a brand-new database (migrations run at start), configured exactly as main.ts does. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const uploadDir = mkdtempSync(join(tmpdir(), 'kasuwa-uploads-'));
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    AUTH_RATE_LIMIT: '10000',
    UPLOAD_DIR: uploadDir,
    PUBLIC_URL: 'http://localhost:3999',
    WEB_DIR: join(uploadDir, 'no-web'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  configureApp(app, loadConfig(process.env));
  await app.init();
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
