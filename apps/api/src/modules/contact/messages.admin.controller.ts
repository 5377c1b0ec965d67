import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Actor, AdminAuth, CurrentActor } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { MarkReadDto, ReplyDto } from './dto/contact.dto';
import { ContactService } from './contact.service';

/** The back office's Messages resource (ra-data-simple-rest). */
@ApiTags('admin')
@Controller('admin/messages')
@AdminAuth()
export class MessagesAdminController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const isRead = p.filter.isRead === true || p.filter.isRead === 'true' ? true : p.filter.isRead === false || p.filter.isRead === 'false' ? false : undefined;
    const { rows, total } = await this.contact.list({ search: typeof p.filter.q === 'string' ? p.filter.q : undefined, isRead, offset: p.offset, limit: p.limit });
    setContentRange(res, 'messages', p, rows.length, total);
    return rows;
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
