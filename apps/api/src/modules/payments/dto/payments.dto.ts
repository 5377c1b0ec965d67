import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import type { InitializePaymentRequest, TestCheckoutOutcomeRequest } from '@kasuwa/contracts';

/** checkout_session.id is an int4. */
const INT4_MAX = 2_147_483_647;

/** `checkoutSessionID` as the spec names it; `checkoutSessionId` (the name POST /orders answers with) works too. */
export class InitializePaymentDto implements Partial<InitializePaymentRequest> {
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'checkoutSessionID must be a whole number' })
  @Min(1, { message: 'checkoutSessionID must be a whole number' })
  @Max(INT4_MAX, { message: 'checkoutSessionID is not a checkout' })
  checkoutSessionID?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'checkoutSessionId must be a whole number' })
  @Min(1, { message: 'checkoutSessionId must be a whole number' })
  @Max(INT4_MAX, { message: 'checkoutSessionId is not a checkout' })
  checkoutSessionId?: number;
}

/** A button of the built-in test checkout page. */
export class TestCheckoutOutcomeDto implements TestCheckoutOutcomeRequest {
  @IsIn(['success', 'failed', 'abandoned'], { message: 'outcome must be success, failed or abandoned' })
  outcome: 'success' | 'failed' | 'abandoned';

  /** How the buyer "paid" (Paystack's channel): a bank-transfer or USSD payment's refund waits for the buyer's bank account. */
  @IsOptional()
  @IsIn(['card', 'bank_transfer', 'ussd'], { message: 'channel must be card, bank_transfer or ussd' })
  channel?: 'card' | 'bank_transfer' | 'ussd';
}
