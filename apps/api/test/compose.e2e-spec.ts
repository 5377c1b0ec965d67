import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/app.config';

/** `docker compose config` needs a Docker engine, which CI lacks; this checks the same file for what the app needs. */
describe('docker-compose.yml', () => {
  const root = join(__dirname, '../../..');
  const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));

  it('runs Postgres, Mailpit and the API image built from apps/api/Dockerfile', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'db', 'mailpit']);
    expect(compose.services.api.build).toEqual({ context: '.', dockerfile: 'apps/api/Dockerfile' });
    expect(readFileSync(join(root, compose.services.api.build.dockerfile), 'utf8')).toMatch(/CMD \["node", "apps\/api\/launch.mjs"\]/);
    expect(compose.services.api.depends_on.db.condition).toBe('service_healthy');
    for (const v of compose.services.api.volumes) expect(Object.keys(compose.volumes)).toContain(v.split(':')[0]);
  });

  it('gives the API settings its config accepts, pointing at the db and mail services', () => {
    // Compose hands every value to the process as a string.
    const env = Object.fromEntries(Object.entries(compose.services.api.environment).map(([k, v]) => [k, String(v)]));
    expect(() => loadConfig(env)).not.toThrow();
    const cfg = loadConfig(env);
    expect(new URL(cfg.db.url!).hostname).toBe('db');
    expect(new URL(cfg.mail.smtpUrl!).hostname).toBe('mailpit');
    expect(cfg.app.host).toBe('0.0.0.0');
  });
});
