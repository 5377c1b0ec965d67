import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { ReconciliationService } from './reconciliation.service';

/** Differences between the ledger, Paystack and Kasuwa's records (ra-data-simple-rest; `filter={"kind":"payout_open"}`). */
@ApiTags('admin')
@Controller('admin/reconciliation')
@AdminAuth()
export class ReconciliationAdminController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const all = await this.reconciliation.differences();
    const rows = typeof p.filter.kind === 'string' ? all.filter((d) => d.kind === p.filter.kind) : all;
    const page = rows.slice(p.offset, p.offset + p.limit);
    setContentRange(res, 'reconciliation', p, page.length, rows.length);
    return page;
  }
}
