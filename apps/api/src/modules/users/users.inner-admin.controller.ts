import { Controller, Get, Param, ParseIntPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminAuth } from '../../common/auth.decorators';
import { UsersAdminService } from './users-admin.service';

/** The spec's `/inner/admin/users` calls, sharing the same service. */
@ApiTags('admin')
@Controller('inner/admin/users')
@AdminAuth()
export class InnerAdminUsersController {
  constructor(private readonly users: UsersAdminService) {}

  @Get()
  async list(@Query('page') page: string = '1', @Query('limit') limit: string = '10', @Query('search') search?: string) {
    const currentPage = Math.max(1, Number.parseInt(page, 10) || 1);
    const size = Math.min(100, Math.max(1, Number.parseInt(limit, 10) || 10));
    const { rows, total } = await this.users.list({ search, sort: 'createdAt', order: 'DESC', offset: (currentPage - 1) * size, limit: size });
    return { users: rows, total, totalPages: Math.ceil(total / size), currentPage };
  }

  @Get(':id')
  async get(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.users.get(id) };
  }
}
