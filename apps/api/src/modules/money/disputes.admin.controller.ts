import { Body, Get, Param, ParseIntPipe, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { DisputesService } from './disputes.service';
import { DecideDisputeDto } from './dto/money.dto';

/** The back office's dispute queue (ra-data-simple-rest); `filter={"status":"open"}`. */
@AdminResource('disputes')
export class DisputesAdminController {
  constructor(private readonly disputes: DisputesService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const status = typeof p.filter.status === 'string' ? p.filter.status : undefined;
    return listAnswer(res, 'disputes', p, await this.disputes.list(status, p.offset, p.limit));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.disputes.get(id);
  }

  @Put(':id')
  decide(@CurrentActor() actor: Actor, @Param('id', ParseIntPipe) id: number, @Body() dto: DecideDisputeDto) {
    return this.disputes.decide(actor.id, id, dto.decision, dto.reason, dto.amount === undefined ? undefined : Number(dto.amount));
  }
}
