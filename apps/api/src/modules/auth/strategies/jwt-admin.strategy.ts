import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { Strategy } from 'passport-jwt';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app.config';
import type { Actor } from '../../../common/auth.decorators';
import { unauthorized } from '../../../common/errors';
import { Admin } from '../../admins/entities/admin.entity';
import type { TokenClaims } from '../tokens.service';
import { bearerJwt, tokenHolder } from './bearer-jwt';

/** `jwt-admin`: an admin token (admin secret and audience) of an active admin with a current version. */
@Injectable()
export class JwtAdminStrategy extends PassportStrategy(Strategy, 'jwt-admin') {
  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    @InjectRepository(Admin) private readonly admins: Repository<Admin>,
  ) {
    super(bearerJwt(cfg.jwt, 'admin'));
  }

  async validate(claims: TokenClaims): Promise<Actor> {
    const admin = await tokenHolder(this.admins, claims);
    if (admin?.status !== 'active') {
      throw unauthorized('SESSION_ENDED', 'Your admin session has ended. Please sign in again.');
    }
    return { kind: 'admin', id: admin.id, email: admin.email };
  }
}
