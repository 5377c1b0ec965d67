import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { invalidField } from '../../common/errors';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { CategoriesService } from './categories.service';
import { AdminCategoryDto, CategoryDto } from './dto/taxonomy.dto';
import { Category } from './entities/category.entity';

const CATEGORY_SORTS: (keyof Category)[] = ['id', 'categoryName', 'slug', 'position', 'createdAt', 'updatedAt'];

/** Back-office categories (ra-data-simple-rest). */
@ApiTags('admin')
@Controller('admin/categories')
@AdminAuth()
export class CategoriesAdminController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  async list(@SimpleRestList('position') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const sortField = p.sortField === 'name' ? 'categoryName' : p.sortField;
    const sort = CATEGORY_SORTS.includes(sortField as keyof Category) ? (sortField as keyof Category) : 'position';
    const search = typeof p.filter.q === 'string' ? p.filter.q : undefined;
    const ids = p.filter.id === undefined ? undefined : (Array.isArray(p.filter.id) ? p.filter.id : [p.filter.id]).map(Number).filter(Number.isInteger);
    const { rows, total } = await this.categories.list({ search, ids, sort, order: p.sortOrder, offset: p.offset, limit: p.limit });
    setContentRange(res, 'categories', p, rows.length, total);
    return rows;
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
