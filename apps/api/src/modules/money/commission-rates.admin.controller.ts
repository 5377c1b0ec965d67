import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { CommissionRatesService } from './commission-rates.service';
import { CommissionRateDto, UpdateCommissionRateDto } from './dto/money.dto';

/** Commission rates in basis points (ra-data-simple-rest): the default and per category. */
@ApiTags('admin')
@Controller('admin/commission-rates')
@AdminAuth()
export class CommissionRatesAdminController {
  constructor(private readonly rates: CommissionRatesService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.rates.list(p.sortField, p.sortOrder, p.offset, p.limit);
    setContentRange(res, 'commission-rates', p, rows.length, total);
    return rows;
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
