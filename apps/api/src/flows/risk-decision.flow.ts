import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  RISK_DECIDER,
  RISK_RULES,
  RISK_STATES,
  type AdminRole,
  type RiskHold,
  type RiskRule,
  type RiskSignal,
  type RiskState,
} from '@kasuwa/contracts';
import { audit } from '../common/audit';
import type { RiskSignalRow } from '../database/rows.generated';
import { conflict, forbidden, notFound } from '../common/errors';
import type { PageRequest } from '../common/list-query';
import { CacheService } from '../modules/cache/cache.service';
import { productCacheTag } from '../modules/catalog/product-cache';
import { ProductsAdminService } from '../modules/catalog/products-admin.service';
import { NotificationsService } from '../modules/notifications/notifications.service';

export type RiskSort = 'createdAt' | 'id' | 'rule' | 'state';
export interface RiskSearch extends PageRequest<RiskSort> {
  rule?: RiskRule;
  state?: RiskState;
  hold?: RiskHold;
  userId?: number;
  ids?: number[];
}

const SORT_SQL: Record<RiskSort, string> = { createdAt: 's.created_at', id: 's.id', rule: 's.rule', state: 's.state' };
const SELECT = `SELECT s.*, u.email AS user_email FROM risk_signal s LEFT JOIN app_user u ON u.id = s.user_id`;

/** A signal with its user's email (SELECT); the varchar columns narrowed to the values the risk module writes. */
type Row = Omit<RiskSignalRow, 'rule' | 'target_type' | 'hold' | 'state' | 'details'> & {
  rule: RiskRule;
  target_type: 'user' | 'product';
  hold: RiskHold;
  state: RiskState;
  details: Record<string, unknown>;
  user_email: string | null;
};

const toSignal = (r: Row): RiskSignal => ({
  id: r.id,
  rule: r.rule,
  targetType: r.target_type,
  targetId: r.target_id,
  userId: r.user_id,
  userEmail: r.user_email,
  hold: r.hold,
  state: r.state,
  reason: r.reason,
  details: r.details ?? {},
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  decidedBy: r.decided_by,
  decisionReason: r.decision_reason,
  decider: RISK_DECIDER[r.hold],
});

export const isRiskRule = (v: unknown): v is RiskRule => (RISK_RULES as readonly unknown[]).includes(v);
export const isRiskState = (v: unknown): v is RiskState => (RISK_STATES as readonly unknown[]).includes(v);

/**
 * The risk queue for admins. Who decides a signal: `finance` its withdrawal holds, `moderator` listing holds and
 * signals that hold nothing, `owner` all (RISK_DECIDER; the route's area admits both roles, this checks which).
 * Clear releases what it holds (a held listing goes back on sale); confirm keeps a withdrawal hold, blocks a listing
 * through the catalogue's moderation (cancelling its unpaid orders, telling the seller) and marks the rest reviewed.
 * A flow: a decision writes risk's signal and the catalogue's listing (and risk reading the catalogue made a module
 * cycle with the catalogue asking risk about new listings).
 */
@Injectable()
export class RiskDecisionFlow {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly products: ProductsAdminService,
    private readonly notifications: NotificationsService,
    private readonly cache: CacheService,
  ) {}

  async list(q: RiskSearch): Promise<{ rows: RiskSignal[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => where.push(sql.replace('?', `$${params.push(v)}`));
    if (q.rule) add('s.rule = ?', q.rule);
    if (q.state) add('s.state = ?', q.state);
    if (q.hold) add('s.hold = ?', q.hold);
    if (q.userId !== undefined) add('s.user_id = ?', q.userId);
    if (q.ids) add('s.id = ANY(?::int[])', q.ids);
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<Row[]>(
        `${SELECT} ${w} ORDER BY ${SORT_SQL[q.sort]} ${q.order}, s.id ${q.order} LIMIT ${q.limit} OFFSET ${q.offset}`,
        params,
      ),
      this.db.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM risk_signal s ${w}`, params),
    ]);
    return { rows: rows.map(toSignal), total };
  }

  async get(id: number): Promise<RiskSignal> {
    const [row] = await this.db.query<Row[]>(`${SELECT} WHERE s.id = $1`, [id]);
    if (!row) throw notFound('RISK_SIGNAL_NOT_FOUND', 'Risk signal not found.');
    return toSignal(row);
  }

  async decide(admin: { id: number; role?: AdminRole }, id: number, action: 'clear' | 'confirm', reason: string): Promise<RiskSignal> {
    const signal = await this.get(id);
    if (admin.role !== 'owner' && admin.role !== signal.decider) {
      throw forbidden(
        'ROLE_FORBIDDEN',
        `Your admin role (${admin.role ?? 'none'}) does not decide this signal: ${signal.decider === 'finance' ? 'withdrawal holds are for finance' : 'listing and chat signals are for moderators'}.`,
      );
    }
    const from: RiskState[] = action === 'clear' ? ['open', 'confirmed'] : ['open'];
    if (!from.includes(signal.state)) throw conflict('RISK_SIGNAL_CLOSED', `This signal is already ${signal.state}.`);
    // Confirming a listing signal blocks the listing through the catalogue's moderation (its own audited transaction).
    if (action === 'confirm' && signal.targetType === 'product') await this.products.block(signal.targetId, reason);
    let released = false;
    await this.db.transaction(async (em) => {
      const [, count] = await em.query<[unknown[], number]>(
        `UPDATE risk_signal SET state = $2, decided_by = $3, decided_at = now(), decision_reason = $4 WHERE id = $1 AND state = ANY($5::varchar[])`,
        [id, action === 'clear' ? 'cleared' : 'confirmed', admin.id, reason, from],
      );
      if (!count) throw conflict('RISK_SIGNAL_CLOSED', 'This signal was decided meanwhile.');
      if (action === 'clear' && signal.hold === 'listing') {
        // Back on sale unless another open hold on it remains.
        const [, n] = await em.query<[unknown[], number]>(
          `UPDATE product SET status = CASE WHEN quantity > 0 THEN 'active' ELSE 'sold_out' END, block_reason = NULL, updated_at = now()
            WHERE id = $1 AND status = 'held' AND NOT EXISTS (SELECT 1 FROM risk_signal WHERE target_type = 'product' AND target_id = $1 AND hold = 'listing' AND state = 'open')`,
          [signal.targetId],
        );
        released = n > 0;
        if (released)
          await this.notifications.notify(
            signal.userId,
            {
              type: 'listing',
              title: 'Your listing is back on sale',
              body: 'Kasuwa checked your listing and put it back on sale.',
              link: '/profile#products',
            },
            em,
          );
      }
      if (action === 'clear' && signal.hold === 'withdrawal') {
        await this.notifications.notify(
          signal.userId,
          {
            type: 'money',
            title: 'Your withdrawals are open again',
            body: 'Kasuwa checked your account; you can withdraw again.',
            link: '/profile#earnings',
            email: true,
          },
          em,
        );
      }
      await audit(em, {
        action: `risk-signals.${action}`,
        targetType: 'risk-signals',
        targetId: id,
        before: { state: signal.state },
        after: { state: action === 'clear' ? 'cleared' : 'confirmed', rule: signal.rule, hold: signal.hold },
        reason,
      });
    });
    if (released) await this.cache.invalidateTags(productCacheTag(signal.targetId));
    return this.get(id);
  }
}
