import { Body, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, pageRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { COMMISSION_RATE_SORTS, CommissionRateSort, CommissionRatesService } from './commission-rates.service';
import { CommissionRateDto, UpdateCommissionRateDto } from './dto/money.dto';

const SORTS = sortFields(...(Object.keys(COMMISSION_RATE_SORTS) as CommissionRateSort[]));

/** Commission rates in basis points (ra-data-simple-rest): the default and per category. */
@AdminResource('commission-rates')
export class CommissionRatesAdminController {
  constructor(private readonly rates: CommissionRatesService) {}

  @Get()
  async list(@SimpleRestList({ sorts: SORTS, fallback: 'id' }) p: ListParams<CommissionRateSort>, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'commission-rates', p, await this.rates.list(pageRequest(p)));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.rates.get(id);
  }

  @Post()
  create(@Body() dto: CommissionRateDto) {
    return this.rates.create(dto.categoryId ?? null, dto.rateBp);
  }

  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateCommissionRateDto) {
    return this.rates.update(id, dto.rateBp);
  }

  @Delete(':id')
  remove(@Param('id', ParseIntPipe) id: number) {
    return this.rates.remove(id);
  }
}
