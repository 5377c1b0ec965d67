import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  REPORT_ACTION_LABELS,
  REPORT_HOLD_THRESHOLD,
  REPORT_HOLD_WEIGHT,
  type AdminReport,
  type AdminReportDetail,
  type ReportAction,
  type ReportTargetPreview,
  type ReportTargetType,
} from '@kasuwa/contracts';
import { audit } from '../../common/audit';
import { conflict, invalidField, notFound } from '../../common/errors';
import { CacheService } from '../cache/cache.service';
import { productCacheTag } from '../catalog/product-cache';
import { NotificationsService } from '../notifications/notifications.service';
import { CreateReportDto, DecideReportDto } from './dto/reports.dto';
import type { Report } from './entities/report.entity';
import { ListingReported } from './listing-reported';
import { ReportTargets } from './report-targets';
import { reportWeight } from './report-weight';

export const REPORT_NOT_FOUND = 'Report not found.';

interface ReportRow {
  id: number;
  target_type: ReportTargetType;
  target_id: number;
  reason: AdminReport['reason'];
  text: string;
  status: 'open' | 'resolved';
  action: ReportAction | null;
  decision_reason: string | null;
  decided_at: Date | null;
  created_at: Date;
  reporter_id: number;
  reporter_name: string;
  reporter_email: string;
  open_reporters: number;
  weight: string;
}

const SELECT = `
  SELECT r.id, r.target_type, r.target_id, r.reason, r.text, r.status, r.action, r.decision_reason, r.decided_at, r.created_at,
         r.reporter_id, r.weight, coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), split_part(u.email, '@', 1)) AS reporter_name,
         u.email AS reporter_email,
         (SELECT count(DISTINCT o.reporter_id)::int FROM report o WHERE o.target_type = r.target_type AND o.target_id = r.target_id AND o.status = 'open') AS open_reporters
    FROM report r JOIN app_user u ON u.id = r.reporter_id`;

/** A report being decided: its id, what it points at and that target's preview (ReportsService.decisionTarget). */
export interface ReportDecision {
  id: number;
  type: ReportTargetType;
  targetId: number;
  target: ReportTargetPreview;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** Reports from users and the admins' decisions on them (docs/trust.md "Reports"). */
@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly targets: ReportTargets,
    private readonly notifications: NotificationsService,
    private readonly cache: CacheService,
    private readonly listingReported: ListingReported,
  ) {}

  /**
   * One open report per reporter and target. The reporter is locked first (their per-seller cap is read and written in
   * one step), then the target row (reports of one target queue behind each other and count each other). A listing is
   * held (hidden from search) until an admin decides when REPORT_HOLD_THRESHOLD different reporters whose reports count
   * have open reports on it weighing REPORT_HOLD_WEIGHT together (./report-weight: only verified accounts count).
   */
  async create(reporterId: number, dto: CreateReportDto): Promise<{ id: number; held: boolean }> {
    const result = await this.db.transaction(async (em) => {
      // A transaction-scoped lock per reporter (the two-key form, its own namespace), always taken before the target's row.
      await em.query(`SELECT pg_advisory_xact_lock(hashtext('report-reporter'), $1)`, [reporterId]);
      const target = await this.targets.lockForReport(em, dto.targetType, dto.targetId, reporterId);
      const weight = dto.targetType === 'product' ? await reportWeight(em, reporterId, dto.targetId, target.ownerId!) : 0;
      const [row] = await em.query<Pick<ReportRow, 'id'>[]>(
        `INSERT INTO report (reporter_id, target_type, target_id, reason, text, weight) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (reporter_id, target_type, target_id) WHERE status = 'open' DO NOTHING RETURNING id`,
        [reporterId, dto.targetType, dto.targetId, dto.reason, dto.text ?? '', weight],
      );
      if (!row) throw conflict('REPORT_ALREADY_OPEN', 'You have already reported this. An admin will look at it.');
      if (dto.targetType === 'product')
        await this.listingReported.run(em, dto.targetId, target.ownerId!, { id: row.id, reason: dto.reason });
      let held = false;
      if (dto.targetType === 'product' && target.status === 'active' && weight > 0) {
        const [{ n, w }] = await em.query<{ n: number; w: number }[]>(
          `SELECT count(DISTINCT reporter_id)::int AS n, coalesce(sum(weight), 0)::float AS w FROM report
            WHERE target_type = 'product' AND target_id = $1 AND status = 'open' AND weight > 0`,
          [dto.targetId],
        );
        if (n >= REPORT_HOLD_THRESHOLD && w >= REPORT_HOLD_WEIGHT) {
          await em.query(`UPDATE product SET status = 'held', updated_at = now() WHERE id = $1 AND status = 'active'`, [dto.targetId]);
          await this.notifications.notify(
            target.ownerId!,
            {
              type: 'listing',
              title: `“${target.title}” is held for review`,
              body: 'Several buyers reported this listing. It is hidden from search until our team has looked at it.',
              link: '/profile#products',
            },
            em,
          );
          held = true;
        }
      }
      return { id: row.id as number, held };
    });
    if (result.held) await this.cache.invalidateTags(productCacheTag(dto.targetId));
    return result;
  }

  async list(
    f: { status?: 'open' | 'resolved'; targetType?: ReportTargetType; targetId?: number; ids?: number[] },
    order: 'ASC' | 'DESC',
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminReport[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, v: unknown) => where.push(sql.replace('?', `$${params.push(v)}`));
    if (f.status) add('r.status = ?', f.status);
    if (f.targetType) add('r.target_type = ?', f.targetType);
    if (f.targetId !== undefined) add('r.target_id = ?', f.targetId);
    if (f.ids) add('r.id = ANY(?::int[])', f.ids);
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<ReportRow[]>(`${SELECT} ${w} ORDER BY r.created_at ${order}, r.id ${order} LIMIT ${limit} OFFSET ${offset}`, params),
      this.db.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM report r ${w}`, params),
    ]);
    return {
      rows: await Promise.all(rows.map(async (r) => this.toAdmin(r, await this.targets.preview(r.target_type, r.target_id)))),
      total,
    };
  }

  async get(id: number): Promise<AdminReportDetail> {
    const [row] = await this.db.query<ReportRow[]>(`${SELECT} WHERE r.id = $1`, [id]);
    if (!row) throw notFound('REPORT_NOT_FOUND', REPORT_NOT_FOUND);
    const all = await this.db.query<ReportRow[]>(`${SELECT} WHERE r.target_type = $1 AND r.target_id = $2 ORDER BY r.id`, [
      row.target_type,
      row.target_id,
    ]);
    const base = this.toAdmin(row, await this.targets.preview(row.target_type, row.target_id));
    const history = all.map((r) => {
      const { target: _t, openReporters: _o, targetType: _tt, targetId: _ti, ...rest } = this.toAdmin(r, base.target);
      return rest;
    });
    const messages = row.target_type === 'conversation' ? await this.targets.messages(row.target_id) : undefined;
    return { ...base, history, ...(messages ? { messages } : {}) };
  }

  /**
   * The report an admin is deciding and what it points at, checked against the action (ReportDecisionFlow applies the
   * action's effect on the listing or the account before close()).
   */
  async decisionTarget(id: number, action: DecideReportDto['action']): Promise<ReportDecision> {
    const [report] = await this.db.query<Pick<ReportRow, 'target_type' | 'target_id'>[]>(
      `SELECT target_type, target_id FROM report WHERE id = $1`,
      [id],
    );
    if (!report) throw notFound('REPORT_NOT_FOUND', REPORT_NOT_FOUND);
    const type = report.target_type as ReportTargetType;
    const target = await this.targets.preview(type, report.target_id);
    if (action === 'block_listing' && type !== 'product') throw invalidField('action', 'Only a listing can be blocked');
    if (action === 'suspend_user' && !target.userId) throw invalidField('action', 'There is no account to suspend');
    return { id, type, targetId: report.target_id, target };
  }

  /** Closes every open report on the decided report's target at once; each reporter is told the outcome and the reason. */
  async close(adminId: number, decision: ReportDecision, dto: DecideReportDto): Promise<AdminReportDetail> {
    const { id, type, targetId, target } = decision;
    const released = dto.action === 'dismiss' && type === 'product';

    // The reports closed (a dismissed listing released), every reporter told (bell and, with their `report` preference
    // on, e-mail) and the decision audited in one transaction.
    await this.db.transaction(async (em: EntityManager) => {
      if (released) await this.release(em, targetId);
      // An UPDATE answers [rows, count] (TypeORM's postgres driver).
      const [list] = await em.query<[Pick<Report, 'reporterId'>[], number]>(
        `UPDATE report SET status = 'resolved', action = $3, decision_reason = $4, decided_by = $5, decided_at = now()
          WHERE target_type = $1 AND target_id = $2 AND status = 'open' RETURNING reporter_id AS "reporterId"`,
        [type, targetId, dto.action, dto.reason, adminId],
      );
      await audit(em, {
        action: `reports.${dto.action}`,
        targetType: 'reports',
        targetId: id,
        before: { status: 'open', openReports: list.length },
        after: { status: 'resolved', action: dto.action, reported: `${type}:${targetId}` },
        reason: dto.reason,
      });
      for (const r of list) {
        await this.notifications.notify(
          r.reporterId,
          {
            type: 'report',
            title: `Your report: ${REPORT_ACTION_LABELS[dto.action]}`,
            body: `We looked at your report about “${target.title}”. ${dto.reason}`,
            email: true,
            emailText: `We looked at your report about “${target.title}”.\n\n${dto.reason}\n\nThank you for helping keep Kasuwa safe.`,
          },
          em,
        );
      }
    });
    if (released) await this.cache.invalidateTags(productCacheTag(targetId));
    return this.get(id);
  }

  /** A held listing goes back on sale (or sold out) when the reports are dismissed, unless a risk rule holds it too (the risk queue decides that). */
  private async release(em: EntityManager, productId: number): Promise<void> {
    await em.query(
      `UPDATE product SET status = CASE WHEN quantity > 0 THEN 'active' ELSE 'sold_out' END, updated_at = now()
        WHERE id = $1 AND status = 'held' AND NOT EXISTS (SELECT 1 FROM risk_signal WHERE target_type = 'product' AND target_id = $1 AND hold = 'listing' AND state = 'open')`,
      [productId],
    );
  }

  private toAdmin(r: ReportRow, target: ReportTargetPreview): AdminReport {
    return {
      id: r.id,
      targetType: r.target_type,
      targetId: r.target_id,
      reason: r.reason,
      text: r.text,
      status: r.status,
      action: r.action,
      decisionReason: r.decision_reason,
      decidedAt: iso(r.decided_at),
      createdAt: new Date(r.created_at).toISOString(),
      reporter: { id: r.reporter_id, fullName: r.reporter_name, email: r.reporter_email },
      target,
      openReporters: r.open_reporters,
      weight: Number(r.weight),
    };
  }
}
