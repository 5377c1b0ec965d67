import { Body, Controller, Get, Param, ParseIntPipe, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Actor, AdminAuth, CurrentActor } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { DecideRefundRequestDto } from './dto/money.dto';
import { RefundRequestsService } from './refund-requests.service';

/** Buyers' rejections waiting for a decision (ra-data-simple-rest), `filter={"status":"requested"}`; PUT approves or declines. */
@ApiTags('admin')
@Controller('admin/refund-requests')
@AdminAuth()
export class RefundRequestsAdminController {
  constructor(private readonly requests: RefundRequestsService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.requests.list(p);
    setContentRange(res, 'refund-requests', p, rows.length, total);
    return rows;
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
