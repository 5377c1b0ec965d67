import { Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import type { AdminTransaction } from '@kasuwa/contracts';
import { AdminResource } from '../../common/admin-resource';
import { filterText, listAnswer, ListParams, pageRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { TransactionSearch, TransactionsService, typeFilter } from './transactions.service';

const SORTS = sortFields<TransactionSearch['sort']>('createdAt', 'paymentDate', 'amount', 'status', 'paymentMethod', 'id');

/** Payments, refunds and payouts for the back-office grid (ra-data-simple-rest): filter q / status / type (payment|refund|payout) / paymentMethod. */
@AdminResource('transactions')
export class AdminTransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  async list(@SimpleRestList({ sorts: SORTS, fallback: 'createdAt' }) p: ListParams<TransactionSearch['sort']>, @Res({ passthrough: true }) res: Response): Promise<AdminTransaction[]> {
    const { type, method } = typeFilter(filterText(p.filter.type));
    const page = await this.transactions.list({
      search: filterText(p.filter.q),
      status: filterText(p.filter.status),
      type,
      method: filterText(p.filter.paymentMethod) ?? method,
      ...pageRequest(p),
    });
    return listAnswer(res, 'transactions', p, page);
  }

  @Get(':id')
  one(@Param('id', ParseIntPipe) id: number): Promise<AdminTransaction> {
    return this.transactions.get(id);
  }
}
