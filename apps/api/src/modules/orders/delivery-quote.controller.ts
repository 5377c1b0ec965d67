import { Controller, Get, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { CheckoutQuote } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { DeliveryQuoteService, placeId } from './delivery-quote.service';

/** The delivery quote the checkout dialog shows before the order is placed. */
@ApiTags('orders')
@Controller('checkout')
export class DeliveryQuoteController {
  constructor(private readonly quotes: DeliveryQuoteService) {}

  /** For each seller in the caller's cart, the delivery options that reach `stateId`/`lgaId`, with their fees. */
  @Get('quote')
  @UserAuth()
  @ApiQuery({ name: 'stateId', required: true, type: Number, description: "The delivery address's state" })
  @ApiQuery({ name: 'lgaId', required: true, type: Number, description: 'Its local government area (in that state)' })
  async quote(@CurrentActor() actor: Actor, @Query('stateId') stateId?: unknown, @Query('lgaId') lgaId?: unknown): Promise<CheckoutQuote> {
    return { data: await this.quotes.quote(actor.id, placeId(stateId, 'stateId'), placeId(lgaId, 'lgaId')) };
  }
}
