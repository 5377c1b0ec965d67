import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminOrdersResponse, Order } from '@kasuwa/contracts';
import { Actor, AdminAuth, CurrentActor } from '../../common/auth.decorators';
import { filterText, pageCounters, paging } from '../../common/list-query';
import { OrdersQueryService } from './orders-query.service';
import { AdminArea } from '../../common/admin-resource';

/** The product's `/inner/admin/orders` call: server-side paging, status filter, search by number, first name or email. */
@ApiTags('admin')
@AdminArea('orders')
@Controller('inner/admin/orders')
@AdminAuth()
export class InnerAdminOrdersController {
  constructor(private readonly orders: OrdersQueryService) {}

  @Get()
  async list(
    @Query('page') page?: string,
    @Query('limit') limit?: string,
    @Query('status') status?: string,
    @Query('search') search?: string,
  ): Promise<AdminOrdersResponse> {
    const p = paging(page, limit, 10);
    const { orders, total } = await this.orders.adminList({
      status: status && status !== 'all' ? status : undefined,
      search: filterText(search),
      sort: 'createdAt',
      order: 'DESC',
      offset: p.offset,
      limit: p.limit,
    });
    return { data: { orders, ...pageCounters(p, total) } };
  }

  @Get(':id')
  async one(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: Order }> {
    return { data: await this.orders.visibleTo(actor, id) };
  }
}
