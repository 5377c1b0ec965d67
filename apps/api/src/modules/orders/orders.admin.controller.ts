import { Body, Controller, Get, Param, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Order } from '@kasuwa/contracts';
import { Actor, AdminAuth, CurrentActor } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { OrderStatusService } from './order-status.service';
import { orderId } from './orders.controller';
import { AdminOrderUpdateDto } from './dto/orders.dto';
import { AdminOrderSearch, OrdersQueryService } from './orders-query.service';

const SORTABLE: AdminOrderSearch['sort'][] = ['createdAt', 'updatedAt', 'totalAmount', 'status', 'orderNumber', 'id'];
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Orders for the back-office grid (ra-data-simple-rest). PUT is the admin status change: `{ status, reason }`. */
@ApiTags('admin')
@Controller('admin/orders')
@AdminAuth()
export class AdminOrdersController {
  constructor(
    private readonly orders: OrdersQueryService,
    private readonly status: OrderStatusService,
  ) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response): Promise<Order[]> {
    const { orders, total } = await this.orders.adminList({
      search: text(p.filter.q),
      status: text(p.filter.status),
      sort: SORTABLE.includes(p.sortField as AdminOrderSearch['sort']) ? (p.sortField as AdminOrderSearch['sort']) : 'createdAt',
      order: p.sortOrder,
      offset: p.offset,
      limit: p.limit,
    });
    setContentRange(res, 'orders', p, orders.length, total);
    return orders;
  }

  @Get(':id')
  one(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<Order> {
    return this.orders.visibleTo(actor, id);
  }

  @Put(':id')
  update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: AdminOrderUpdateDto): Promise<Order> {
    return this.status.change(actor, orderId(id), dto.status, dto.reason);
  }
}
