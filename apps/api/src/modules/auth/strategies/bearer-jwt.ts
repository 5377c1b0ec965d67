import { ExtractJwt, StrategyOptionsWithoutRequest } from 'passport-jwt';

/** A bearer token from the Authorization header, checked against one secret and audience (users and admins differ in both). */
export const bearerJwt = (secretOrKey: string, audience: string, issuer: string): StrategyOptionsWithoutRequest => ({
  jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
  secretOrKey,
  audience,
  issuer,
});
