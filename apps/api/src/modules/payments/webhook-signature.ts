import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's `x-paystack-signature`: hex HMAC-SHA512 of the raw request body, keyed with the secret key. */
export function paystackSignature(raw: Buffer | string, secret: string): string {
  return createHmac('sha512', secret).update(raw).digest('hex');
}

/** Constant-time comparison, so the answer time says nothing about how much of a forged signature was right. */
export function isValidSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(paystackSignature(raw, secret), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
