import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../src/config/app.config';
import { DEV_ADMIN_SECRET, DEV_USER_SECRET, isLoopback } from '../src/config/secrets';

/** Strong values no one has published: what a real production .env holds. */
const STRONG = {
  JWT_USER_SECRET: 'u7Jq2pX9vLm4RtZ8wKc3NbY6hGf1sDa5-user',
  JWT_ADMIN_SECRET: 'a3Kd8sPq1ZxV7mNw4RtY9cLb2HgF6jUe-admin',
  ADMIN_PASSWORD: 'Strong-admin-pass-1',
};
const PROD = { NODE_ENV: 'production', ...STRONG, PAYSTACK_SECRET_KEY: 'sk_live_x', TERMII_API_KEY: 'tk_live_x' };

describe('config validation', () => {
  it.each([
    [{ PORT: 'abc' }, /Invalid setting PORT/],
    [{ PORT: '70000' }, /Invalid setting PORT/],
    [{ DATABASE_URL: 'not a url' }, /Invalid setting DATABASE_URL/],
    [{ JWT_USER_TTL: 'forever' }, /Invalid setting JWT_USER_TTL/],
    [{ NODE_ENV: 'production' }, /JWT_USER_SECRET: must be set/],
    // The default first-admin password is published in the README: production must choose its own.
    [
      { NODE_ENV: 'production', JWT_USER_SECRET: STRONG.JWT_USER_SECRET, JWT_ADMIN_SECRET: STRONG.JWT_ADMIN_SECRET },
      /ADMIN_PASSWORD: must be set/,
    ],
    [{ JWT_USER_SECRET: 'same', JWT_ADMIN_SECRET: 'same' }, /JWT_ADMIN_SECRET: must differ/],
    [{ AUTH_RATE_LIMIT: '0' }, /Invalid setting AUTH_RATE_LIMIT/],
    [{ ACCOUNT_LOOKUP_LIMIT_PER_CLIENT: '0' }, /Invalid setting ACCOUNT_LOOKUP_LIMIT_PER_CLIENT/],
    [{ ACCOUNT_LOOKUP_CACHE_TTL: 'a day' }, /Invalid setting ACCOUNT_LOOKUP_CACHE_TTL/],
    [{ ...PROD, PAYSTACK_SECRET_KEY: '' }, /PAYSTACK_SECRET_KEY: must be set/],
    // Production sends real SMS codes: no provider, no start (a demo opts in to the outbox table with ALLOW_SMS_OUTBOX).
    [{ ...PROD, TERMII_API_KEY: '' }, /TERMII_API_KEY: must be set when NODE_ENV=production/],
    // Rule "verified people": `off` is for demos and test suites; production refuses it.
    [{ ...PROD, ACCOUNT_VERIFICATION: 'off' }, /ACCOUNT_VERIFICATION: must not be off when NODE_ENV=production/],
    [{ ACCOUNT_VERIFICATION: 'maybe' }, /Invalid setting ACCOUNT_VERIFICATION/],
    [{ PHONE_CODE_TTL: 'ten minutes' }, /Invalid setting PHONE_CODE_TTL/],
    [{ TERMII_BASE_URL: 'termii' }, /Invalid setting TERMII_BASE_URL/],
  ])('%j stops start-up with a message naming the variable', (env, msg) => {
    expect(() => loadConfig(env)).toThrow(msg);
  });

  it('defaults: port 3000, host 127.0.0.1, PUBLIC_URL from the port', () => {
    const cfg = loadConfig({});
    expect(cfg.app).toMatchObject({ port: 3000, host: '127.0.0.1', publicUrl: 'http://localhost:3000' });
    expect(cfg.google.enabled).toBe(false);
    expect(cfg.jwt.userSecret).not.toBe(cfg.jwt.adminSecret);
    expect(cfg.money.accountLookup).toEqual({ perUserPerHour: 10, perClientPerHour: 30, cacheTtlSeconds: 86_400 });
    // `npm start` with no settings: verification required, SMS into the outbox (no Termii key), codes for 10 minutes.
    expect(cfg.verification).toMatchObject({
      required: true,
      phoneCodeTtl: 600,
      phoneCodeTries: 5,
      emailLinkTtl: 48 * 3600,
      termii: { apiKey: undefined },
    });
  });

  it('ADMIN_2FA: required by default in production, optional elsewhere; ADMIN_2FA_KEY at least 16 characters', () => {
    expect(loadConfig(PROD).staff.twoFactor).toBe('required');
    expect(loadConfig({ ...PROD, ADMIN_2FA: 'optional' }).staff.twoFactor).toBe('optional');
    expect(loadConfig({}).staff.twoFactor).toBe('optional');
    expect(loadConfig({ NODE_ENV: 'test' }).staff.twoFactor).toBe('optional');
    expect(() => loadConfig({ ADMIN_2FA: 'sometimes' })).toThrow(/ADMIN_2FA/);
    expect(() => loadConfig({ ADMIN_2FA_KEY: 'short' })).toThrow(/Invalid setting ADMIN_2FA_KEY: must be at least 16 characters/);
    expect(loadConfig({ ADMIN_2FA_KEY: 'k'.repeat(16) }).staff.twoFactorKey).toBe('k'.repeat(16));
  });

  it('production runs the test checkout only when explicitly allowed', () => {
    expect(() => loadConfig({ ...PROD, PAYSTACK_SECRET_KEY: '', ALLOW_TEST_CHECKOUT: 'true' })).not.toThrow();
    expect(() => loadConfig(PROD)).not.toThrow();
  });
});

describe('production refuses weak or published secrets', () => {
  const weak: [string, Record<string, string>, RegExp][] = [
    ['a one-character user secret', { JWT_USER_SECRET: 'x' }, /Invalid setting JWT_USER_SECRET: must be at least 32 bytes/],
    ['a 31-byte admin secret', { JWT_ADMIN_SECRET: 'a'.repeat(31) }, /Invalid setting JWT_ADMIN_SECRET: must be at least 32 bytes/],
    [
      'the dev user secret from the config code',
      { JWT_USER_SECRET: DEV_USER_SECRET },
      /Invalid setting JWT_USER_SECRET: is a value published/,
    ],
    [
      'the dev admin secret from the config code',
      { JWT_ADMIN_SECRET: DEV_ADMIN_SECRET },
      /Invalid setting JWT_ADMIN_SECRET: is a value published/,
    ],
    [
      'the old compose example (padded case aside)',
      { JWT_USER_SECRET: ' CHANGE-ME-USER-SECRET ' },
      /Invalid setting JWT_USER_SECRET: is a value published/,
    ],
    ['equal secrets', { JWT_USER_SECRET: STRONG.JWT_ADMIN_SECRET }, /Invalid setting JWT_ADMIN_SECRET: must differ from JWT_USER_SECRET/],
    ['the README admin password', { ADMIN_PASSWORD: 'kasuwa-admin-2026' }, /Invalid setting ADMIN_PASSWORD: is a value published/],
    ['the README demo password', { ADMIN_PASSWORD: 'kasuwa-demo-2026' }, /Invalid setting ADMIN_PASSWORD: is a value published/],
    ['a common password', { ADMIN_PASSWORD: 'Password123' }, /Invalid setting ADMIN_PASSWORD: is too common/],
    ['a short password', { ADMIN_PASSWORD: 'x7!k' }, /Invalid setting ADMIN_PASSWORD: is too common or shorter than 8/],
  ];
  it.each(weak)('%s', (_what, change, msg) => {
    expect(() => loadConfig({ ...PROD, ...change })).toThrow(msg);
  });

  it('a 32-byte secret counts bytes, not characters', () => {
    expect(() => loadConfig({ ...PROD, JWT_USER_SECRET: 'é'.repeat(16) })).not.toThrow(); // 32 bytes in UTF-8
    expect(() => loadConfig({ ...PROD, JWT_USER_SECRET: 'é'.repeat(15) + 'x' })).toThrow(/JWT_USER_SECRET: must be at least 32 bytes/);
  });
});

describe('outside production the dev defaults serve loopback only', () => {
  it.each(['127.0.0.1', '127.8.9.1', 'localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('%s is loopback', (h) => {
    expect(isLoopback(h)).toBe(true);
    expect(() => loadConfig({ HOST: h })).not.toThrow();
  });

  it.each(['0.0.0.0', '::', '10.0.0.5', '::ffff:10.0.0.1', 'fe80::1', 'kasuwa.example'])(
    '%s with the defaults refuses, saying what to set',
    (h) => {
      expect(isLoopback(h)).toBe(false);
      expect(() => loadConfig({ HOST: h })).toThrow(
        new RegExp(
          `Invalid setting HOST: "${h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is not a loopback address.*Set JWT_USER_SECRET, JWT_ADMIN_SECRET, ADMIN_PASSWORD to your own values`,
        ),
      );
    },
  );

  it('names only the settings still on a default, published values counting as defaults', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'test', ...STRONG, ADMIN_PASSWORD: 'kasuwa-admin-2026' })).toThrow(
      /Set ADMIN_PASSWORD to your own/,
    );
    expect(() => loadConfig({ HOST: '0.0.0.0', ...STRONG, JWT_USER_SECRET: DEV_USER_SECRET })).toThrow(/Set JWT_USER_SECRET to your own/);
    expect(() => loadConfig({ HOST: '0.0.0.0', ...STRONG })).not.toThrow();
  });
});

/** The real entry point, run as a process: it must print the reason and exit 1 before listening. */
describe('src/main.ts refuses to start', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['-r', join(__dirname, 'utils/ts-register.cjs'), join(__dirname, '../src/main.ts')], {
      // A DATABASE_URL nothing listens on: if validation let the config through, the process would hang or fail differently.
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', LOG_LEVEL: 'silent', PORT: '0', ...env },
      encoding: 'utf8',
      timeout: 30000,
    });

  it.each([
    [
      'production with a short secret',
      { ...PROD, JWT_ADMIN_SECRET: 'short' },
      'Invalid setting JWT_ADMIN_SECRET: must be at least 32 bytes',
    ],
    [
      'production with the README admin password',
      { ...PROD, ADMIN_PASSWORD: 'kasuwa-admin-2026' },
      'Invalid setting ADMIN_PASSWORD: is a value published',
    ],
    ['plain start on 0.0.0.0 with the dev secrets', { HOST: '0.0.0.0' }, 'Invalid setting HOST: "0.0.0.0" is not a loopback address'],
  ])('%s', (_what, env, msg) => {
    const r = run(env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(msg);
  });
});
