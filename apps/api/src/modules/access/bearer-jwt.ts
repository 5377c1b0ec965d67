import { Inject, type Type } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { ExtractJwt, Strategy, StrategyOptionsWithoutRequest } from 'passport-jwt';
import type { Repository } from 'typeorm';
import type { Actor } from '../../common/auth.decorators';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { PreparedStatements } from '../../database/prepared-statements';
import type { TokenClaims } from './tokens.service';

/**
 * An HMAC secret as the key object jsonwebtoken works with, made once. Given the string, jsonwebtoken first tries to
 * read it as a PEM public key on every verification (a parse that throws, then a stack trace), which cost ~1.7 ms of
 * CPU per authenticated request, more than the rest of the request together.
 */
export const hmacKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));

/** A bearer token from the Authorization header, checked against the secret and audience of its kind (users and admins differ in both). */
export const bearerJwt = (jwt: AppConfig['jwt'], kind: 'user' | 'admin'): StrategyOptionsWithoutRequest => ({
  jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
  // passport-jwt hands it to jsonwebtoken.verify as is, which takes a KeyObject (its typings say string | Buffer).
  secretOrKey: hmacKey(kind === 'user' ? jwt.userSecret : jwt.adminSecret) as unknown as string,
  audience: kind === 'user' ? jwt.userAudience : jwt.adminAudience,
  issuer: jwt.issuer,
});

/** What both strategies read of an account to accept its token. */
interface TokenHolder {
  id: number;
  email: string;
  status: string;
  tokenVersion: number;
  emailVerified?: boolean;
  phoneVerified?: boolean;
}

/**
 * The statement that reads what tokenHolder needs of an account of `accounts`' table, written once from the entity's
 * metadata: a repository find would build the same SQL anew on every authenticated request (most of the token
 * check's CPU after the signature).
 */
export function tokenHolderSql(accounts: Pick<Repository<TokenHolder>, 'metadata'>, proofs?: ProofColumns): string {
  const { metadata } = accounts;
  const col = (property: string) => `"${metadata.findColumnWithPropertyName(property)!.databaseName}"`;
  // Rule "verified people": the flags ride on this one prepared statement, so the token check costs what it did.
  const verified = proofs
    ? `, ${col(proofs.email)} IS NOT NULL AS "emailVerified", ${col(proofs.phone)} IS NOT NULL AS "phoneVerified"`
    : '';
  return `SELECT ${col('id')} AS id, ${col('email')} AS email, ${col('status')} AS status, ${col('tokenVersion')} AS "tokenVersion"${verified} FROM "${metadata.tableName}" WHERE ${col('id')} = $1`;
}

/** The properties (timestamps) whose presence says the account verified its e-mail and its phone. */
export interface ProofColumns {
  email: string;
  phone: string;
}

/**
 * The account a token names, or null when it is gone or the token's version is no longer its own (a password reset or
 * sign-out bumps the version, which ends every older token). Which statuses may still sign in is each strategy's rule.
 * One statement (`sql`, from tokenHolderSql), prepared: planned once per pooled connection.
 */
export async function tokenHolder<T extends TokenHolder>(
  prepared: Pick<PreparedStatements, 'primary'>,
  sql: string,
  claims: TokenClaims,
): Promise<T | null> {
  const id = Number(claims.sub);
  if (!Number.isSafeInteger(id)) return null;
  const [account] = await prepared.primary<T>(sql, [id]);
  return account && account.tokenVersion === claims.ver ? account : null;
}

/**
 * The `jwt-<kind>` strategy: a bearer token of that kind (bearerJwt) naming an account of `entity` (tokenHolder) that
 * `admit` lets in; `admit` throws the 401 that says why not, or answers the account, which becomes the request's actor.
 */
export function JwtAccountStrategy<T extends TokenHolder>(
  kind: 'user' | 'admin',
  entity: Type<T>,
  admit: (account: T | null) => T,
  proofs?: ProofColumns,
) {
  class JwtAccountStrategy extends PassportStrategy(Strategy, `jwt-${kind}`) {
    private readonly sql: string;

    constructor(
      @Inject(APP_CONFIG) cfg: AppConfig,
      @InjectRepository(entity) accounts: Repository<T>,
      private readonly prepared: PreparedStatements,
    ) {
      super(bearerJwt(cfg.jwt, kind));
      this.sql = tokenHolderSql(accounts, proofs);
    }

    async validate(claims: TokenClaims): Promise<Actor> {
      const account = admit(await tokenHolder<T>(this.prepared, this.sql, claims));
      const actor: Actor = { kind, id: account.id, email: account.email };
      if (proofs) actor.verified = { email: Boolean(account.emailVerified), phone: Boolean(account.phoneVerified) };
      return actor;
    }
  }
  return JwtAccountStrategy;
}
