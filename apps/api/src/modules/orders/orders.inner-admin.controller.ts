import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminOrdersResponse, Order } from '@kasuwa/contracts';
import { Actor, AdminAuth, CurrentActor } from '../../common/auth.decorators';
import { paging } from '../../common/sql';
import { OrdersQueryService } from './orders-query.service';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The spec's `/inner/admin/orders` call: server-side paging, status filter, search by number, first name or email. */
@ApiTags('admin')
@Controller('inner/admin/orders')
@AdminAuth()
export class InnerAdminOrdersController {
  constructor(private readonly orders: OrdersQueryService) {}

  @Get()
  async list(@Query('page') page?: string, @Query('limit') limit?: string, @Query('status') status?: string, @Query('search') search?: string): Promise<AdminOrdersResponse> {
    const p = paging(page, limit, 10);
    const { orders, total } = await this.orders.adminList({
      status: status && status !== 'all' ? status : undefined,
      search: text(search),
      sort: 'createdAt',
      order: 'DESC',
      offset: p.offset,
      limit: p.limit,
    });
    return { data: { orders, total, totalPages: Math.ceil(total / p.limit), currentPage: p.page } };
  }

  @Get(':id')
  async one(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: Order }> {
    return { data: await this.orders.visibleTo(actor, id) };
  }
}
