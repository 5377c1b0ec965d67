import { CanActivate, ExecutionContext, ForbiddenException, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { Access, ACCESS_KEY } from './auth.decorators';

const UserGuard = AuthGuard('jwt-user');
const AdminGuard = AuthGuard('jwt-admin');
const AnyGuard = AuthGuard(['jwt-user', 'jwt-admin']);

class OptionalUserGuard extends AuthGuard('jwt-user') {
  override handleRequest<T>(_err: unknown, user: T): T {
    return user ?? (undefined as T);
  }
}

/** The one global guard: reads the route's declared Access and runs the matching passport strategy. Undeclared routes fail closed. */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);
  private readonly guards = {
    user: new UserGuard(),
    admin: new AdminGuard(),
    any: new AnyGuard(),
    'optional-user': new OptionalUserGuard(),
  };

  /** Each handler's Access, read by reflection once (it is fixed at start) instead of on every request. */
  private readonly declared = new WeakMap<object, Map<object, Access | undefined>>(); // controller class → handler → Access

  constructor(private readonly reflector: Reflector) {}

  private accessOf(ctx: ExecutionContext): Access | undefined {
    const handler = ctx.getHandler();
    const cls = ctx.getClass();
    let byHandler = this.declared.get(cls);
    if (!byHandler) this.declared.set(cls, (byHandler = new Map()));
    if (!byHandler.has(handler)) byHandler.set(handler, this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, cls]));
    return byHandler.get(handler);
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const access = this.accessOf(ctx);
    if (access === 'public') return true;
    if (!access) {
      this.logger.error(`Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no access rule`);
      throw new ForbiddenException('Forbidden');
    }
    if (access === 'optional-user' && !ctx.switchToHttp().getRequest().headers.authorization) return true;
    return (await this.guards[access].canActivate(ctx)) as boolean;
  }
}
