import { Get, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import { AdminResource } from '../../common/admin-resource';
import { listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { ReconciliationService } from './reconciliation.service';

/** Differences between the ledger, Paystack and Kasuwa's records (ra-data-simple-rest; `filter={"kind":"payout_open"}`). */
@AdminResource('reconciliation')
export class ReconciliationAdminController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const all = await this.reconciliation.differences();
    const rows = typeof p.filter.kind === 'string' ? all.filter((d) => d.kind === p.filter.kind) : all;
    return listAnswer(res, 'reconciliation', p, { rows: rows.slice(p.offset, p.offset + p.limit), total: rows.length });
  }
}
