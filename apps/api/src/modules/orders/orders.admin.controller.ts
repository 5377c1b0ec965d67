import { Get, Param, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import type { Order } from '@kasuwa/contracts';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { filterId, filterText, listAnswer, ListParams, pageRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { AdminOrderSearch, OrdersQueryService } from './orders-query.service';

const SORTS = sortFields<AdminOrderSearch['sort']>('createdAt', 'updatedAt', 'totalAmount', 'status', 'orderNumber', 'id');

/** Orders for the back-office grid (ra-data-simple-rest). PUT, the admin status change, is AdminOrderStatusController (flows/). */
@AdminResource('orders')
export class AdminOrdersController {
  constructor(private readonly orders: OrdersQueryService) {}

  @Get()
  async list(
    @SimpleRestList({ sorts: SORTS, fallback: 'createdAt' }) p: ListParams<AdminOrderSearch['sort']>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Order[]> {
    const { orders, total } = await this.orders.adminList({
      ...pageRequest(p),
      search: filterText(p.filter.q),
      status: filterText(p.filter.status),
      deliveryMethod: filterText(p.filter.deliveryMethod),
      podState: filterText(p.filter.podState),
      userId: filterId(p.filter.userId),
      sellerId: filterId(p.filter.sellerId),
    });
    return listAnswer(res, 'orders', p, { rows: orders, total });
  }

  @Get(':id')
  one(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<Order> {
    return this.orders.visibleTo(actor, id);
  }
}
