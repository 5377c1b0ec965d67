import { Body, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, searchRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { SynonymDto } from './dto/synonym.dto';
import { SYNONYM_SORTS, SynonymSort, SynonymsService } from './synonyms.service';

const SORTS = sortFields<SynonymSort>(...SYNONYM_SORTS);

/** Back-office synonym groups (ra-data-simple-rest): what search treats as the same word. */
@AdminResource('synonyms')
export class SynonymsAdminController {
  constructor(private readonly synonyms: SynonymsService) {}

  @Get()
  async list(@SimpleRestList({ sorts: SORTS, fallback: 'id' }) p: ListParams<SynonymSort>, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'synonyms', p, await this.synonyms.list(searchRequest(p)));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.synonyms.get(id);
  }

  @Post()
  create(@Body() dto: SynonymDto) {
    return this.synonyms.create(dto.terms);
  }

  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: SynonymDto) {
    return this.synonyms.update(id, dto.terms);
  }

  @Delete(':id')
  remove(@Param('id', ParseIntPipe) id: number) {
    return this.synonyms.remove(id);
  }
}
