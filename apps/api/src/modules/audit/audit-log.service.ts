import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuditEntry } from '@kasuwa/contracts';
import { notFound } from '../../common/errors';
import type { PageRequest } from '../../common/list-query';
import { AuditLog } from './entities/audit-log.entity';

/** What the audit list may be narrowed by: the admin, the action, the record, a date range. */
export interface AuditSearch extends PageRequest<'at' | 'id' | 'action' | 'adminEmail' | 'targetType'> {
  adminId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

const toEntry = (r: AuditLog): AuditEntry => ({
  id: Number(r.id),
  at: r.at.toISOString(),
  adminId: r.adminId,
  adminEmail: r.adminEmail,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: r.before,
  after: r.after,
  reason: r.reason,
  requestId: r.requestId,
  clientIp: r.clientIp,
});

/** Reads the audit log. It has no write method: entries are written by audit() inside each admin write's transaction. */
@Injectable()
export class AuditLogService {
  constructor(@InjectRepository(AuditLog) private readonly entries: Repository<AuditLog>) {}

  async list(q: AuditSearch): Promise<{ rows: AuditEntry[]; total: number }> {
    const qb = this.entries.createQueryBuilder('a');
    if (q.adminId !== undefined) qb.andWhere('a.adminId = :adminId', { adminId: q.adminId });
    if (q.action) qb.andWhere('a.action = :action', { action: q.action });
    if (q.targetType) qb.andWhere('a.targetType = :targetType', { targetType: q.targetType });
    if (q.targetId) qb.andWhere('a.targetId = :targetId', { targetId: q.targetId });
    if (q.from) qb.andWhere('a.at >= :from', { from: q.from });
    if (q.to) qb.andWhere('a.at <= :to', { to: q.to });
    const [rows, total] = await qb
      .orderBy(`a.${q.sort}`, q.order)
      .addOrderBy('a.id', q.order)
      .offset(q.offset)
      .limit(q.limit)
      .getManyAndCount();
    return { rows: rows.map(toEntry), total };
  }

  async get(id: number): Promise<AuditEntry> {
    const row = await this.entries.findOneBy({ id: String(id) });
    if (!row) throw notFound('NOT_FOUND', 'Audit entry not found');
    return toEntry(row);
  }
}
