import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { AdminRole } from '@kasuwa/contracts';
import { AuditInterceptor } from './audit';

/** Who may call an endpoint. Every route declares one; the AccessGuard refuses routes that don't. */
export type Access = 'public' | 'user' | 'admin' | 'any' | 'optional-user';
export const ACCESS_KEY = 'kasuwa:access';

export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
export const UserAuth = () => applyDecorators(SetMetadata(ACCESS_KEY, 'user' satisfies Access), ApiBearerAuth('user'));
/**
 * An admin token. Routes an admin may call run inside the audit log's actor context (AuditInterceptor); only these:
 * an interceptor on every route would put Nest's interceptor pipeline on every public and user request too.
 */
export const AdminAuth = () =>
  applyDecorators(SetMetadata(ACCESS_KEY, 'admin' satisfies Access), ApiBearerAuth('admin'), UseInterceptors(AuditInterceptor));
/** Either a user or an admin token (spec: "several calls accept either token"). */
export const AnyAuth = () =>
  applyDecorators(
    SetMetadata(ACCESS_KEY, 'any' satisfies Access),
    ApiBearerAuth('user'),
    ApiBearerAuth('admin'),
    UseInterceptors(AuditInterceptor),
  );
/** Public, but a valid user token (if sent) identifies the caller. */
export const OptionalUserAuth = () => applyDecorators(SetMetadata(ACCESS_KEY, 'optional-user' satisfies Access), ApiBearerAuth('user'));

/** The authenticated caller, as the jwt strategies put it on the request. */
export interface Actor {
  kind: 'user' | 'admin';
  id: number;
  email: string;
  /** Admins only: what they may open, and whether two-factor sign-in is on (read with the token check). */
  role?: AdminRole;
  twoFactor?: boolean;
  /** A user's proofs, read with the token check (rule "verified people"); absent on admins. */
  verified?: { email: boolean; phone: boolean };
}

export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor | undefined => {
  return ctx.switchToHttp().getRequest().user ?? undefined;
});
