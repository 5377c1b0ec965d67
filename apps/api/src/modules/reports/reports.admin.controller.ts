import { Get, Param, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { REPORT_TARGET_TYPES, type AdminReport, type AdminReportDetail, type ReportTargetType } from '@kasuwa/contracts';
import { AdminResource } from '../../common/admin-resource';
import { pathId } from '../../common/path-id';
import { filterId, filterIds, listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { REPORT_NOT_FOUND, ReportsService } from './reports.service';

export const reportId = (raw: string) => pathId(raw, 'REPORT_NOT_FOUND', REPORT_NOT_FOUND);

/** The moderation queue in ra-data-simple-rest conventions (the decision, PUT, is ReportDecisionController in flows/). */
@AdminResource('reports')
export class ReportsAdminController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response): Promise<AdminReport[]> {
    const filter: Parameters<ReportsService['list']>[0] = {
      status: p.filter.status === 'open' || p.filter.status === 'resolved' ? p.filter.status : undefined,
      targetType: (REPORT_TARGET_TYPES as readonly unknown[]).includes(p.filter.targetType)
        ? (p.filter.targetType as ReportTargetType)
        : undefined,
      targetId: filterId(p.filter.targetId),
      ids: filterIds(p.filter.id),
    };
    return listAnswer(res, 'reports', p, await this.reports.list(filter, p.sortOrder, p.limit, p.offset));
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminReportDetail> {
    return this.reports.get(reportId(id));
  }
}
