import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { MoneyAdminService } from './money-admin.service';
import { payoutView } from './payout.mapper';
import { PayoutsService } from './payouts.service';

/** Payouts (ra-data-simple-rest), `filter={"status":"otp"}`; retry a failed one. */
@ApiTags('admin')
@Controller('admin/payouts')
@AdminAuth()
export class PayoutsAdminController {
  constructor(
    private readonly admin: MoneyAdminService,
    private readonly payouts: PayoutsService,
  ) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.admin.payouts(p);
    setContentRange(res, 'payouts', p, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number) {
    return this.admin.payout(id);
  }

  @Post(':id/retry')
  async retry(@Param('id', ParseIntPipe) id: number) {
    return payoutView(await this.payouts.retry(id));
  }
}
