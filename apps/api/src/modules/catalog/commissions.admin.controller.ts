import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { CommissionsService } from './commissions.service';
import { CommissionDto } from './dto/taxonomy.dto';

const COMMISSION_SORTS = ['id', 'note', 'createdAt', 'updatedAt'] as const;

/** Back-office commission notes (ra-data-simple-rest). */
@ApiTags('admin')
@Controller('admin/commissions')
@AdminAuth()
export class CommissionsAdminController {
  constructor(private readonly commissions: CommissionsService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const sort = (COMMISSION_SORTS as readonly string[]).includes(p.sortField) ? (p.sortField as (typeof COMMISSION_SORTS)[number]) : 'createdAt';
    const { rows, total } = await this.commissions.list(p.sortOrder, sort, p.offset, p.limit);
    setContentRange(res, 'commissions', p, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.commissions.get(id);
  }

  @Post()
  create(@Body() dto: CommissionDto) {
    return this.commissions.create(dto.note);
  }

  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: CommissionDto) {
    return this.commissions.update(id, dto.note);
  }

  @Delete(':id')
  remove(@Param('id', ParseIntPipe) id: number) {
    return this.commissions.remove(id);
  }
}
