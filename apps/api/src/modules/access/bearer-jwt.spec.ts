import { KeyObject } from 'node:crypto';
import { sign, verify } from 'jsonwebtoken';
import type { AppConfig } from '../../config/app.config';
import { bearerJwt as strategyOptions } from './bearer-jwt';

/** The options as passport-jwt reads them (its typings are a union of with and without a key provider). */
const bearerJwt = (jwt: AppConfig['jwt'], kind: 'user' | 'admin') =>
  strategyOptions(jwt, kind) as unknown as { secretOrKey: KeyObject; audience: string; issuer: string };

describe('bearerJwt', () => {
  const jwt = {
    userSecret: 'user-secret-0123456789abcdef',
    adminSecret: 'admin-secret-0123456789abcdef',
    userAudience: 'kasuwa-user',
    adminAudience: 'kasuwa-admin',
    issuer: 'kasuwa',
  } as AppConfig['jwt'];

  // Given the secret as a string, jsonwebtoken first parses it as a PEM public key on every verification (a parse that
  // throws): most of an authenticated request's CPU. The strategies get it as a key object, made once at start.
  it('hands passport each kind’s secret as a prepared HMAC key object, not a string', () => {
    for (const [kind, secret] of [
      ['user', jwt.userSecret],
      ['admin', jwt.adminSecret],
    ] as const) {
      const key = bearerJwt(jwt, kind).secretOrKey;
      expect(key).toBeInstanceOf(KeyObject);
      expect(key.type).toBe('secret');
      expect(key.export().toString('utf8')).toBe(secret);
    }
  });

  it('accepts a token of its kind and refuses the other kind’s, as with the string secret', () => {
    const user = bearerJwt(jwt, 'user');
    const check = (token: string) => verify(token, user.secretOrKey, { audience: user.audience, issuer: user.issuer });
    const claims = { sub: '7', email: 'a@example.com', ver: 0 };
    expect(check(sign(claims, jwt.userSecret, { audience: jwt.userAudience, issuer: jwt.issuer }))).toMatchObject(claims);
    expect(() => check(sign(claims, jwt.adminSecret, { audience: jwt.userAudience, issuer: jwt.issuer }))).toThrow(/invalid signature/);
    expect(() => check(sign(claims, jwt.userSecret, { audience: jwt.adminAudience, issuer: jwt.issuer }))).toThrow(/audience invalid/);
  });
});
