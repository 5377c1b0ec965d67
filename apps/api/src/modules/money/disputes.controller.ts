import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, AnyAuth, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { notFound } from '../../common/errors';
import { DisputesService } from './disputes.service';
import { DisputeReplyDto, OpenDisputeDto } from './dto/money.dto';

const orderIdOf = (raw: string): number => {
  if (!/^\d{1,9}$/.test(raw)) throw notFound('ORDER_NOT_FOUND', 'Order not found');
  return Number(raw);
};

/** A buyer's dispute on an order: opened by the buyer, answered by the seller. */
@ApiTags('orders')
@Controller('orders/:id/dispute')
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Post()
  @UserAuth()
  async open(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: OpenDisputeDto) {
    return { message: 'Dispute opened', data: await this.disputes.open(actor.id, orderIdOf(id), dto.reason, dto.text) };
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
