import { Body, Controller, Get, Param, ParseIntPipe, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Actor, AdminAuth, CurrentActor } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { DisputesService } from './disputes.service';
import { DecideDisputeDto } from './dto/money.dto';

/** The back office's dispute queue (ra-data-simple-rest); `filter={"status":"open"}`. */
@ApiTags('admin')
@Controller('admin/disputes')
@AdminAuth()
export class DisputesAdminController {
  constructor(private readonly disputes: DisputesService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const status = typeof p.filter.status === 'string' ? p.filter.status : undefined;
    const { rows, total } = await this.disputes.list(status, p.offset, p.limit);
    setContentRange(res, 'disputes', p, rows.length, total);
    return rows;
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
