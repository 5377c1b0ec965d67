import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { InitializePaymentResponse, VerifyPaymentResponse } from '@kasuwa/contracts';
import { Actor, CurrentActor, Public, UserAuth } from '../../common/auth.decorators';
import { invalidField } from '../../common/errors';
import { InitializePaymentDto } from './dto/payments.dto';
import { PaymentsService } from './payments.service';

/** The product API calls payment calls, plus Paystack's webhook. */
@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

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
