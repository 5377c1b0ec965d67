import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Response } from 'express';
import { Actor, AdminAuth, CurrentActor, OptionalUserAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { ContactMessageDto, MarkReadDto, ReplyDto } from './contact.dto';
import { ContactService } from './contact.service';

@ApiTags('contact')
@Controller('contact-us')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  /** Anyone may write; a signed-in sender is linked by their token. Limited against spam (CONTACT_RATE_LIMIT a minute per client). */
  @Post()
  @OptionalUserAuth()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: () => Number(process.env.CONTACT_RATE_LIMIT || 5), ttl: 60_000 } })
  async send(@Body() dto: ContactMessageDto, @CurrentActor() actor?: Actor) {
    const data = await this.contact.send(dto, actor?.kind === 'user' ? actor.id : null);
    return { success: true, message: 'Message sent successfully!', data };
  }
}

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
