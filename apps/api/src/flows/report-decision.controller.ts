import { Body, Param, Put } from '@nestjs/common';
import type { AdminReportDetail } from '@kasuwa/contracts';
import { Actor, CurrentActor } from '../common/auth.decorators';
import { AdminResource } from '../common/admin-resource';
import { DecideReportDto } from '../modules/reports/dto/reports.dto';
import { reportId } from '../modules/reports/reports.admin.controller';
import { ReportDecisionFlow } from './report-decision.flow';

/** The moderation queue's decision (ra-data-simple-rest PUT): block listing, suspend user or dismiss, with a reason. */
@AdminResource('reports')
export class ReportDecisionController {
  constructor(private readonly decision: ReportDecisionFlow) {}

  @Put(':id')
  decide(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: DecideReportDto): Promise<AdminReportDetail> {
    return this.decision.decide(actor.id, reportId(id), dto);
  }
}
