import { Body, Controller, Get, Headers, HttpCode, Param, ParseIntPipe, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { InitializePaymentResponse, VerifyPaymentResponse } from '@kasuwa/contracts';
import { Actor, AdminAuth, CurrentActor, Public, UserAuth } from '../common/auth.decorators';
import { AdminArea } from '../common/admin-resource';
import { invalidField } from '../common/errors';
import { InitializePaymentDto } from '../modules/payments/dto/payments.dto';
import { TransactionsService } from '../modules/transactions/transactions.service';
import { PaymentsFlow, toVerifyResponse } from './payments.flow';

/** The product API calls payment calls, plus Paystack's webhook. */
@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsFlow) {}

  @Post('initialize')
  @UserAuth()
  async initialize(@CurrentActor() actor: Actor, @Body() dto: InitializePaymentDto): Promise<InitializePaymentResponse> {
    const id = dto.checkoutSessionID ?? dto.checkoutSessionId;
    if (!id) throw invalidField('checkoutSessionID', 'checkoutSessionID is required');
    return { message: 'Payment initialized', data: await this.payments.initialize(actor.id, id) };
  }

  /**
   * Public: the unguessable reference is the capability. The buyer may come back on another host than the one
   * they signed in on (PUBLIC_URL vs the address they opened), without their session; the answer carries only
   * the payment's status and order ids, never personal data.
   */
  @Get('verify')
  @Public()
  verify(@Query('reference') reference?: string): Promise<VerifyPaymentResponse> {
    if (typeof reference !== 'string' || !reference.trim()) throw invalidField('reference', 'No payment reference found');
    return this.payments.verify(reference.trim());
  }

  /** The body arrives as raw bytes (http-adapter.ts reads this path with body-parser's raw parser): the signature covers them. */
  @Post('webhook')
  @Public()
  @HttpCode(200)
  webhook(@Req() req: FastifyRequest, @Headers('x-paystack-signature') signature?: string) {
    return this.payments.webhook(req.body, signature);
  }
}

/** The back office's "Re-verify with Paystack" on a payment, beside the transaction reads (InnerAdminTransactionsController). */
@ApiTags('admin')
@AdminArea('transactions')
@Controller('inner/admin/transactions')
@AdminAuth()
export class TransactionReverifyController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly payments: PaymentsFlow,
  ) {}

  /** Asks the provider again by reference and runs the same settle step as verify and the webhook. */
  @Post(':id/reverify')
  @HttpCode(200)
  async reverify(@Param('id', ParseIntPipe) id: number) {
    const result = await this.payments.check(await this.transactions.reference(id));
    const { status, message } = toVerifyResponse(result);
    return { message, data: { outcome: result.outcome, status, transaction: await this.transactions.get(id) } };
  }
}
