import { Body, Controller, Param, Patch, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Order } from '@kasuwa/contracts';
import { Actor, AnyAuth, CurrentActor } from '../common/auth.decorators';
import { AdminArea, AdminResource } from '../common/admin-resource';
import { AdminOrderUpdateDto, UpdateOrderStatusDto } from '../modules/orders/dto/orders.dto';
import { trackingOf } from '../modules/orders/order-tracking.service';
import { orderId } from '../modules/orders/orders.controller';
import { OrderStatusFlow } from './order-status.flow';

/** The storefront's status change (a product API call, beside the order reads in OrdersController). */
@ApiTags('orders')
@AdminArea('orders')
@Controller('orders')
export class OrderStatusController {
  constructor(private readonly status: OrderStatusFlow) {}

  /** The status change; the move to shipped may carry the carrier and tracking number (both optional). */
  @Patch(':id/update/status')
  @AnyAuth()
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: UpdateOrderStatusDto,
  ): Promise<{ message: string; data: Order }> {
    const to = dto.paymentStatus ?? dto.status;
    const order = await this.status.change(actor, orderId(id), to, dto.reason, trackingOf(dto, to));
    return { message: 'Order status updated', data: order };
  }
}

/** The back office's status change on an order (ra-data-simple-rest PUT): `{ status, reason }`. */
@AdminResource('orders')
export class AdminOrderStatusController {
  constructor(private readonly status: OrderStatusFlow) {}

  @Put(':id')
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: AdminOrderUpdateDto): Promise<Order> {
    return this.status.change(actor, orderId(id), dto.status, dto.reason);
  }
}
