import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminAuth, Public } from '../../common/auth.decorators';
import { CategoriesService } from './categories.service';
import { CategoryDto } from './dto/taxonomy.dto';
import { AdminArea } from '../../common/admin-resource';

/** The product's category calls: reads public, writes admin only. */
@ApiTags('categories')
@AdminArea('categories')
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
