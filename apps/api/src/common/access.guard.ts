import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { roleAllows } from '@kasuwa/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app.config';
import { AREA_KEY, BEFORE_ENROLMENT_KEY } from './admin-resource';
import { Access, ACCESS_KEY, type Actor } from './auth.decorators';
import { forbidden } from './errors';

const UserGuard = AuthGuard('jwt-user');
const AdminGuard = AuthGuard('jwt-admin');
const AnyGuard = AuthGuard(['jwt-user', 'jwt-admin']);

class OptionalUserGuard extends AuthGuard('jwt-user') {
  override handleRequest<T>(_err: unknown, user: T): T {
    return user ?? (undefined as T);
  }
}

/** An admin route's area and whether it is open before two-factor enrolment, read once per handler. */
interface AdminRule {
  area: string | undefined;
  beforeEnrolment: boolean;
}

/**
 * The one global guard: reads the route's declared Access and runs the matching passport strategy, then, for an
 * admin, the role map (the route's area) and the two-factor enrolment rule. Undeclared routes fail closed.
 */
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
  private readonly adminRules = new WeakMap<object, AdminRule>(); // handler → its admin rule

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  private adminRuleOf(ctx: ExecutionContext): AdminRule {
    const handler = ctx.getHandler();
    let rule = this.adminRules.get(handler);
    if (!rule) {
      const targets = [handler, ctx.getClass()];
      rule = {
        area: this.reflector.getAllAndOverride<string | undefined>(AREA_KEY, targets),
        beforeEnrolment: this.reflector.getAllAndOverride<boolean | undefined>(BEFORE_ENROLMENT_KEY, targets) ?? false,
      };
      this.adminRules.set(handler, rule);
    }
    return rule;
  }

  /** An admin reaches a route only inside their role, and, while they must enrol in two-factor sign-in, only enrolment. */
  private admitAdmin(ctx: ExecutionContext, actor: Actor, method: string): void {
    const { area, beforeEnrolment } = this.adminRuleOf(ctx);
    if (this.cfg.staff.twoFactor === 'required' && !actor.twoFactor && !beforeEnrolment) {
      throw forbidden('TWO_FACTOR_ENROLMENT_REQUIRED', 'Set up two-factor sign-in before using the back office.');
    }
    if (!area) {
      this.logger.error(`Admin route ${ctx.getClass().name}.${ctx.getHandler().name} names no back-office area`);
      throw forbidden('ROLE_FORBIDDEN', 'Your admin role does not allow this.');
    }
    const action = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
    if (!roleAllows(actor.role, area, action)) {
      throw forbidden(
        'ROLE_FORBIDDEN',
        `Your admin role (${actor.role ?? 'none'}) does not allow ${action === 'read' ? 'opening' : 'changing'} ${area}.`,
      );
    }
  }

  private accessOf(ctx: ExecutionContext): Access | undefined {
    const handler = ctx.getHandler();
    const cls = ctx.getClass();
    let byHandler = this.declared.get(cls);
    if (!byHandler) this.declared.set(cls, (byHandler = new Map()));
    if (!byHandler.has(handler)) byHandler.set(handler, this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, cls]));
    return byHandler.get(handler);
  }

  /**
   * Synchronous where no token is read (a public route, an optional-user route without Authorization): Nest's guard
   * runner takes a boolean as it is, where a promise costs it two more awaits on every public read.
   */
  canActivate(ctx: ExecutionContext): boolean | Promise<boolean> {
    const access = this.accessOf(ctx);
    if (access === 'public') return true;
    if (!access) {
      this.logger.error(`Route ${ctx.getClass().name}.${ctx.getHandler().name} declares no access rule`);
      throw new ForbiddenException('Forbidden');
    }
    const req = ctx.switchToHttp().getRequest<{ headers: Record<string, unknown>; method: string; user?: Actor }>();
    if (access === 'optional-user' && !req.headers.authorization) return true;
    return this.withToken(ctx, access, req);
  }

  private async withToken(
    ctx: ExecutionContext,
    access: Exclude<Access, 'public'>,
    req: { method: string; user?: Actor },
  ): Promise<boolean> {
    if (!((await this.guards[access].canActivate(ctx)) as boolean)) return false;
    if (req.user?.kind === 'admin') this.admitAdmin(ctx, req.user, req.method);
    return true;
  }
}
