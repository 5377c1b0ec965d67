import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

const COOKIE = 'kasuwa_oauth_state';
const TTL_S = 600;

/** What passport hands the store: the request, with the raw response the cookie goes on (GoogleGuard attaches it). */
export interface OAuthRequest {
  headers: IncomingHttpHeaders;
  res: ServerResponse;
}

/** Adds a Set-Cookie to the response (the ones already there stay). */
function setCookie(res: ServerResponse, cookie: string): void {
  const prev = res.getHeader('Set-Cookie');
  res.setHeader('Set-Cookie', prev === undefined ? [cookie] : [...(Array.isArray(prev) ? prev : [String(prev)]), cookie]);
}

function readCookie(req: OAuthRequest, name: string): string | undefined {
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

  store(req: OAuthRequest, _meta: unknown, done: (err: Error | null, state?: string) => void): void {
    const nonce = randomBytes(16).toString('base64url');
    const value = encodeURIComponent(`${nonce}.${this.sign(nonce)}`);
    const expires = new Date(Date.now() + TTL_S * 1000).toUTCString();
    // HttpOnly; SameSite=Lax: sent on Google's top-level redirect back to us.
    setCookie(
      req.res,
      `${COOKIE}=${value}; Max-Age=${TTL_S}; Path=/api/auth/google; Expires=${expires}; HttpOnly${this.secure ? '; Secure' : ''}; SameSite=Lax`,
    );
    done(null, nonce);
  }

  verify(
    req: OAuthRequest,
    state: string,
    _meta: unknown,
    done: (err: Error | null, ok: boolean, info?: { message: string }) => void,
  ): void {
    const [nonce, sig] = (readCookie(req, COOKIE) ?? '').split('.');
    setCookie(req.res, `${COOKIE}=; Path=/api/auth/google; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
    const expected = nonce ? Buffer.from(this.sign(nonce)) : Buffer.alloc(0);
    const given = Buffer.from(sig ?? '');
    const ok = Boolean(nonce) && nonce === state && given.length === expected.length && timingSafeEqual(given, expected);
    done(null, ok, ok ? undefined : { message: 'The sign-in link expired or did not start here. Please try again.' });
  }
}
