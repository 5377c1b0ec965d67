import { Controller, Get, Param, ParseIntPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminAuth } from '../../common/auth.decorators';
import { filterText, pageCounters, paging } from '../../common/list-query';
import { UsersAdminService } from './users-admin.service';
import { AdminArea } from '../../common/admin-resource';

/** The product's `/inner/admin/users` calls, sharing the same service. */
@ApiTags('admin')
@AdminArea('users')
@Controller('inner/admin/users')
@AdminAuth()
export class InnerAdminUsersController {
  constructor(private readonly users: UsersAdminService) {}

  @Get()
  async list(@Query('page') page?: string, @Query('limit') limit?: string, @Query('search') search?: string) {
    const p = paging(page, limit, 10);
    const { rows, total } = await this.users.list({
      search: filterText(search),
      sort: 'createdAt',
      order: 'DESC',
      offset: p.offset,
      limit: p.limit,
    });
    return { users: rows, ...pageCounters(p, total) };
  }

  @Get(':id')
  async get(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.users.get(id) };
  }
}
