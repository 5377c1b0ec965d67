import { Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AdminTransaction, AdminTransactionsResponse } from '@kasuwa/contracts';
import { AdminAuth } from '../../common/auth.decorators';
import { filterText, pageCounters, paging } from '../../common/list-query';
import { PaymentsService, toVerifyResponse } from '../payments/payments.service';
import { CSV_OPTIONS, csvRecord } from './transaction.mapper';
import { TransactionsService, typeFilter } from './transactions.service';
import { AdminArea } from '../../common/admin-resource';

/** The spec's `/inner/admin/transactions` calls, the CSV export and "Re-verify with Paystack". */
@ApiTags('admin')
@AdminArea('transactions')
@Controller('inner/admin/transactions')
@AdminAuth()
export class InnerAdminTransactionsController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly payments: PaymentsService,
  ) {}

  @Get()
  async list(
    @Query('search') search?: string,
    @Query('status') status?: string,
    @Query('type') type?: string,
    @Query('page') page?: string,
    @Query('limit') limit?: string,
  ): Promise<AdminTransactionsResponse> {
    const p = paging(page, limit, 50);
    const { rows, total } = await this.transactions.list({ search: filterText(search), status: filterText(status), ...typeFilter(filterText(type)), sort: 'createdAt', order: 'DESC', offset: p.offset, limit: p.limit });
    return { data: { transactions: rows, ...pageCounters(p, total) } };
  }

  /** Every row (payments, refunds, payouts) of the same filters as the list, newest first, streamed (csv-stringify over keyset pages, with backpressure). */
  @Get('export.csv')
  @ApiProduces('text/csv')
  async export(@Res() res: Response, @Query('search') search?: string, @Query('status') status?: string, @Query('type') type?: string): Promise<void> {
    void res.header('Content-Type', 'text/csv; charset=utf-8');
    void res.header('Content-Disposition', `attachment; filename="transactions-${new Date().toISOString().slice(0, 10)}.csv"`);
    const pages = this.transactions.exportPages({ search: filterText(search), status: filterText(status), ...typeFilter(filterText(type)) });
    const records = async function* () {
      for await (const page of pages) yield* page.map(csvRecord);
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

  /** Asks the provider again by reference and runs the same settle step as verify and the webhook. */
  @Post(':id/reverify')
  @HttpCode(200)
  async reverify(@Param('id', ParseIntPipe) id: number) {
    const result = await this.payments.check(await this.transactions.reference(id));
    const { status, message } = toVerifyResponse(result);
    return { message, data: { outcome: result.outcome, status, transaction: await this.transactions.get(id) } };
  }
}
