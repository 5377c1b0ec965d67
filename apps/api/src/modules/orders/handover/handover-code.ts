import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { SecretBox } from '../../admins/two-factor/totp';

/**
 * The handover code's secrecy: six random digits, sealed (AES-256-GCM, the admin TOTP SecretBox under its own derived
 * key) so the order's buyer can read it again, and an HMAC-SHA256 of order and code under another derived key, so the
 * seller's guess is compared without opening the sealed code and a copy of the database alone cannot try the million
 * codes against it. Neither the code nor its seal ever goes to a log.
 */
export class HandoverCodes {
  private readonly box: SecretBox;
  private readonly macKey: Buffer;

  constructor(keyMaterial: string) {
    this.box = new SecretBox(keyMaterial, { salt: 'kasuwa-order-handover', info: 'handover-code-seal' });
    this.macKey = Buffer.from(hkdfSync('sha256', keyMaterial, 'kasuwa-order-handover', 'handover-code-mac', 32));
  }

  newCode(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  seal(code: string): string {
    return this.box.seal(Buffer.from(code, 'utf8'));
  }

  open(sealed: string): string {
    return this.box.open(sealed).toString('utf8');
  }

  hash(orderId: number, code: string): string {
    return createHmac('sha256', this.macKey).update(`${orderId}:${code}`).digest('hex');
  }

  matches(orderId: number, code: string, hash: string): boolean {
    const a = Buffer.from(this.hash(orderId, code), 'hex');
    const b = Buffer.from(hash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
