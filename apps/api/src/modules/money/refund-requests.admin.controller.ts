import { Body, Get, Param, ParseIntPipe, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { DecideRefundRequestDto } from './dto/money.dto';
import { RefundRequestsService } from './refund-requests.service';

/** Buyers' rejections waiting for a decision (ra-data-simple-rest), `filter={"status":"requested"}`; PUT approves or declines. */
@AdminResource('refund-requests')
export class RefundRequestsAdminController {
  constructor(private readonly requests: RefundRequestsService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'refund-requests', p, await this.requests.list(p));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.requests.get(id);
  }

  @Put(':id')
  decide(@CurrentActor() actor: Actor, @Param('id', ParseIntPipe) id: number, @Body() dto: DecideRefundRequestDto) {
    return this.requests.decide(actor.id, id, dto.decision, dto.reason);
  }
}
