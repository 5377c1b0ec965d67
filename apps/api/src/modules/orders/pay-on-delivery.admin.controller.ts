import { Get, Param, ParseIntPipe } from '@nestjs/common';
import type { PayOnDeliveryStats } from '@kasuwa/contracts';
import { AdminResource } from '../../common/admin-resource';
import { PayOnDeliveryService } from './pay-on-delivery.service';

/** The back office's user page: a person's pay-on-delivery record as buyer (refusals) and as seller (cash confirmed). */
@AdminResource('users')
export class PayOnDeliveryAdminController {
  constructor(private readonly cash: PayOnDeliveryService) {}

  @Get(':id/pay-on-delivery')
  async get(@Param('id', ParseIntPipe) id: number): Promise<PayOnDeliveryStats> {
    return { data: await this.cash.stats(id) };
  }
}
