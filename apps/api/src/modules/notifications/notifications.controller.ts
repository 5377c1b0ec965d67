import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  NOTIFICATION_TYPE_LABELS,
  type EmailPreferencesResponse,
  type NotificationsResponse,
  type UnreadCountResponse,
} from '@kasuwa/contracts';
import { Actor, CurrentActor, Public, UserAuth } from '../../common/auth.decorators';
import { paging } from '../../common/list-query';
import { EmailPreferencesDto, MarkReadDto, UnsubscribeDto } from './dto/notifications.dto';
import { NotificationsService } from './notifications.service';

/** The bell: the caller's notifications, unread count, mark-read; e-mail preferences; unsubscribe from an e-mail link. */
@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @UserAuth()
  async list(@CurrentActor() actor: Actor, @Query('page') page?: string, @Query('limit') limit?: string): Promise<NotificationsResponse> {
    const p = paging(page, limit, 20);
    const { rows, unread } = await this.notifications.list(actor.id, p.limit, p.offset);
    return { data: rows, meta: { unread, page: p.page, limit: p.limit } };
  }

  /** The unread count alone (the bell polls it when live delivery is not connected). */
  @Get('unread')
  @UserAuth()
  async unread(@CurrentActor() actor: Actor): Promise<UnreadCountResponse> {
    return { data: { unread: await this.notifications.unread(actor.id) } };
  }

  @Post('read')
  @HttpCode(200)
  @UserAuth()
  async read(@CurrentActor() actor: Actor, @Body() dto: MarkReadDto): Promise<UnreadCountResponse> {
    return { data: { unread: await this.notifications.markRead(actor.id, dto.ids) } };
  }

  @Get('preferences')
  @UserAuth()
  async preferences(@CurrentActor() actor: Actor): Promise<EmailPreferencesResponse> {
    return { data: await this.notifications.preferences(actor.id) };
  }

  @Put('preferences')
  @UserAuth()
  async setPreferences(
    @CurrentActor() actor: Actor,
    @Body() dto: EmailPreferencesDto,
  ): Promise<EmailPreferencesResponse & { message: string }> {
    return { message: 'E-mail settings saved', data: await this.notifications.setPreferences(actor.id, dto) };
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Public()
  async unsubscribe(@Body() dto: UnsubscribeDto): Promise<{ message: string }> {
    const type = await this.notifications.unsubscribe(dto.token);
    return { message: `You will no longer get e-mails for: ${NOTIFICATION_TYPE_LABELS[type]}.` };
  }
}
