import { Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { filterId, filterText, listAnswer, ListParams, pageRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { AuditLogService, AuditSearch } from './audit-log.service';

const SORTS = sortFields<AuditSearch['sort']>('at', 'id', 'action', 'adminEmail', 'targetType');

/** A date filter (`2026-11-27` or an ISO instant); a bare `to` date reaches the end of that day. */
const dateOf = (v: unknown, endOfDay = false): Date | undefined => {
  const text = filterText(v);
  if (!text) return undefined;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) && endOfDay ? `${text}T23:59:59.999Z` : text);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/**
 * The audit log for the back office (ra-data-simple-rest): filter adminId, action, targetType, targetId, from, to.
 * Read-only: no route creates, changes or removes an entry (the table refuses UPDATE and DELETE as well).
 */
@AdminResource('audit-log')
export class AuditLogAdminController {
  constructor(private readonly audit: AuditLogService) {}

  @Get()
  async list(
    @SimpleRestList({ sorts: SORTS, fallback: 'at' }) p: ListParams<AuditSearch['sort']>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const f = p.filter;
    const page = await this.audit.list({
      adminId: filterId(f.adminId),
      action: filterText(f.action),
      targetType: filterText(f.targetType),
      targetId: filterText(typeof f.targetId === 'number' ? String(f.targetId) : f.targetId),
      from: dateOf(f.from),
      to: dateOf(f.to, true),
      ...pageRequest(p),
    });
    return listAnswer(res, 'audit-log', p, page);
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.audit.get(id);
  }
}
