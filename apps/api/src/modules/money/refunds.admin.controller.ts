import { Body, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { RefundPaymentDto } from './dto/money.dto';
import { MoneyAdminService } from './money-admin.service';
import { RefundsService } from './refunds.service';

/** Refunds (ra-data-simple-rest), `filter={"status":"failed"}`; POST refunds a payment flagged refund_due; a failed refund is retried once. */
@AdminResource('refunds')
export class RefundsAdminController {
  constructor(
    private readonly admin: MoneyAdminService,
    private readonly refunds: RefundsService,
  ) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'refunds', p, await this.admin.refunds(p));
  }

  @Post()
  async create(@Body() dto: RefundPaymentDto) {
    const id = await this.refunds.refundUnapplied(dto.paymentReference, dto.reason);
    return this.admin.refund(id);
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.admin.refund(id);
  }

  @Post(':id/retry')
  async retry(@Param('id', ParseIntPipe) id: number) {
    return this.admin.refund(await this.refunds.retry(id));
  }
}
