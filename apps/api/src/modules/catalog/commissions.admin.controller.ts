import { Body, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, pageRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { CommissionsService } from './commissions.service';
import { CommissionDto } from './dto/taxonomy.dto';

const SORTS = sortFields('id', 'note', 'createdAt', 'updatedAt');

/** Back-office commission notes (ra-data-simple-rest). */
@AdminResource('commissions')
export class CommissionsAdminController {
  constructor(private readonly commissions: CommissionsService) {}

  @Get()
  async list(@SimpleRestList({ sorts: SORTS, fallback: 'createdAt' }) p: ListParams<'id' | 'note' | 'createdAt' | 'updatedAt'>, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'commissions', p, await this.commissions.list(pageRequest(p)));
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
