import { Body, Controller, Get, Param, Post, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { MAX_DISPUTE_PHOTOS } from '@kasuwa/contracts';
import { Actor, AnyAuth, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { notFound } from '../../common/errors';
import type { UploadedImage } from '../storage/image.service';
import { photoUploads, UploadedFiles } from '../storage/photo-uploads';
import { DisputesService } from './disputes.service';
import { DisputeReplyDto, OpenDisputeDto } from './dto/money.dto';
import { AdminArea } from '../../common/admin-resource';

const orderIdOf = (raw: string): number => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound('ORDER_NOT_FOUND', 'Order not found');
  return Number(raw);
};

/** A buyer's dispute on an order: opened by the buyer, answered by the seller. */
@ApiTags('orders')
@AdminArea('disputes')
@Controller('orders/:id/dispute')
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Post()
  @UserAuth()
  @ApiConsumes('application/json', 'multipart/form-data')
  @UseInterceptors(photoUploads('photos', MAX_DISPUTE_PHOTOS, `A dispute can have at most ${MAX_DISPUTE_PHOTOS} photos`))
  async open(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: OpenDisputeDto,
    @UploadedFiles() photos: UploadedImage[] = [],
  ) {
    return { message: 'Dispute opened', data: await this.disputes.open(actor.id, orderIdOf(id), dto.reason, dto.text, photos) };
  }

  @Get()
  @AnyAuth()
  async get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return { data: await this.disputes.forOrder(actor, orderIdOf(id)) };
  }

  @Post('reply')
  @UserAuth()
  async reply(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: DisputeReplyDto) {
    return { message: 'Reply sent', data: await this.disputes.reply(actor.id, orderIdOf(id), dto.text) };
  }
}
