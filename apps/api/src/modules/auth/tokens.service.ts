import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../../config/app.config';

export interface TokenClaims {
  sub: string;
  email: string;
  ver: number;
}

/** Signs user and admin JWTs with different secrets and audiences, so one kind never opens the other's endpoints. */
@Injectable()
export class TokensService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  forUser(u: { id: number; email: string; tokenVersion: number }, rememberMe = false): string {
    const { jwt } = this.cfg;
    return this.jwt.sign({ sub: String(u.id), email: u.email, ver: u.tokenVersion } satisfies TokenClaims, {
      secret: jwt.userSecret,
      audience: jwt.userAudience,
      issuer: jwt.issuer,
      expiresIn: rememberMe ? jwt.userRememberTtl : jwt.userTtl,
    });
  }

  forAdmin(a: { id: number; email: string; tokenVersion: number }): string {
    const { jwt } = this.cfg;
    return this.jwt.sign({ sub: String(a.id), email: a.email, ver: a.tokenVersion } satisfies TokenClaims, {
      secret: jwt.adminSecret,
      audience: jwt.adminAudience,
      issuer: jwt.issuer,
      expiresIn: jwt.adminTtl,
    });
  }
}
