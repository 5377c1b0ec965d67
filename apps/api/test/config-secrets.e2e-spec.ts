import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { isShipped, SHIPPED_SECRETS } from '../src/config/secrets';

/**
 * Production refuses every secret the repository publishes (SHIPPED_SECRETS). So that the list cannot go stale,
 * this scans the places secrets get published — config code, README, docker-compose.yml, .env examples, and
 * `const …SECRET/PASSWORD = '…'` anywhere in the API sources (demo seeds) — and fails on any value not listed.
 */
const root = join(__dirname, '../../..');
const read = (p: string) => readFileSync(join(root, p), 'utf8');
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|_KEY\b|TOKEN/i;
/** A value someone could paste as a secret: one word, not a variable name, an email, a URL or a duration. */
const looksSecret = (v: string) => /^[^\s`'"|]{4,}$/.test(v) && !/^[A-Z0-9_]+$/.test(v) && !/@|:\/\//.test(v) && !/^\d+[smhd]$/.test(v);

function walk(dir: string, keep: (p: string) => boolean): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', '.git', '.data', '.nx'].includes(e.name) ? [] : walk(p, keep);
    return keep(p) ? [p] : [];
  });
}

type Found = { where: string; value: string };

function fromCompose(): Found[] {
  const compose = parse(read('docker-compose.yml'));
  const found: Found[] = [];
  for (const [svc, s] of Object.entries(compose.services as Record<string, { environment?: Record<string, unknown> }>)) {
    for (const [k, raw] of Object.entries(s.environment ?? {})) {
      const v = String(raw);
      const where = `docker-compose.yml ${svc}.${k}`;
      // A literal value, or a `${VAR:-fallback}` fallback, is published; `${VAR:?…}` is not.
      const literal = v.replace(/\$\{[^}]*\}/g, '');
      const fallbacks = [...v.matchAll(/\$\{\w+:?-([^}]*)\}/g)].map((m) => m[1]);
      if (SECRET_NAME.test(k)) for (const x of [literal, ...fallbacks]) if (x) found.push({ where, value: x });
      // Passwords inside connection strings: scheme://user:password@host
      for (const m of v.matchAll(/:\/\/[^:/@\s]+:([^@\s]+)@/g)) if (!m[1].startsWith('${')) found.push({ where, value: m[1] });
    }
  }
  return found;
}

const EXAMPLE_ENV = /(^|\/)(\.env(\.[\w-]+)*\.(example|sample|template|dist)|(example|sample)\.env)$/;

function fromEnvExamples(): Found[] {
  // Examples only: a developer's own .env / .env.local holds real secrets, which must not be read or printed.
  return walk('.', (p) => EXAMPLE_ENV.test(p)).flatMap((p) =>
    read(p)
      .split('\n')
      .map((l) => /^\s*(?:export\s+)?(\w+)\s*=\s*['"]?([^'"#\s]*)/.exec(l))
      .filter((m): m is RegExpExecArray => Boolean(m && SECRET_NAME.test(m[1]) && m[2]))
      .map((m) => ({ where: `${p} ${m[1]}`, value: m[2] })),
  );
}

function fromReadme(): Found[] {
  const found: Found[] = [];
  const lines = read('README.md').split('\n');
  let header: string[] = [];
  for (const [i, line] of lines.entries()) {
    const where = `README.md:${i + 1}`;
    // NAME=value or NAME: value in prose and code blocks.
    for (const m of line.matchAll(/\b([A-Z][A-Z0-9_]*)\s*[=:]\s*['"]?([^\s'"`|]+)/g))
      if (SECRET_NAME.test(m[1]) && looksSecret(m[2])) found.push({ where, value: m[2] });
    if (!line.startsWith('|')) {
      header = [];
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (!header.length) {
      header = cells.map((c) => c.toLowerCase());
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    const secretRow = SECRET_NAME.test(cells[0] ?? '');
    cells.forEach((cell, col) => {
      // The default column of a secret setting, and any column headed "password".
      // The default column of a secret setting (values in backticks), and any column headed "password" (bare values too).
      const passwordColumn = /password|secret/.test(header[col] ?? '');
      if (!(passwordColumn || (secretRow && header[col] === 'default'))) return;
      const ticked = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      for (const v of ticked.length || !passwordColumn ? ticked : [cell]) if (looksSecret(v)) found.push({ where, value: v });
    });
  }
  return found;
}

function fromSources(): Found[] {
  const found: Found[] = [];
  for (const p of walk('apps/api/src', (f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
    const inConfig = p.startsWith('apps/api/src/config/');
    read(p)
      .split('\n')
      .forEach((line, i) => {
        const where = `${p}:${i + 1}`;
        // const DEV_USER_SECRET = '…', export const DEMO_PASSWORD = '…'
        for (const m of line.matchAll(/\b(\w*(?:SECRET|PASSWORD)\w*)\s*=\s*'([^']+)'/gi))
          if (looksSecret(m[2])) found.push({ where, value: m[2] }); // not a mask like '***'
        if (!inConfig) return;
        // str(env, 'JWT_USER_SECRET', 'fallback') and `password: x ?? 'fallback'` in the config code.
        for (const m of line.matchAll(/\(\s*env\s*,\s*'(\w+)'\s*,\s*'([^']+)'/g))
          if (SECRET_NAME.test(m[1]) && looksSecret(m[2])) found.push({ where, value: m[2] });
        if (/secret|password/i.test(line))
          for (const m of line.matchAll(/\?\?\s*'([^']+)'/g)) if (looksSecret(m[1])) found.push({ where, value: m[1] });
      });
  }
  return found;
}

describe('SHIPPED_SECRETS covers every secret published in the repository', () => {
  const sources = { compose: fromCompose(), envExamples: fromEnvExamples(), readme: fromReadme(), sources: fromSources() };

  it.each(Object.entries(sources))('%s: every secret-looking value is on the list', (_name, found) => {
    const missing = found.filter((f) => !isShipped(f.value)).map((f) => `${f.where}: ${f.value}`);
    expect(missing).toEqual([]);
  });

  it('the scanner sees the published values it must (so a broken scan cannot pass silently)', () => {
    const values = (f: Found[]) => f.map((x) => x.value);
    expect(values(sources.readme)).toEqual(expect.arrayContaining(['kasuwa-admin-2026', 'kasuwa-demo-2026']));
    expect(values(sources.sources)).toEqual(
      expect.arrayContaining([
        'kasuwa-dev-user-secret-not-for-production',
        'kasuwa-dev-admin-secret-not-for-production',
        'kasuwa-admin-2026',
        'kasuwa-demo-2026',
      ]),
    );
    // The compose file now takes every secret from the environment; .env.example ships blanks.
    expect(sources.compose).toEqual([]);
    expect(walk('.', (p) => relative('.', p) === '.env.example')).toHaveLength(1);
    expect(sources.envExamples).toEqual([]);
  });

  it('the scan would catch a value pasted into any of those places', () => {
    expect(looksSecret('my-fresh-example-secret')).toBe(true);
    expect(isShipped('my-fresh-example-secret')).toBe(false);
    expect(SHIPPED_SECRETS.length).toBeGreaterThanOrEqual(6);
  });
});
