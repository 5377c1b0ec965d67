import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { MoneyAdminService } from './money-admin.service';

/** Refunds (ra-data-simple-rest), `filter={"status":"failed"}`. */
@ApiTags('admin')
@Controller('admin/refunds')
@AdminAuth()
export class RefundsAdminController {
  constructor(private readonly admin: MoneyAdminService) {}

  @Get()
  async list(@SimpleRestList('id') p: ListParams, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.admin.refunds(p);
    setContentRange(res, 'refunds', p, rows.length, total);
    return rows;
  }
}
