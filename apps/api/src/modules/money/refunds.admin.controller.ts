import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { RefundPaymentDto } from './dto/money.dto';
import { MoneyAdminService } from './money-admin.service';
import { RefundsService } from './refunds.service';

/** Refunds (ra-data-simple-rest), `filter={"status":"failed"}`; POST refunds a payment flagged refund_due. */
@ApiTags('admin')
@Controller('admin/refunds')
@AdminAuth()
export class RefundsAdminController {
  constructor(
    private readonly admin: MoneyAdminService,
    private readonly refunds: RefundsService,
  ) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.admin.refunds(p);
    setContentRange(res, 'refunds', p, rows.length, total);
    return rows;
  }

  @Post()
  async create(@Body() dto: RefundPaymentDto) {
    const id = await this.refunds.refundUnapplied(dto.paymentReference);
    return this.admin.refund(id);
  }
}
