import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CreateOrderResponse } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../common/auth.decorators';
import { AdminArea } from '../common/admin-resource';
import { RequireVerified } from '../common/verified.guard';
import { CreateOrderDto } from '../modules/orders/dto/orders.dto';
import { CheckoutFlow } from './checkout.flow';

/** Placing an order (a product API call, beside the order reads in OrdersController). */
@ApiTags('orders')
@AdminArea('orders')
@Controller('orders')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutFlow) {}

  /** Cart → checkout session (one order per seller), stock reserved for CHECKOUT_TTL_MINUTES. */
  @Post()
  @UserAuth()
  @RequireVerified('email')
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateOrderDto): Promise<CreateOrderResponse> {
    return { message: 'Order created successfully', data: await this.checkout.checkout(actor.id, dto) };
  }
}
