import { Body, Get, HttpCode, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { ADMIN_STATUSES, type AdminStatus } from '@kasuwa/contracts';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { invalidField } from '../../common/errors';
import { listAnswer, ListParams, SimpleRestList, sortFields } from '../../common/list-query';
import { AdminsService } from './admins.service';
import { AdminDecisionDto, AdminReasonDto } from './dto/admin.dto';

/** Admin accounts and signup requests for the back office (ra-data-simple-rest conventions). */
@AdminResource('admins')
export class AdminsAdminController {
  constructor(private readonly admins: AdminsService) {}

  @Get()
  /** By creation date (the order asked for applies to it). */
  async list(
    @SimpleRestList({ sorts: sortFields('createdAt'), fallback: 'createdAt' }) p: ListParams,
    @Res({ passthrough: true }) res: Response,
  ) {
    const status = (ADMIN_STATUSES as readonly unknown[]).includes(p.filter.status) ? (p.filter.status as AdminStatus) : undefined;
    return listAnswer(res, 'admins', p, await this.admins.list(status, p.sortOrder, p.offset, p.limit));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.admins.get(id);
  }

  /**
   * `{ status: 'active', role }` approves a request with that role, `{ status: 'declined' }` declines; `{ role, reason }`
   * changes an active admin's role (the reason is required and kept in the audit log).
   */
  @Put(':id')
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: AdminDecisionDto, @CurrentActor() actor: Actor) {
    if (!dto.status && dto.role) {
      if (!dto.reason) throw invalidField('reason', 'Give the reason for the role change');
      return this.admins.setRole(id, dto.role, dto.reason);
    }
    if (!dto.status) throw invalidField('status', 'Status must be active (approve) or declined');
    if ((await this.admins.get(id)).status === 'active' && dto.status === 'active' && dto.role) {
      if (!dto.reason) throw invalidField('reason', 'Give the reason for the role change');
      return this.admins.setRole(id, dto.role, dto.reason);
    }
    return this.admins.decide(id, dto.status, actor.id, dto.role, dto.reason);
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(@Param('id', ParseIntPipe) id: number, @CurrentActor() actor: Actor, @Body() dto: AdminDecisionDto) {
    return this.admins.decide(id, 'active', actor.id, dto?.role, dto?.reason);
  }

  /** Turns off an admin's two-factor sign-in (a lost phone): their sessions end and they enrol again. Reason required. */
  @Post(':id/reset-two-factor')
  @HttpCode(200)
  resetTwoFactor(@Param('id', ParseIntPipe) id: number, @Body() dto: AdminReasonDto) {
    return this.admins.resetTwoFactor(id, dto.reason);
  }

  @Post(':id/decline')
  @HttpCode(200)
  decline(@Param('id', ParseIntPipe) id: number, @CurrentActor() actor: Actor) {
    return this.admins.decide(id, 'declined', actor.id);
  }
}
