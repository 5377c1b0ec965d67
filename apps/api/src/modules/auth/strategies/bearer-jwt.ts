import { ExtractJwt, StrategyOptionsWithoutRequest } from 'passport-jwt';
import type { FindOptionsSelect, FindOptionsWhere, Repository } from 'typeorm';
import type { AppConfig } from '../../../config/app.config';
import type { TokenClaims } from '../tokens.service';

/** A bearer token from the Authorization header, checked against the secret and audience of its kind (users and admins differ in both). */
export const bearerJwt = (jwt: AppConfig['jwt'], kind: 'user' | 'admin'): StrategyOptionsWithoutRequest => ({
  jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
  secretOrKey: kind === 'user' ? jwt.userSecret : jwt.adminSecret,
  audience: kind === 'user' ? jwt.userAudience : jwt.adminAudience,
  issuer: jwt.issuer,
});

/** What both strategies read of an account to accept its token. */
interface TokenHolder {
  id: number;
  email: string;
  status: string;
  tokenVersion: number;
}

/**
 * The account a token names, or null when it is gone or the token's version is no longer its own (a password reset or
 * sign-out bumps the version, which ends every older token). Which statuses may still sign in is each strategy's rule.
 */
export async function tokenHolder<T extends TokenHolder>(accounts: Repository<T>, claims: TokenClaims): Promise<T | null> {
  const where = { id: Number(claims.sub) } as FindOptionsWhere<T>;
  const account = await accounts.findOne({ where, select: { id: true, email: true, status: true, tokenVersion: true } as FindOptionsSelect<T> });
  return account && account.tokenVersion === claims.ver ? account : null;
}
