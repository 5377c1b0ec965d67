import { Body, Controller, Get, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Order, PayOnDeliveryStats } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../common/auth.decorators';
import { AdminArea, AdminResource } from '../common/admin-resource';
import { DeliveryRefusedDto } from '../modules/orders/dto/orders.dto';
import { orderId } from '../modules/orders/orders.controller';
import { PayOnDeliveryFlow } from './pay-on-delivery.flow';

/** The back office's user page: a person's pay-on-delivery record as buyer (refusals) and as seller (cash confirmed). */
@AdminResource('users')
export class PayOnDeliveryAdminController {
  constructor(private readonly cash: PayOnDeliveryFlow) {}

  @Get(':id/pay-on-delivery')
  async get(@Param('id', ParseIntPipe) id: number): Promise<PayOnDeliveryStats> {
    return { data: await this.cash.stats(id) };
  }
}

/** Pay on delivery: how a cash order ends at the door, told by its seller. */
@ApiTags('orders')
@AdminArea('orders')
@Controller('orders')
export class PayOnDeliveryController {
  constructor(private readonly cash: PayOnDeliveryFlow) {}

  /** Pay on delivery: the order's seller confirms the buyer paid in cash at the door (the order completes). */
  @Post(':id/cash-received')
  @UserAuth()
  async cashReceived(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ message: string; data: Order }> {
    return { message: 'Cash received: the order is completed', data: await this.cash.cashReceived(actor, orderId(id)) };
  }

  /** Pay on delivery: the order's seller reports the buyer refused the goods at the door (they go back on sale). */
  @Post(':id/delivery-refused')
  @UserAuth()
  async deliveryRefused(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: DeliveryRefusedDto,
  ): Promise<{ message: string; data: Order }> {
    return { message: 'Refused delivery recorded', data: await this.cash.deliveryRefused(actor, orderId(id), dto.reason ?? undefined) };
  }
}
