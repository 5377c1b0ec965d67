import { applyDecorators, Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AdminTransaction, AdminTransactionsResponse } from '@kasuwa/contracts';
import { AdminAuth } from '../../common/auth.decorators';
import { filterText, pageCounters, paging } from '../../common/list-query';
import { CSV_OPTIONS, csvRecord, csvTotals, ledgerKobo } from './transaction.mapper';
import { transactionRange } from './transaction-range';
import { TransactionFilter, TransactionsService, typeFilter } from './transactions.service';
import { AdminArea } from '../../common/admin-resource';

/** The product's `/inner/admin/transactions` reads and the CSV export ("Re-verify with Paystack" is a flow: flows/payments.controller.ts). */
@ApiTags('admin')
@AdminArea('transactions')
@Controller('inner/admin/transactions')
@AdminAuth()
export class InnerAdminTransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  @TransactionQueryDocs()
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async list(
    @Query() query: TransactionQuery,
    @Query('page') page?: string,
    @Query('limit') limit?: string,
  ): Promise<AdminTransactionsResponse> {
    const p = paging(page, limit, 50);
    const { rows, total } = await this.transactions.list({
      ...transactionFilter(query),
      sort: 'createdAt',
      order: 'DESC',
      offset: p.offset,
      limit: p.limit,
    });
    return { data: { transactions: rows, ...pageCounters(p, total) } };
  }

  /**
   * Every row (payments, refunds, payouts) of the same filters as the list, newest first, streamed (csv-stringify over
   * keyset pages, with backpressure), then a TOTAL line: the net of the rows that moved money (the ledger's net).
   */
  @Get('export.csv')
  @ApiProduces('text/csv')
  @TransactionQueryDocs()
  async export(@Res() res: Response, @Query() query: TransactionQuery): Promise<void> {
    const pages = this.transactions.exportPages(transactionFilter(query)); // bad dates answer 422 before any header
    void res.header('Content-Type', 'text/csv; charset=utf-8');
    void res.header('Content-Disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`);
    const records = async function* () {
      let net = 0n;
      let moved = 0;
      for await (const page of pages) {
        for (const row of page) {
          const l = ledgerKobo(row);
          if (l.moved) [net, moved] = [net + l.amount, moved + 1];
          yield csvRecord(row);
        }
      }
      yield csvTotals(net, moved);
    };
    // The reply streams the CSV (through the compressor); a query that fails before the first row is a 500 answer, one
    // that fails later cuts the download short (the stream's error reaches the reply, which ends the connection).
    const csv = stringify(CSV_OPTIONS);
    pipeline(Readable.from(records()), csv).catch(() => undefined);
    void res.send(csv);
  }

  @Get(':id')
  async one(@Param('id', ParseIntPipe) id: number): Promise<{ data: AdminTransaction }> {
    return { data: await this.transactions.get(id) };
  }
}

/** The list's and the export's filters in the OpenAPI document. */
function TransactionQueryDocs() {
  return applyDecorators(
    ApiQuery({ name: 'search', required: false, description: 'Reference, name, e-mail or order number' }),
    ApiQuery({ name: 'status', required: false, description: 'successful, pending, failed, abandoned, reversed, paid, refund_due' }),
    ApiQuery({ name: 'type', required: false, description: 'payment, refund, payout, or a payment method (card, bank, ussd, transfer)' }),
    ApiQuery({ name: 'period', required: false, enum: ['this_month', 'last_month', 'custom'] }),
    ApiQuery({ name: 'from', required: false, description: 'Lagos day, YYYY-MM-DD (included)' }),
    ApiQuery({ name: 'to', required: false, description: 'Lagos day, YYYY-MM-DD (included)' }),
    ApiQuery({ name: 'hideFailed', required: false, type: Boolean, description: 'Leave out failed and abandoned rows' }),
  );
}

/** The list's and the export's filters, as query parameters. */
export interface TransactionQuery {
  search?: string;
  status?: string;
  type?: string;
  period?: string;
  from?: string;
  to?: string;
  hideFailed?: string;
}

/** The query in the service's terms (a bad date range is a 422 on its field). */
export function transactionFilter(q: TransactionQuery): TransactionFilter {
  const text = (v: unknown) => (typeof v === 'string' ? filterText(v) : undefined);
  return {
    search: text(q.search),
    status: text(q.status),
    ...typeFilter(text(q.type)),
    ...transactionRange({ period: text(q.period), from: text(q.from), to: text(q.to) }),
    hideFailed: q.hideFailed === 'true' || (q.hideFailed as unknown) === true,
  };
}
