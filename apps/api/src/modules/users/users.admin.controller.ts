import { Body, Delete, Get, Param, ParseIntPipe, Put, Query, Res } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { USER_STATUSES, type UserStatus } from '@kasuwa/contracts';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, searchRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { AdminUpdateUserDto, ReasonDto } from './dto/profile.dto';
import { UserSearch, UsersAdminService } from './users-admin.service';

const SORTS = sortFields<UserSearch['sort']>('id', 'email', 'firstName', 'lastName', 'createdAt', 'status');
const statusOf = (v: unknown) => ((USER_STATUSES as readonly unknown[]).includes(v) ? (v as UserStatus) : undefined);

/** Back-office users in ra-data-simple-rest conventions. DELETE suspends (reversible), as docs/accounts-and-roles.md says. */
@AdminResource('users')
export class UsersAdminController {
  constructor(private readonly users: UsersAdminService) {}

  @Get()
  async list(
    @SimpleRestList({ sorts: SORTS, fallback: 'createdAt' }) p: ListParams<UserSearch['sort']>,
    @Res({ passthrough: true }) res: Response,
  ) {
    return listAnswer(res, 'users', p, await this.users.list({ ...searchRequest(p), status: statusOf(p.filter.status) }));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.users.get(id);
  }

  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: AdminUpdateUserDto) {
    return this.users.update(id, dto);
  }

  /** Suspends; the reason (required) comes in the body or as `?reason=` (ra-data-simple-rest's DELETE sends no body). */
  @Delete(':id')
  @ApiBody({ type: ReasonDto, required: false })
  suspend(@Param('id', ParseIntPipe) id: number, @Body() dto: ReasonDto, @Query('reason') reason?: string) {
    return this.users.suspend(id, dto?.reason || (typeof reason === 'string' ? reason.trim().slice(0, 500) : undefined) || undefined);
  }
}
