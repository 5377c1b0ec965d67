import { readFileSync } from 'node:fs';
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
  const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));
  const apiEnv: Record<string, string> = Object.fromEntries(Object.entries(compose.services.api.environment).map(([k, v]) => [k, String(v)]));
  const resolved = (env: Record<string, string | undefined>) => Object.fromEntries(Object.entries(apiEnv).map(([k, v]) => [k, interpolate(v, env)]));
  /** A user's .env: .env.example with every blank filled in. */
  const userEnv: Record<string, string> = {
    JWT_USER_SECRET: 'u7Jq2pX9vLm4RtZ8wKc3NbY6hGf1sDa5-user',
    JWT_ADMIN_SECRET: 'a3Kd8sPq1ZxV7mNw4RtY9cLb2HgF6jUe-admin',
    ADMIN_PASSWORD: 'Strong-admin-pass-1',
    POSTGRES_PASSWORD: 'q8w7e6r5t4',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
  };

  it('runs Postgres, Mailpit and the API image built from apps/api/Dockerfile', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'db', 'mailpit']);
    expect(compose.services.api.build).toEqual({ context: '.', dockerfile: 'apps/api/Dockerfile' });
    const dockerfile = readFileSync(join(root, compose.services.api.build.dockerfile), 'utf8');
    expect(dockerfile).toMatch(/CMD \["node", "apps\/api\/launch.mjs"\]/);
    // sharp on glibc: fewer malloc arenas keep image bursts from holding on to freed memory (bench:upload).
    expect(dockerfile).toMatch(/^ENV MALLOC_ARENA_MAX=2$/m);
    expect(compose.services.api.depends_on.db.condition).toBe('service_healthy');
    for (const v of compose.services.api.volumes) expect(Object.keys(compose.volumes)).toContain(v.split(':')[0]);
  });

  it('with a filled-in .env gives the API settings its production config accepts, pointing at the db and mail services', () => {
    const env = resolved(userEnv);
    expect(env.NODE_ENV).toBe('production');
    const cfg = loadConfig(env);
    expect(new URL(cfg.db.url!).hostname).toBe('db');
    expect(decodeURIComponent(new URL(cfg.db.url!).password)).toBe(interpolate(compose.services.db.environment.POSTGRES_PASSWORD, userEnv));
    expect(new URL(cfg.mail.smtpUrl!).hostname).toBe('mailpit');
    expect(cfg.app.host).toBe('0.0.0.0');
  });

  it('ships no usable secret: every secret comes from the environment, and compose stops without it', () => {
    const services = compose.services as Record<string, { environment?: Record<string, unknown> }>;
    const secretNames = Object.values(services).flatMap((s) => Object.keys(s.environment ?? {}).filter((k) => /SECRET|PASSWORD|_KEY$/.test(k)));
    expect(secretNames.sort()).toEqual(['ADMIN_PASSWORD', 'JWT_ADMIN_SECRET', 'JWT_USER_SECRET', 'PAYSTACK_SECRET_KEY', 'POSTGRES_PASSWORD']);
    for (const s of Object.values(services)) {
      for (const [k, v] of Object.entries(s.environment ?? {})) {
        if (!/SECRET|PASSWORD|_KEY$/.test(k)) continue;
        // Required (`:?`) or empty by default: never a literal, never a usable fallback.
        expect(String(v)).toMatch(new RegExp(`^\\$\\{${k}:(\\?[^}]+|-)\\}$`));
      }
    }
    for (const name of ['JWT_USER_SECRET', 'JWT_ADMIN_SECRET', 'ADMIN_PASSWORD', 'POSTGRES_PASSWORD']) {
      expect(() => resolved({ ...userEnv, [name]: '' })).toThrow(new RegExp(`compose refuses: ${name}: set ${name}`));
    }
  });

  it('does not turn the test checkout on: without a Paystack key the app refuses until the user opts in', () => {
    expect(resolved(userEnv).ALLOW_TEST_CHECKOUT).toBe('false');
    expect(() => loadConfig(resolved({ ...userEnv, PAYSTACK_SECRET_KEY: '' }))).toThrow(/PAYSTACK_SECRET_KEY: must be set/);
    expect(() => loadConfig(resolved({ ...userEnv, PAYSTACK_SECRET_KEY: '', ALLOW_TEST_CHECKOUT: 'true' }))).not.toThrow();
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
