import { Body, Get, HttpCode, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { ADMIN_STATUSES, type AdminStatus } from '@kasuwa/contracts';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { invalidField } from '../../common/errors';
import { listAnswer, ListParams, SimpleRestList, sortFields } from '../../common/list-query';
import { AdminsService } from './admins.service';
import { AdminDecisionDto } from './dto/admin.dto';

/** Admin accounts and signup requests for the back office (ra-data-simple-rest conventions). */
@AdminResource('admins')
export class AdminsAdminController {
  constructor(private readonly admins: AdminsService) {}

  @Get()
  /** By creation date (the order asked for applies to it). */
  async list(@SimpleRestList({ sorts: sortFields('createdAt'), fallback: 'createdAt' }) p: ListParams, @Res({ passthrough: true }) res: Response) {
    const status = (ADMIN_STATUSES as readonly unknown[]).includes(p.filter.status) ? (p.filter.status as AdminStatus) : undefined;
    return listAnswer(res, 'admins', p, await this.admins.list(status, p.sortOrder, p.offset, p.limit));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.admins.get(id);
  }

  /** `{ status: 'active' }` approves, `{ status: 'declined' }` declines. */
  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: AdminDecisionDto, @CurrentActor() actor: Actor) {
    if (!dto.status) throw invalidField('status', 'Status must be active (approve) or declined');
    return this.admins.decide(id, dto.status, actor.id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(@Param('id', ParseIntPipe) id: number, @CurrentActor() actor: Actor) {
    return this.admins.decide(id, 'active', actor.id);
  }

  @Post(':id/decline')
  @HttpCode(200)
  decline(@Param('id', ParseIntPipe) id: number, @CurrentActor() actor: Actor) {
    return this.admins.decide(id, 'declined', actor.id);
  }
}
