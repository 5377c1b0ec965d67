import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { Strategy } from 'passport-jwt';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app.config';
import type { Actor } from '../../../common/auth.decorators';
import { unauthorized } from '../../../common/errors';
import { User } from '../../users/entities/user.entity';
import type { TokenClaims } from '../tokens.service';
import { bearerJwt, tokenHolder } from './bearer-jwt';

/** `jwt-user`: a user token (user secret and audience) whose account is still active and whose version is current. */
@Injectable()
export class JwtUserStrategy extends PassportStrategy(Strategy, 'jwt-user') {
  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {
    super(bearerJwt(cfg.jwt, 'user'));
  }

  async validate(claims: TokenClaims): Promise<Actor> {
    const user = await tokenHolder(this.users, claims);
    if (!user || user.status === 'deleted') {
      throw unauthorized('SESSION_ENDED', 'Your session has ended. Please sign in again.');
    }
    if (user.status === 'suspended') throw unauthorized('SUSPENDED', 'Your account has been suspended. Please contact support.');
    return { kind: 'user', id: user.id, email: user.email };
  }
}
