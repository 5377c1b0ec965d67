import { Body, Controller, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { FileInterceptor, UploadedFile } from '../storage/photo-uploads';
import { ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { ChatMessage, ConversationResponse, ConversationsResponse, MessagesResponse } from '@kasuwa/contracts';
import { Actor, AnyAuth, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { invalidField } from '../../common/errors';
import { pathId } from '../../common/path-id';
import { MAX_IMAGE_BYTES, type UploadedImage } from '../storage/image.service';
import { CONVERSATION_NOT_FOUND, ConversationsService } from './conversations.service';
import { DecideOfferDto, SendMessageDto, StartConversationDto } from './dto/conversations.dto';
import { AdminArea } from '../../common/admin-resource';

const idOf = (raw: string, code: 'CONVERSATION_NOT_FOUND' | 'OFFER_NOT_FOUND' = 'CONVERSATION_NOT_FOUND') =>
  pathId(raw, code, code === 'OFFER_NOT_FOUND' ? 'Offer not found.' : CONVERSATION_NOT_FOUND);

/** Buyer–seller chat over HTTP (sending, reading, the polling fallback); live delivery is the socket gateway. */
@ApiTags('conversations')
@AdminArea('reports')
@Controller('conversations')
export class ConversationsController {
  constructor(private readonly chat: ConversationsService) {}

  @Post()
  @UserAuth()
  async start(@CurrentActor() actor: Actor, @Body() dto: StartConversationDto): Promise<ConversationResponse> {
    if (dto.orderId !== undefined && dto.productId !== undefined) throw invalidField('orderId', 'Give a productId or an orderId, not both');
    const data =
      dto.orderId !== undefined
        ? await this.chat.startFromOrder(actor.id, dto.orderId, dto.message)
        : await this.chat.start(actor.id, dto.productId!, dto.message);
    return { data };
  }

  @Get()
  @UserAuth()
  async list(@CurrentActor() actor: Actor): Promise<ConversationsResponse> {
    const { rows, unread } = await this.chat.list(actor.id);
    return { data: rows, meta: { unread } };
  }

  @Get(':id')
  @UserAuth()
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<ConversationResponse> {
    return { data: await this.chat.get(actor.id, idOf(id)) };
  }

  /** Oldest first; `after` (a message id) for the polling fallback. Admins may read a reported conversation. */
  @Get(':id/messages')
  @AnyAuth()
  @ApiQuery({ name: 'after', required: false, type: Number })
  async messages(@CurrentActor() actor: Actor, @Param('id') id: string, @Query('after') after?: string): Promise<MessagesResponse> {
    const from = typeof after === 'string' && /^\d{1,9}$/.test(after) ? Number(after) : 0;
    return { data: await this.chat.messages(actor, idOf(id), from) };
  }

  @Post(':id/messages')
  @UserAuth()
  @ApiConsumes('application/json', 'multipart/form-data')
  @UseInterceptors(FileInterceptor('photo', { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1 } }))
  async send(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: SendMessageDto,
    @UploadedFile() photo?: UploadedImage,
  ): Promise<{ data: ChatMessage }> {
    return { data: await this.chat.send(actor.id, idOf(id), { text: dto.text, offer: dto.offer, photo }) };
  }

  @Post(':id/offers/:messageId')
  @HttpCode(200)
  @UserAuth()
  async decide(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('messageId') messageId: string,
    @Body() dto: DecideOfferDto,
  ): Promise<{ data: ChatMessage }> {
    return { data: await this.chat.decideOffer(actor.id, idOf(id), idOf(messageId, 'OFFER_NOT_FOUND'), dto.accept) };
  }

  @Post(':id/read')
  @HttpCode(200)
  @UserAuth()
  async read(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ message: string }> {
    await this.chat.read(actor.id, idOf(id));
    return { message: 'Read' };
  }
}
