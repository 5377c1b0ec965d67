import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { Strategy } from 'passport-jwt';
import type { Repository } from 'typeorm';
import type { AdminRole } from '@kasuwa/contracts';
import type { Actor } from '../../../common/auth.decorators';
import { unauthorized } from '../../../common/errors';
import { APP_CONFIG, type AppConfig } from '../../../config/app.config';
import { PreparedStatements } from '../../../database/prepared-statements';
import { bearerJwt, tokenHolder, tokenHolderSql } from '../../access/bearer-jwt';
import type { TokenClaims } from '../../access/tokens.service';
import { Admin } from '../entities/admin.entity';

interface AdminHolder {
  id: number;
  email: string;
  status: string;
  tokenVersion: number;
  role: AdminRole;
  twoFactor: boolean;
}

/**
 * `jwt-admin`: an admin token (admin secret and audience) of an active admin with a current version. The same one
 * prepared statement also reads the admin's role and whether two-factor sign-in is on, so a role change or an
 * enrolment applies to the next request and role checks cost no extra query. It lives with the admins (it reads their
 * table) rather than in auth, which would otherwise import the admins module that imports auth.
 */
@Injectable()
export class JwtAdminStrategy extends PassportStrategy(Strategy, 'jwt-admin') {
  private readonly sql: string;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    @InjectRepository(Admin) accounts: Repository<Admin>,
    private readonly prepared: PreparedStatements,
  ) {
    super(bearerJwt(cfg.jwt, 'admin'));
    this.sql = tokenHolderSql(accounts).replace(' FROM ', `, role AS role, totp_enabled_at IS NOT NULL AS "twoFactor" FROM `);
  }

  async validate(claims: TokenClaims): Promise<Actor> {
    const admin = await tokenHolder<AdminHolder>(this.prepared, this.sql, claims);
    if (admin?.status !== 'active') throw unauthorized('SESSION_ENDED', 'Your admin session has ended. Please sign in again.');
    return { kind: 'admin', id: admin.id, email: admin.email, role: admin.role, twoFactor: admin.twoFactor };
  }
}
