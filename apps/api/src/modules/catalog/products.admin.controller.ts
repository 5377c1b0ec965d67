import { Body, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { AdminUpdateProductDto, BlockProductDto } from './dto/product.dto';
import { ProductsAdminService } from './products-admin.service';
import { ProductsService } from './products.service';

/** Back-office listings (ra-data-simple-rest). Photos are edited through PUT /api/products/edit/{id} with the admin token. */
@AdminResource('products')
export class ProductsAdminController {
  constructor(
    private readonly admin: ProductsAdminService,
    private readonly products: ProductsService,
  ) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'products', p, await this.admin.list(p));
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.admin.get(id);
  }

  @Put(':id')
  async update(@CurrentActor() actor: Actor, @Param('id', ParseIntPipe) id: number, @Body() dto: AdminUpdateProductDto) {
    const { status, blockReason, ...fields } = dto;
    await this.products.update(actor, id, fields, []);
    if (status) await this.admin.setStatus(id, status, blockReason);
    return this.admin.get(id);
  }

  @Post(':id/block')
  @HttpCode(200)
  block(@Param('id', ParseIntPipe) id: number, @Body() dto: BlockProductDto) {
    return this.admin.block(id, dto.reason);
  }

  @Post(':id/unblock')
  @HttpCode(200)
  unblock(@Param('id', ParseIntPipe) id: number) {
    return this.admin.unblock(id);
  }

  @Delete(':id')
  async remove(@CurrentActor() actor: Actor, @Param('id', ParseIntPipe) id: number) {
    const before = await this.admin.get(id);
    const { deleted } = await this.products.remove(actor, id);
    // `deleted: false` means it had orders and was withdrawn instead.
    return { ...before, productStatus: deleted ? before.productStatus : 'withdrawn', deleted };
  }
}
