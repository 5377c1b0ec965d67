import { Controller, Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminTransaction } from '@kasuwa/contracts';
import { AdminAuth } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { TransactionSearch, TransactionsService } from './transactions.service';

const SORTABLE: TransactionSearch['sort'][] = ['createdAt', 'paymentDate', 'amount', 'status', 'paymentMethod', 'id'];
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Transactions for the back-office grid (ra-data-simple-rest): filter q / status / paymentMethod. */
@ApiTags('admin')
@Controller('admin/transactions')
@AdminAuth()
export class AdminTransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response): Promise<AdminTransaction[]> {
    const { rows, total } = await this.transactions.list({
      search: text(p.filter.q),
      status: text(p.filter.status),
      method: text(p.filter.paymentMethod) ?? text(p.filter.type),
      sort: SORTABLE.includes(p.sortField as TransactionSearch['sort']) ? (p.sortField as TransactionSearch['sort']) : 'createdAt',
      order: p.sortOrder,
      offset: p.offset,
      limit: p.limit,
    });
    setContentRange(res, 'transactions', p, rows.length, total);
    return rows;
  }

  @Get(':id')
  one(@Param('id', ParseIntPipe) id: number): Promise<AdminTransaction> {
    return this.transactions.get(id);
  }
}
