import { Get, Param, ParseIntPipe, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import type { AdminTransaction } from '@kasuwa/contracts';
import { AdminResource } from '../../common/admin-resource';
import { filterText, listAnswer, ListParams, pageRequest, SimpleRestList, sortFields } from '../../common/list-query';
import { transactionFilter, type TransactionQuery } from './transactions.inner-admin.controller';
import { TransactionSearch, TransactionsService } from './transactions.service';

const SORTS = sortFields<TransactionSearch['sort']>('createdAt', 'paymentDate', 'amount', 'status', 'paymentMethod', 'id');

/**
 * Payments, refunds and payouts for the back-office grid (ra-data-simple-rest): filter q / status / type
 * (payment|refund|payout) / paymentMethod / period (this_month|last_month|custom) with from / to (Lagos days) / hideFailed.
 */
@AdminResource('transactions')
export class AdminTransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  async list(
    @SimpleRestList({ sorts: SORTS, fallback: 'createdAt' }) p: ListParams<TransactionSearch['sort']>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminTransaction[]> {
    const f = transactionFilter({ ...p.filter, search: p.filter.q } as TransactionQuery);
    const page = await this.transactions.list({ ...f, method: filterText(p.filter.paymentMethod) ?? f.method, ...pageRequest(p) });
    return listAnswer(res, 'transactions', p, page);
  }

  @Get(':id')
  one(@Param('id', ParseIntPipe) id: number): Promise<AdminTransaction> {
    return this.transactions.get(id);
  }
}
