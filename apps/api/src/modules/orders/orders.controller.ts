import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Order } from '@kasuwa/contracts';
import { Actor, AnyAuth, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { notFound } from '../../common/errors';
import { OrderTrackingDto } from './dto/orders.dto';
import { OrderTrackingService, trackingOf } from './order-tracking.service';
import { ORDER_NOT_FOUND, OrdersQueryService } from './orders-query.service';
import { paging } from '../../common/list-query';
import { AdminArea } from '../../common/admin-resource';

/** A path id that is not a number is simply an order that does not exist. */
export function orderId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return Number(raw);
}

/**
 * The storefront's order reads and the seller's tracking correction (product API calls). Placing an order, changing its
 * status and pay on delivery move money with the order, so they are flows: CheckoutController, OrderStatusController and
 * PayOnDeliveryController (flows/).
 */
@ApiTags('orders')
@AdminArea('orders')
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersQueryService,
    private readonly tracking: OrderTrackingService,
  ) {}

  /** The caller's purchases, newest first (`?page&limit`, 50 by default). */
  @Get('all')
  @UserAuth()
  async mine(@CurrentActor() actor: Actor, @Query('page') page?: string, @Query('limit') limit?: string): Promise<{ data: Order[] }> {
    const p = paging(page, limit, 50);
    return { data: await this.orders.forBuyer(actor.id, p.limit, p.offset) };
  }

  /** Orders for the caller's listings, newest first. */
  @Get('seller/all')
  @UserAuth()
  async sold(@CurrentActor() actor: Actor, @Query('page') page?: string, @Query('limit') limit?: string): Promise<{ data: Order[] }> {
    const p = paging(page, limit, 50);
    return { data: await this.orders.forSeller(actor.id, p.limit, p.offset) };
  }

  /** One order (by id or KSW- number) for its buyer, its seller or an admin. */
  @Get('in/:id')
  @AnyAuth()
  async one(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: Order }> {
    return { data: await this.orders.visibleTo(actor, id) };
  }

  /** The order's seller corrects the carrier and tracking number while the order is shipped or on the way. */
  @Put(':id/tracking')
  @UserAuth()
  async correctTracking(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: OrderTrackingDto,
  ): Promise<{ message: string; data: Order }> {
    const order = await this.tracking.correct(actor, orderId(id), trackingOf(dto, 'shipped')!);
    return { message: 'Tracking updated', data: order };
  }
}
