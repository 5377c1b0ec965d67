import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/app.config';

/** What compose does with `${VAR}`, `${VAR:-default}` and `${VAR:?message}` (the forms the file uses). */
function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    const v = env[name];
    if (v) return v;
    if (op === '?') throw new Error(`compose refuses: ${name}: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

/** `docker compose config` needs a Docker engine, which CI lacks; this checks the same file for what the app needs. */
describe('docker-compose.yml', () => {
  const root = join(__dirname, '../../..');
  // Compose resolves YAML merge keys (`<<: *api`), as `merge: true` does here.
  const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
  const apiEnv: Record<string, string> = Object.fromEntries(
    Object.entries(compose.services['api-1'].environment).map(([k, v]) => [k, String(v)]),
  );
  const resolved = (env: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(apiEnv).map(([k, v]) => [k, interpolate(v, env)]));
  /** A user's .env: .env.example with every blank filled in. */
  const userEnv: Record<string, string> = {
    JWT_USER_SECRET: 'u7Jq2pX9vLm4RtZ8wKc3NbY6hGf1sDa5-user',
    JWT_ADMIN_SECRET: 'a3Kd8sPq1ZxV7mNw4RtY9cLb2HgF6jUe-admin',
    ADMIN_PASSWORD: 'Strong-admin-pass-1',
    POSTGRES_PASSWORD: 'q8w7e6r5t4',
    S3_SECRET_ACCESS_KEY: 'minio-secret-42',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
    TERMII_API_KEY: 'tk_live_x',
  };

  it('runs two API replicas behind Caddy, a worker, a migration step, Postgres primary + replica, Redis, SeaweedFS and Mailpit', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'api-1',
      'api-2',
      'backup',
      'db',
      'db-replica',
      'lb',
      'mailpit',
      'migrate',
      'redis',
      's3-bucket',
      'seaweedfs',
      'wal-archive',
      'worker',
    ]);
    const api = compose.services['api-1'];
    expect(api.build).toEqual({ context: '.', dockerfile: 'apps/api/Dockerfile' });
    const dockerfile = readFileSync(join(root, api.build.dockerfile), 'utf8');
    expect(dockerfile).toMatch(/CMD \["node", "apps\/api\/launch.mjs"\]/);
    // sharp on glibc: fewer malloc arenas keep image bursts from holding on to freed memory (bench:upload).
    expect(dockerfile).toMatch(/^ENV MALLOC_ARENA_MAX=2$/m);
    // A capped V8 heap, as npm start runs it (KASUWA_HEAP_MB): RSS under load stays near 250 MB instead of ~400 (bench:http).
    expect(dockerfile).toMatch(/^ENV NODE_OPTIONS=--max-old-space-size=192$/m);
    // `npm start` and its per-role scripts run node the same way (both settings overridable from the environment).
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    for (const name of ['start', 'start:api', 'start:worker'])
      expect(scripts[name]).toMatch(
        /MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-2\} node --max-old-space-size=\$\{KASUWA_HEAP_MB:-192\} apps\/api\/launch\.mjs/,
      );
    // Roles: two web replicas and one worker, all the same image; migrations run once, before any of them.
    expect(['api-1', 'api-2', 'worker'].map((n) => compose.services[n].environment.KASUWA_ROLE)).toEqual(['web', 'web', 'worker']);
    for (const n of ['api-1', 'api-2', 'worker']) {
      expect(compose.services[n].image).toBe('kasuwa-api');
      expect(compose.services[n].depends_on.migrate.condition).toBe('service_completed_successfully');
      expect(compose.services[n].environment.MIGRATIONS_RUN).toBe('false');
    }
    expect(compose.services.migrate.command.join(' ')).toBe('node dist/apps/api/apps/api/src/database/migrate.js');
    expect(existsSync(join(root, 'apps/api/src/database/migrate.ts'))).toBe(true);
    expect(compose.services.migrate.depends_on.db.condition).toBe('service_healthy');
    // The replica streams from the primary; the load balancer checks readiness on both replicas.
    expect(compose.services['db-replica'].command[0]).toMatch(/pg_basebackup -h db .* -R -X stream/);
    expect(compose.services.db.volumes.join()).toContain('./deploy/postgres/allow-replication.sh:/docker-entrypoint-initdb.d/');
    const caddy = readFileSync(join(root, 'deploy/caddy/Caddyfile'), 'utf8');
    expect(caddy).toMatch(/reverse_proxy api-1:3000 api-2:3000/);
    expect(caddy).toMatch(/health_uri \/api\/health\/ready/);
    for (const s of Object.values(compose.services) as { volumes?: string[] }[]) {
      for (const v of s.volumes ?? []) {
        const src = v.split(':')[0];
        if (src.startsWith('./')) expect(existsSync(join(root, src))).toBe(true);
        else expect(Object.keys(compose.volumes)).toContain(src);
      }
    }
  });

  it('with a filled-in .env gives the API settings its production config accepts, pointing at the db and mail services', () => {
    const env = resolved(userEnv);
    expect(env.NODE_ENV).toBe('production');
    const cfg = loadConfig(env);
    expect(new URL(cfg.db.url!).hostname).toBe('db');
    expect(cfg.scale.readUrls.map((u) => new URL(u).hostname)).toEqual(['db-replica']);
    expect(cfg.scale.redisUrl).toBe('redis://redis:6379');
    expect(cfg.storage.s3.endpoint).toBe('http://seaweedfs:8333');
    expect(decodeURIComponent(new URL(cfg.db.url!).password)).toBe(interpolate(compose.services.db.environment.POSTGRES_PASSWORD, userEnv));
    expect(new URL(cfg.mail.smtpUrl!).hostname).toBe('mailpit');
    expect(cfg.app.host).toBe('0.0.0.0');
  });

  it('ships no usable secret: every secret comes from the environment, and compose stops without it', () => {
    const services = compose.services as Record<string, { environment?: Record<string, unknown> }>;
    const secretNames = Object.values(services).flatMap((s) =>
      Object.keys(s.environment ?? {}).filter((k) => /SECRET|PASSWORD|_KEY$/.test(k)),
    );
    expect([...new Set(secretNames)].sort()).toEqual([
      'ADMIN_PASSWORD',
      'JWT_ADMIN_SECRET',
      'JWT_USER_SECRET',
      'PAYSTACK_SECRET_KEY',
      'PGPASSWORD',
      'POSTGRES_PASSWORD',
      'S3_SECRET',
      'S3_SECRET_ACCESS_KEY',
      'TERMII_API_KEY',
    ]);
    for (const s of Object.values(services)) {
      for (const [k, v] of Object.entries(s.environment ?? {})) {
        if (!/SECRET|PASSWORD|_KEY$/.test(k)) continue;
        // Required (`:?`) or empty by default: never a literal, never a usable fallback.
        expect(String(v)).toMatch(/^\$\{\w+:(\?[^}]+|-)\}$/);
      }
    }
    for (const name of ['JWT_USER_SECRET', 'JWT_ADMIN_SECRET', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => resolved({ ...userEnv, [name]: '' })).toThrow(new RegExp(`compose refuses: ${name}: set ${name}`));
    }
  });

  it('does not turn the test checkout on: without a Paystack key the app refuses until the user opts in', () => {
    expect(resolved(userEnv).ALLOW_TEST_CHECKOUT).toBe('false');
    expect(() => loadConfig(resolved({ ...userEnv, PAYSTACK_SECRET_KEY: '' }))).toThrow(/PAYSTACK_SECRET_KEY: must be set/);
    expect(() => loadConfig(resolved({ ...userEnv, PAYSTACK_SECRET_KEY: '', ALLOW_TEST_CHECKOUT: 'true' }))).not.toThrow();
    // Nor the SMS outbox: without a Termii key the app refuses until the user opts in (codes then stay in the table).
    expect(resolved(userEnv).ALLOW_SMS_OUTBOX).toBe('false');
    expect(() => loadConfig(resolved({ ...userEnv, TERMII_API_KEY: '' }))).toThrow(/TERMII_API_KEY: must be set/);
    expect(() => loadConfig(resolved({ ...userEnv, TERMII_API_KEY: '', ALLOW_SMS_OUTBOX: 'true' }))).not.toThrow();
  });

  it('.env.example names every variable compose requires, with empty values; .env stays out of git and the image', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const vars = Object.fromEntries(
      example
        .split('\n')
        .filter((l) => /^\w+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const required = [...readFileSync(join(root, 'docker-compose.yml'), 'utf8').matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]);
    for (const name of required) expect(vars).toHaveProperty(name);
    for (const v of Object.values(vars)) expect(v).toBe('');
    expect(readFileSync(join(root, '.gitignore'), 'utf8').split('\n')).toContain('.env');
    expect(readFileSync(join(root, '.dockerignore'), 'utf8').split('\n')).toContain('.env');
  });
});
