// Once per jest run: find a real Postgres (TEST_DATABASE_URL, DATABASE_URL, or an embedded one), make a migrated
// template database on it, and start a real OAuth2 server standing in for Google. Test files read them from the environment.
import { OAuth2Server } from 'oauth2-mock-server';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export default async function globalSetup() {
  let base = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!base) {
    const embedded = await startEmbeddedPostgres({ dir: resolve(here, '../../../.data/pg-test'), database: 'postgres', log: () => {} });
    globalThis.__embeddedPg = embedded;
    base = embedded.url;
  }
  process.env.TEST_PG_BASE_URL = base;
  // This run's tag: the migrated template below and the databases copied from it carry it (other runs share the server).
  process.env.TEST_RUN_TAG = `${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}`;
  const template = migratedTemplate(base, `kasuwa_tpl_${process.env.TEST_RUN_TAG}`);

  // Google stand-in. The profile its /userinfo returns is set per test through a small control server.
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  let nextProfile = {
    sub: 'google-1',
    email: 'g.user@example.com',
    email_verified: true,
    given_name: 'Gee',
    family_name: 'User',
    name: 'Gee User',
    picture: 'https://example.com/g.png',
  };
  oauth.service.on('beforeUserinfo', (userInfoResponse) => {
    userInfoResponse.body = { ...nextProfile };
    userInfoResponse.statusCode = 200;
  });
  const control = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      nextProfile = JSON.parse(body);
      res.end('ok');
    });
  });
  await new Promise((ok) => control.listen(0, '127.0.0.1', ok));
  globalThis.__oauth = oauth;
  globalThis.__oauthControl = control;
  process.env.GOOGLE_MOCK_URL = oauth.issuer.url;
  process.env.GOOGLE_MOCK_CONTROL = `http://127.0.0.1:${control.address().port}`;

  const name = await template;
  if (name) process.env.TEST_PG_TEMPLATE = name;
}

async function adminQuery(base, sql) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * One database with every migration applied, made once per run: each test app's database is a copy of it
 * (`CREATE DATABASE … TEMPLATE`, ~0.2 s) instead of an empty one that runs all migrations again at start (~3–5 s per
 * file on 2 busy cores). The app still runs its migrations at start and finds none pending. The migrations are the
 * source's own (run by a child `node` as jest would run them); if they fail here the template is left out and each
 * test app runs them itself, so the failure shows in the tests.
 */
async function migratedTemplate(base, name) {
  try {
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const script = `require(${JSON.stringify(resolve(here, '../src/database/migrate.ts'))}).runMigrationsLocked(process.argv[1]).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); })`;
    const child = spawn(process.execPath, ['-r', resolve(here, 'utils/ts-register.cjs'), '-e', script, url.toString()], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise((ok) => child.on('exit', ok));
    if (code !== 0) throw new Error(err.trim().split('\n').slice(-5).join('\n'));
    // Nobody may connect to it from now on: a copy needs the template free of sessions.
    await adminQuery(base, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    return name;
  } catch (e) {
    console.warn(`[jest] no migrated template database (each test app runs the migrations itself): ${e.message}`);
    await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    return undefined;
  }
}
