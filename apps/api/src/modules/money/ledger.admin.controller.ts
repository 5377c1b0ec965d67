import { Get, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { MoneyAdminService } from './money-admin.service';

/** The journal (ra-data-simple-rest): `filter={"orderId":12}` for one order's money, `{"account":"seller_available:7"}`. */
@AdminResource('ledger')
export class LedgerAdminController {
  constructor(private readonly admin: MoneyAdminService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    return listAnswer(res, 'ledger', p, await this.admin.ledger(p));
  }
}
