import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Min } from 'class-validator';

/** `checkoutSessionID` as the spec names it; `checkoutSessionId` (the name POST /orders answers with) works too. */
export class InitializePaymentDto {
  @ApiPropertyOptional()
  @IsOptional() @Type(() => Number) @IsInt({ message: 'checkoutSessionID must be a whole number' }) @Min(1, { message: 'checkoutSessionID must be a whole number' })
  checkoutSessionID?: number;

  @ApiPropertyOptional()
  @IsOptional() @Type(() => Number) @IsInt({ message: 'checkoutSessionId must be a whole number' }) @Min(1, { message: 'checkoutSessionId must be a whole number' })
  checkoutSessionId?: number;
}

/** A button of the built-in test checkout page. */
export class TestCheckoutOutcomeDto {
  @IsIn(['success', 'failed', 'abandoned'], { message: 'outcome must be success, failed or abandoned' })
  outcome: 'success' | 'failed' | 'abandoned';
}
