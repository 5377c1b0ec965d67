import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Observable, from, mergeMap } from 'rxjs';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AREA_KEY } from './admin-resource';
import type { Actor } from './auth.decorators';

/** Who is acting in this request, for the audit log: the admin, the request id and the client address. */
interface ActorContext {
  admin: { id: number; email: string };
  requestId: string | null;
  clientIp: string | null;
  /** Set once a write of this request has audited itself inside its transaction. */
  audited: boolean;
}

const actorContext = new AsyncLocalStorage<ActorContext>();

/** What one audited write records. `before`/`after` hold the fields that changed (never secrets). */
export interface AuditInput {
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

const json = (v: Record<string, unknown> | null | undefined) => (v == null ? null : JSON.stringify(v));

/**
 * Records an admin write in the audit log through `em`, the write's own transaction: when the write rolls back, so does
 * its entry; when it commits, the entry is there. Outside an admin's request (a job, a user's own action) it records
 * nothing. One statement.
 */
export async function audit(em: Pick<EntityManager, 'query'>, entry: AuditInput): Promise<void> {
  const ctx = actorContext.getStore();
  if (!ctx) return;
  ctx.audited = true;
  await em.query(
    `INSERT INTO audit_log (admin_id, admin_email, action, target_type, target_id, before, after, reason, request_id, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      ctx.admin.id,
      ctx.admin.email,
      entry.action,
      entry.targetType,
      entry.targetId == null ? null : String(entry.targetId),
      json(entry.before),
      json(entry.after),
      entry.reason ?? null,
      ctx.requestId,
      ctx.clientIp,
    ],
  );
}

/** The fields of `row` named in `keys` (what an audit entry keeps of a record before and after). */
export function pick<T extends object>(row: T | null | undefined, keys: readonly (keyof T)[]): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(keys.map((k) => [k, row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k]]));
}

/**
 * An admin's edit of some fields of one row, with its audit entry in the same transaction: the entry keeps what those
 * fields were (`before`, the row as read) and what they became.
 */
export async function updateAudited<T extends { id: number }>(
  repo: Repository<T>,
  before: T,
  after: Partial<T>,
  entry: Pick<AuditInput, 'action' | 'targetType' | 'reason'>,
): Promise<void> {
  const keys = Object.keys(after) as (keyof T)[];
  await repo.manager.transaction(async (em) => {
    await em.update(repo.target, before.id, after as QueryDeepPartialEntity<T>);
    await audit(em, { ...entry, targetId: before.id, before: pick(before, keys), after: pick<Partial<T>>(after, keys) });
  });
}

/** Marks a request already running in its actor context. */
const IN_CONTEXT = Symbol('auditActorContext');

/** Body fields an audit entry never keeps, whatever the route. */
const SECRET = /pass|otp|token|secret|code/i;

/**
 * Runs every admin request inside its actor context (declared by AdminAuth()/AnyAuth(), the routes an admin token
 * opens), so services' audit() calls know who acts. Every admin write
 * audits itself inside its own transaction (test/audit-coverage walks the routes and checks each). A write (any method
 * but GET/HEAD) that still succeeded without doing so — a route added without its audit() call — gets an entry
 * afterwards, naming the route, its id and the body's fields (secrets left out), and a warning in the log: a net, not
 * the rule, as that entry is written after the commit.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger(AuditInterceptor.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx
      .switchToHttp()
      .getRequest<{ user?: Actor; id?: string; ip?: string; method: string; params?: Record<string, string>; body?: unknown }>();
    const actor = req.user;
    // Declared on a controller and on one of its routes, it runs twice: the first one keeps the request's context.
    if (actor?.kind !== 'admin' || (req as Record<symbol, unknown>)[IN_CONTEXT]) return next.handle();
    (req as Record<symbol, unknown>)[IN_CONTEXT] = true;
    const store: ActorContext = {
      admin: { id: actor.id, email: actor.email },
      requestId: req.id ?? null,
      clientIp: req.ip ?? null,
      audited: false,
    };
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    return new Observable<unknown>((sub) =>
      actorContext.run(store, () =>
        next
          .handle()
          .pipe(
            mergeMap((value) =>
              from(
                (async () => {
                  if (write && !store.audited) {
                    const entry = this.routeEntry(ctx, req);
                    this.logger.warn(`Admin write ${entry.action} did not audit itself in its transaction: entry written after it`);
                    await actorContext.run(store, () => audit(this.db.manager, entry));
                  }
                  return value;
                })(),
              ),
            ),
          )
          .subscribe(sub),
      ),
    );
  }

  private routeEntry(ctx: ExecutionContext, req: { method: string; params?: Record<string, string>; body?: unknown }): AuditInput {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const after = Object.fromEntries(Object.entries(body).filter(([k]) => !SECRET.test(k)));
    const reason = typeof body.reason === 'string' ? body.reason : null;
    const area: unknown = Reflect.getMetadata(AREA_KEY, ctx.getHandler()) ?? Reflect.getMetadata(AREA_KEY, ctx.getClass());
    const targetType =
      typeof area === 'string' && area !== '*'
        ? area
        : ctx
            .getClass()
            .name.replace(/(Inner)?(Admin)?Controller$/, '')
            .toLowerCase();
    return {
      action: `${targetType}.${ctx.getHandler().name}`,
      targetType,
      targetId: req.params?.id ?? null,
      after: Object.keys(after).length ? after : null,
      reason,
    };
  }
}
