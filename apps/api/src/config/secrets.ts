import { isIP } from 'node:net';
import { PASSWORD_MIN } from '@kasuwa/contracts';
import { COMMON_PASSWORDS } from './common-passwords';
import { ConfigError } from './env';

/** Development fallbacks: fine on a laptop, published in this repository, so never good enough for a server. */
export const DEV_USER_SECRET = 'kasuwa-dev-user-secret-not-for-production';
export const DEV_ADMIN_SECRET = 'kasuwa-dev-admin-secret-not-for-production';
export const DEV_ADMIN_PASSWORD = 'kasuwa-admin-2026';

/**
 * Every secret-like value this repository has ever shipped (config defaults, README, docker-compose.yml, .env
 * examples, demo seeds): anyone can read them, so a token signed or a sign-in made with one opens the shop.
 * Old values stay listed because copies of older compose files live on. config-secrets.e2e-spec.ts scans the
 * repository for secret-looking values and fails when one is missing here.
 */
export const SHIPPED_SECRETS: readonly string[] = [
  DEV_USER_SECRET,
  DEV_ADMIN_SECRET,
  DEV_ADMIN_PASSWORD,
  'kasuwa-demo-2026', // demo buyers and sellers (README, seeds)
  'change-me-user-secret', // docker-compose.yml before production refused weak settings
  'change-me-admin-secret',
  'kasuwa', // the compose Postgres password before production refused weak settings
];

const SHIPPED = new Set(SHIPPED_SECRETS.map((s) => s.toLowerCase()));
export const isShipped = (value: string) => SHIPPED.has(value.trim().toLowerCase());

/** HMAC-SHA256 keys shorter than the hash add nothing but guessability (RFC 7518 §3.2). */
export const MIN_JWT_SECRET_BYTES = 32;

/** NODE_ENV=production: refuses (naming the variable) a JWT secret that is short or published, and a published or common admin password. */
export function assertProductionSecrets(s: { userSecret: string; adminSecret: string; adminPassword: string }): void {
  for (const [name, value] of [
    ['JWT_USER_SECRET', s.userSecret],
    ['JWT_ADMIN_SECRET', s.adminSecret],
  ] as const) {
    if (isShipped(value))
      throw new ConfigError(name, 'is a value published in the Kasuwa repository; generate your own (openssl rand -base64 48)');
    if (Buffer.byteLength(value, 'utf8') < MIN_JWT_SECRET_BYTES) {
      throw new ConfigError(
        name,
        `must be at least ${MIN_JWT_SECRET_BYTES} bytes when NODE_ENV=production (openssl rand -base64 48 makes one)`,
      );
    }
  }
  const pw = s.adminPassword;
  if (isShipped(pw)) throw new ConfigError('ADMIN_PASSWORD', 'is a value published in the Kasuwa repository; choose your own');
  if (pw.length < PASSWORD_MIN || COMMON_PASSWORDS.has(pw.toLowerCase()) || /^(.)\1+$/.test(pw)) {
    throw new ConfigError('ADMIN_PASSWORD', `is too common or shorter than ${PASSWORD_MIN} characters; choose a strong one`);
  }
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost: only this machine can reach them. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) !== 6) return false;
  const canonical = new URL(`http://[${h}]/`).hostname; // [::1], or [::ffff:7f00:1] for ::ffff:127.0.0.1
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}

/**
 * Outside production the published development defaults are allowed, but only on a loopback HOST: a plain
 * `npm start` on a server (no NODE_ENV) must not answer the network with secrets anyone can read.
 */
export function assertDevDefaultsStayLocal(host: string, uses: { name: string; isDefault: boolean }[]): void {
  if (isLoopback(host)) return;
  const defaults = uses.filter((u) => u.isDefault).map((u) => u.name);
  if (!defaults.length) return;
  throw new ConfigError(
    'HOST',
    `"${host}" is not a loopback address, and ${defaults.join(', ')} ${defaults.length > 1 ? 'use' : 'uses'} the published development default. ` +
      `Set ${defaults.join(', ')} to your own values (or use NODE_ENV=production), or keep HOST=127.0.0.1`,
  );
}
