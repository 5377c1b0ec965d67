import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { KeyObject } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { hmacKey } from './bearer-jwt';

export interface TokenClaims {
  sub: string;
  email: string;
  ver: number;
}

/** Signs user and admin JWTs with different secrets and audiences, so one kind never opens the other's endpoints. */
@Injectable()
export class TokensService {
  /** The secrets as key objects, made once (as the strategies verify with): a string is re-parsed on every signature. */
  private readonly userKey: KeyObject;
  private readonly adminKey: KeyObject;

  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {
    this.userKey = hmacKey(cfg.jwt.userSecret);
    this.adminKey = hmacKey(cfg.jwt.adminSecret);
  }

  forUser(u: { id: number; email: string; tokenVersion: number }, rememberMe = false): string {
    const { jwt } = this.cfg;
    return this.jwt.sign({ sub: String(u.id), email: u.email, ver: u.tokenVersion } satisfies TokenClaims, {
      privateKey: this.userKey,
      audience: jwt.userAudience,
      issuer: jwt.issuer,
      expiresIn: rememberMe ? jwt.userRememberTtl : jwt.userTtl,
    });
  }

  forAdmin(a: { id: number; email: string; tokenVersion: number }): string {
    const { jwt } = this.cfg;
    return this.jwt.sign({ sub: String(a.id), email: a.email, ver: a.tokenVersion } satisfies TokenClaims, {
      privateKey: this.adminKey,
      audience: jwt.adminAudience,
      issuer: jwt.issuer,
      expiresIn: jwt.adminTtl,
    });
  }
}
