import { Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { MoneyAdminService } from './money-admin.service';
import { payoutView } from './payout.mapper';
import { PayoutsService } from './payouts.service';

/** Payouts (ra-data-simple-rest), `filter={"status":"otp"}`; retry a failed one. */
@AdminResource('payouts')
export class PayoutsAdminController {
  constructor(
    private readonly admin: MoneyAdminService,
    private readonly payouts: PayoutsService,
  ) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'payouts', p, await this.admin.payouts(p));
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
