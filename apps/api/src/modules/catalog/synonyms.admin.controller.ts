import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { SynonymDto } from './dto/synonym.dto';
import { SYNONYM_SORTS, SynonymSort, SynonymsService } from './synonyms.service';

/** Back-office synonym groups (ra-data-simple-rest): what search treats as the same word. */
@ApiTags('admin')
@Controller('admin/synonyms')
@AdminAuth()
export class SynonymsAdminController {
  constructor(private readonly synonyms: SynonymsService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const sort = (SYNONYM_SORTS as readonly string[]).includes(p.sortField) ? (p.sortField as SynonymSort) : 'id';
    const search = typeof p.filter.q === 'string' ? p.filter.q : undefined;
    const ids = p.filter.id === undefined ? undefined : (Array.isArray(p.filter.id) ? p.filter.id : [p.filter.id]).map(Number).filter(Number.isSafeInteger);
    const { rows, total } = await this.synonyms.list({ search, ids, sort, order: p.sortOrder, offset: p.offset, limit: p.limit });
    setContentRange(res, 'synonyms', p, rows.length, total);
    return rows;
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
