import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

const COOKIE = 'kasuwa_oauth_state';
const TTL_S = 600;

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * OAuth2 `state` without server sessions: a random nonce goes to Google in `state` and, HMAC-signed, into a short-lived
 * HttpOnly cookie; the callback must bring both back. This stops login CSRF (an attacker completing their own Google
 * sign-in in a victim's browser). passport-oauth2 calls `store` and `verify` with these arities.
 */
export class CookieStateStore {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  private sign(nonce: string): string {
    return createHmac('sha256', this.secret).update(nonce).digest('base64url');
  }

  store(req: Request, _meta: unknown, done: (err: Error | null, state?: string) => void): void {
    const nonce = randomBytes(16).toString('base64url');
    (req.res as Response).cookie(COOKIE, `${nonce}.${this.sign(nonce)}`, {
      httpOnly: true,
      sameSite: 'lax', // sent on Google's top-level redirect back to us
      secure: this.secure,
      maxAge: TTL_S * 1000,
      path: '/api/auth/google',
    });
    done(null, nonce);
  }

  verify(req: Request, state: string, _meta: unknown, done: (err: Error | null, ok: boolean, info?: { message: string }) => void): void {
    const [nonce, sig] = (readCookie(req, COOKIE) ?? '').split('.');
    (req.res as Response).clearCookie(COOKIE, { path: '/api/auth/google' });
    const expected = nonce ? Buffer.from(this.sign(nonce)) : Buffer.alloc(0);
    const given = Buffer.from(sig ?? '');
    const ok = Boolean(nonce) && nonce === state && given.length === expected.length && timingSafeEqual(given, expected);
    done(null, ok, ok ? undefined : { message: 'The sign-in link expired or did not start here. Please try again.' });
  }
}
