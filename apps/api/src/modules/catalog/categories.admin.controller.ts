import { Body, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { invalidField } from '../../common/errors';
import { listAnswer, ListParams, searchRequest, SimpleRestList, SortFields } from '../../common/list-query';
import { CategoriesService } from './categories.service';
import { AdminCategoryDto, CategoryDto } from './dto/taxonomy.dto';
import { Category } from './entities/category.entity';

type CategorySort = keyof Category & ('id' | 'categoryName' | 'slug' | 'position' | 'createdAt' | 'updatedAt');
/** react-admin's `name` column sorts by categoryName. */
const SORTS: SortFields<CategorySort> = new Map<string, CategorySort>([
  ['id', 'id'],
  ['name', 'categoryName'],
  ['categoryName', 'categoryName'],
  ['slug', 'slug'],
  ['position', 'position'],
  ['createdAt', 'createdAt'],
  ['updatedAt', 'updatedAt'],
]);

/** Back-office categories (ra-data-simple-rest). */
@AdminResource('categories')
export class CategoriesAdminController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  async list(@SimpleRestList({ sorts: SORTS, fallback: 'position' }) p: ListParams<CategorySort>, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'categories', p, await this.categories.list(searchRequest(p)));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.categories.get(id);
  }

  @Post()
  create(@Body() dto: AdminCategoryDto) {
    return this.categories.create(withName(dto));
  }

  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: AdminCategoryDto) {
    return this.categories.update(id, withName(dto));
  }

  @Delete(':id')
  remove(@Param('id', ParseIntPipe) id: number) {
    return this.categories.remove(id);
  }
}

function withName({ name, categoryName, ...rest }: AdminCategoryDto): CategoryDto {
  const chosen = (categoryName ?? name ?? '').trim();
  if (!chosen) throw invalidField('categoryName', 'Category name is required');
  return { ...rest, categoryName: chosen };
}
