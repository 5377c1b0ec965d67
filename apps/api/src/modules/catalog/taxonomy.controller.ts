import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth, Public } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { CategoriesService } from './categories.service';
import { CommissionsService } from './commissions.service';
import { invalidField } from '../../common/errors';
import { AdminCategoryDto, CategoryDto, CommissionDto } from './dto/taxonomy.dto';
import { Category } from './entities/category.entity';

/** The spec's category calls: reads public, writes admin only. */
@ApiTags('categories')
@Controller('category/categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @Public()
  async list() {
    return { data: { categories: await this.categories.listAll(true) } };
  }

  @Get(':id')
  @Public()
  async get(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.categories.get(id) };
  }

  @Post()
  @AdminAuth()
  async create(@Body() dto: CategoryDto) {
    return { data: await this.categories.create(dto) };
  }

  @Put(':id')
  @AdminAuth()
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: CategoryDto) {
    return { data: await this.categories.update(id, dto) };
  }

  @Delete(':id')
  @AdminAuth()
  async remove(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.categories.remove(id) };
  }
}

/** The spec's commission calls: `GET` answers a bare array. */
@ApiTags('commissions')
@Controller('commission')
export class CommissionsController {
  constructor(private readonly commissions: CommissionsService) {}

  @Get()
  @Public()
  list() {
    return this.commissions.listAll();
  }

  @Post()
  @AdminAuth()
  create(@Body() dto: CommissionDto) {
    return this.commissions.create(dto.note);
  }

  @Put(':id')
  @AdminAuth()
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: CommissionDto) {
    return this.commissions.update(id, dto.note);
  }

  @Delete(':id')
  @AdminAuth()
  remove(@Param('id', ParseIntPipe) id: number) {
    return this.commissions.remove(id);
  }
}

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

function withName({ name, categoryName, ...rest }: AdminCategoryDto): CategoryDto {
  const chosen = (categoryName ?? name ?? '').trim();
  if (!chosen) throw invalidField('categoryName', 'Category name is required');
  return { ...rest, categoryName: chosen };
}
