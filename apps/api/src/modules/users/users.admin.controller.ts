import { Body, Controller, Delete, Get, Param, ParseIntPipe, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { USER_STATUSES, type UserStatus } from '@kasuwa/contracts';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { AdminUpdateUserDto } from './dto/profile.dto';
import { UserSearch, UsersAdminService } from './users-admin.service';

const SORTABLE: UserSearch['sort'][] = ['id', 'email', 'firstName', 'lastName', 'createdAt', 'status'];
const idsOf = (v: unknown) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).map(Number).filter(Number.isInteger));
const statusOf = (v: unknown) => ((USER_STATUSES as readonly unknown[]).includes(v) ? (v as UserStatus) : undefined);

/** Back-office users in ra-data-simple-rest conventions. DELETE suspends (reversible), as DECISIONS.md says. */
@ApiTags('admin')
@Controller('admin/users')
@AdminAuth()
export class UsersAdminController {
  constructor(private readonly users: UsersAdminService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.users.list({
      search: typeof p.filter.q === 'string' ? p.filter.q : undefined,
      status: statusOf(p.filter.status),
      ids: idsOf(p.filter.id),
      sort: SORTABLE.includes(p.sortField as UserSearch['sort']) ? (p.sortField as UserSearch['sort']) : 'createdAt',
      order: p.sortOrder,
      offset: p.offset,
      limit: p.limit,
    });
    setContentRange(res, 'users', p, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.users.get(id);
  }

  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: AdminUpdateUserDto) {
    return this.users.update(id, dto);
  }

  @Delete(':id')
  suspend(@Param('id', ParseIntPipe) id: number) {
    return this.users.suspend(id);
  }
}
