import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { MoneyAdminService } from './money-admin.service';

/** The journal (ra-data-simple-rest): `filter={"orderId":12}` for one order's money, `{"account":"seller_available:7"}`. */
@ApiTags('admin')
@Controller('admin/ledger')
@AdminAuth()
export class LedgerAdminController {
  constructor(private readonly admin: MoneyAdminService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.admin.ledger(p);
    setContentRange(res, 'ledger', p, rows.length, total);
    return rows;
  }
}
