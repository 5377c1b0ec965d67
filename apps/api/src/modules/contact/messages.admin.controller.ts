import { Body, Get, HttpCode, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { filterBool, filterText, listAnswer, ListParams, SimpleRestList, sortFields } from '../../common/list-query';
import { MarkReadDto, ReplyDto } from './dto/contact.dto';
import { ContactService } from './contact.service';

/** The back office's Messages resource (ra-data-simple-rest). */
@AdminResource('messages')
export class MessagesAdminController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  /** Newest first whatever the sort asked for (the inbox has one order). */
  async list(
    @SimpleRestList({ sorts: sortFields('createdAt'), fallback: 'createdAt' }) p: ListParams,
    @Res({ passthrough: true }) res: Response,
  ) {
    return listAnswer(
      res,
      'messages',
      p,
      await this.contact.list({ search: filterText(p.filter.q), isRead: filterBool(p.filter.isRead), offset: p.offset, limit: p.limit }),
    );
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.contact.get(id);
  }

  /** `{ isRead }` marks read or unread. */
  @Put(':id')
  mark(@Param('id', ParseIntPipe) id: number, @Body() dto: MarkReadDto) {
    return this.contact.markRead(id, dto.isRead);
  }

  @Post(':id/reply')
  @HttpCode(200)
  reply(@Param('id', ParseIntPipe) id: number, @Body() dto: ReplyDto, @CurrentActor() actor: Actor) {
    return this.contact.reply(id, dto.reply, actor.id);
  }
}
