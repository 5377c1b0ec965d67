import { Body, Get, Param, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { REPORT_TARGET_TYPES, type AdminReport, type AdminReportDetail, type ReportTargetType } from '@kasuwa/contracts';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { pathId } from '../../common/path-id';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { DecideReportDto } from './dto/reports.dto';
import { REPORT_NOT_FOUND, ReportsService } from './reports.service';

const intOf = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v < 2 ** 31 ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
const reportId = (raw: string) => pathId(raw, 'REPORT_NOT_FOUND', REPORT_NOT_FOUND);

/** The moderation queue in ra-data-simple-rest conventions; PUT decides (block listing, suspend user, dismiss) with a reason. */
@AdminResource('reports')
export class ReportsAdminController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response): Promise<AdminReport[]> {
    const ids = p.filter.id === undefined ? undefined : (Array.isArray(p.filter.id) ? p.filter.id : [p.filter.id]).map(intOf).filter((n): n is number => n !== undefined);
    const filter: Parameters<ReportsService['list']>[0] = {
      status: p.filter.status === 'open' || p.filter.status === 'resolved' ? p.filter.status : undefined,
      targetType: (REPORT_TARGET_TYPES as readonly unknown[]).includes(p.filter.targetType) ? (p.filter.targetType as ReportTargetType) : undefined,
      targetId: intOf(p.filter.targetId),
      ids,
    };
    return listAnswer(res, 'reports', p, await this.reports.list(filter, p.sortOrder, p.limit, p.offset));
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminReportDetail> {
    return this.reports.get(reportId(id));
  }

  @Put(':id')
  decide(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: DecideReportDto): Promise<AdminReportDetail> {
    return this.reports.decide(actor.id, reportId(id), dto);
  }
}
