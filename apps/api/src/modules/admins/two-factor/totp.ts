import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP: HMAC-SHA1, 30 s steps, 6 digits), as every
 * authenticator app computes them, with node:crypto alone. Secrets travel as RFC 4648 base32.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP of `counter` with `digits` digits (dynamic truncation of HMAC-SHA1). */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, '0');
}

/** The time step a moment falls in. */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);

/** The code of the step `atMs` falls in. */
export const totp = (secret: Buffer, atMs: number, digits = TOTP_DIGITS): string => hotp(secret, totpStep(atMs), digits);

/**
 * The step a code belongs to, looking one step either side (a phone's clock drifts and a code typed at the end of its
 * 30 s arrives in the next), or null. Callers refuse a step at or before the last one used, so a code works once.
 */
export function matchTotp(secret: Buffer, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(atMs);
  for (const step of [now, now - 1, now + 1]) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** A fresh 160-bit secret (RFC 4226's recommended length). */
export const newTotpSecret = (): Buffer => randomBytes(20);

/** The otpauth:// URI authenticator apps read (from a QR code or typed in). */
export function otpauthUri(secretBase32: string, account: string, issuer = 'Kasuwa'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
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
  createHash('sha256').update(code.toLowerCase().replace(/[^a-z2-7]/g, '')).digest('hex');
