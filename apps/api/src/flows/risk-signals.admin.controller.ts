import { Body, Get, HttpCode, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../common/admin-resource';
import { Actor, CurrentActor } from '../common/auth.decorators';
import { filterId, filterIds, listAnswer, ListParams, pageRequest, SimpleRestList, sortFields } from '../common/list-query';
import { DecideRiskSignalDto } from '../modules/risk/dto/risk.dto';
import { isRiskRule, isRiskState, RiskDecisionFlow, RiskSort } from './risk-decision.flow';

const SORTS = sortFields<RiskSort>('createdAt', 'id', 'rule', 'state');
const HOLDS = ['withdrawal', 'listing', 'none'] as const;

/**
 * The risk queue (ra-data-simple-rest): filter rule, state, hold, userId, id. Finance and moderators read it; each
 * decides its own signals (the service checks: finance withdrawal holds, moderators the rest; owner all).
 */
@AdminResource('risk-signals')
export class RiskSignalsAdminController {
  constructor(private readonly risk: RiskDecisionFlow) {}

  @Get()
  async list(@SimpleRestList({ sorts: SORTS, fallback: 'createdAt' }) p: ListParams<RiskSort>, @Res({ passthrough: true }) res: Response) {
    const f = p.filter;
    const page = await this.risk.list({
      rule: isRiskRule(f.rule) ? f.rule : undefined,
      state: isRiskState(f.state) ? f.state : undefined,
      hold: (HOLDS as readonly unknown[]).includes(f.hold) ? (f.hold as (typeof HOLDS)[number]) : undefined,
      userId: filterId(f.userId),
      ids: filterIds(f.id),
      ...pageRequest(p),
    });
    return listAnswer(res, 'risk-signals', p, page);
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.risk.get(id);
  }

  /** Releases what the signal holds. */
  @Post(':id/clear')
  @HttpCode(200)
  clear(@CurrentActor() actor: Actor, @Param('id', ParseIntPipe) id: number, @Body() dto: DecideRiskSignalDto) {
    return this.risk.decide(actor, id, 'clear', dto.reason);
  }

  /** Keeps a withdrawal hold; blocks a listing. */
  @Post(':id/confirm')
  @HttpCode(200)
  confirm(@CurrentActor() actor: Actor, @Param('id', ParseIntPipe) id: number, @Body() dto: DecideRiskSignalDto) {
    return this.risk.decide(actor, id, 'confirm', dto.reason);
  }
}
