import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP: HMAC-SHA1, 30 s steps, 6 digits), as every
 * authenticator app computes them, through `otpauth` (a small, well-kept implementation with no dependencies).
 * Secrets travel as RFC 4648 base32. This file keeps Kasuwa's own vocabulary (steps, so a code works once).
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ISSUER = 'Kasuwa';

const secretOf = (bytes: Buffer) => new Secret({ buffer: new Uint8Array(bytes).buffer });

export const base32Encode = (bytes: Buffer): string => secretOf(bytes).base32;

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  if (!/^[A-Z2-7]*$/.test(clean)) throw new Error('not base32');
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

/** RFC 4226 HOTP of `counter` with `digits` digits. */
export const hotp = (secret: Buffer, counter: number, digits = TOTP_DIGITS): string =>
  HOTP.generate({ secret: secretOf(secret), counter, digits });

/** The time step a moment falls in. */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);

/** The code of the step `atMs` falls in. */
export const totp = (secret: Buffer, atMs: number, digits = TOTP_DIGITS): string =>
  TOTP.generate({ secret: secretOf(secret), timestamp: atMs, digits, period: TOTP_STEP_SECONDS, algorithm: 'SHA1' });

/**
 * The step a code belongs to, looking one step either side (a phone's clock drifts and a code typed at the end of its
 * 30 s arrives in the next), or null. Callers refuse a step at or before the last one used, so a code works once.
 * (otpauth compares in constant time.)
 */
export function matchTotp(secret: Buffer, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(secret),
    timestamp: atMs,
    window: 1,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    algorithm: 'SHA1',
  });
  return delta === null ? null : totpStep(atMs) + delta;
}

/** A fresh 160-bit secret (RFC 4226's recommended length). */
export const newTotpSecret = (): Buffer => randomBytes(20);

/** The otpauth:// URI authenticator apps read (from the QR code or typed in). */
export function otpauthUri(secretBase32: string, account: string, issuer = ISSUER): string {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

/**
 * Secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from ADMIN_2FA_KEY or the admin JWT secret, so a
 * copy of the database alone opens no authenticator. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * `purpose` (HKDF salt and info) gives each kind of secret its own key: one leaked key opens one kind only.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string, purpose: { salt: string; info: string } = { salt: 'kasuwa-admin-2fa', info: 'totp-secret' }) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, purpose.salt, purpose.info, 32));
  }

  seal(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): Buffer {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}

/** Ten recovery codes, `xxxxx-xxxxx` of base32 (50 bits each), shown once. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: 10 }, () => {
    const s = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });

/** How a recovery code is stored: SHA-256 of its normalised form (50 random bits each; a slow hash adds nothing to that). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z2-7]/g, ''))
    .digest('hex');
