import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { DISPUTE_REASONS, MAX_DISPUTE_PHOTOS } from '@kasuwa/contracts';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';

const asText = ({ value }: { value: unknown }) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value);
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ResolveAccountDto {
  @ApiProperty({ example: '058', description: 'A bank code from GET /api/banks' })
  @Transform(asText)
  @IsString()
  @Matches(/^\d{3,6}$/, { message: 'Choose your bank from the list.' })
  bankCode: string;

  @ApiProperty({ example: '0123456789', description: 'The 10-digit NUBAN' })
  @Transform(asText)
  @IsString()
  @Matches(/^\d{10}$/, { message: 'The account number is the 10 digits of your NUBAN.' })
  accountNumber: string;
}

/** The step-up code, checked by StepUpGuard before validation; declared so the whitelist keeps it. */
const STEP_UP_OTP = {
  example: '123456',
  description: 'The 6-digit code from POST /api/auth/step-up (required unless ACCOUNT_VERIFICATION=off)',
};

export class SavePayoutAccountDto extends ResolveAccountDto {
  @ApiPropertyOptional(STEP_UP_OTP)
  @IsOptional()
  @IsString({ message: 'otp is the 6-digit code from the SMS' })
  @MaxLength(12)
  otp?: string;
}

export class WithdrawDto {
  @ApiPropertyOptional(STEP_UP_OTP)
  @IsOptional()
  @IsString({ message: 'otp is the 6-digit code from the SMS' })
  @MaxLength(12)
  otp?: string;

  @ApiProperty({ example: '100000', description: 'Kobo, as a string of digits (minimum 100000 = ₦1,000)' })
  @Transform(asText)
  @IsString()
  @Matches(/^\d{1,15}$/, { message: 'Enter the amount in naira, e.g. ₦1,000.00.' })
  amount: string;
}

export class AutoPayoutDto {
  @ApiProperty({ example: true, description: 'Send the whole available balance once a day (Lagos time) when it is ₦1,000 or more' })
  @IsBoolean({ message: 'enabled is true or false' })
  enabled: boolean;
}

export class OpenDisputeDto {
  @ApiProperty({ enum: DISPUTE_REASONS })
  @IsIn(DISPUTE_REASONS, { message: `reason must be one of ${DISPUTE_REASONS.join(', ')}` })
  reason: (typeof DISPUTE_REASONS)[number];

  @ApiProperty({ example: 'The phone arrived with a cracked screen.' })
  @Transform(trimmed)
  @IsString()
  @MinLength(5, { message: 'Say what went wrong (at least 5 characters).' })
  @MaxLength(4000)
  text: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    maxItems: MAX_DISPUTE_PHOTOS,
    description: `Multipart only: up to ${MAX_DISPUTE_PHOTOS} photos (JPEG, PNG or WebP, checked like listing photos)`,
  })
  photos?: unknown;
}

export class DisputeReplyDto {
  @ApiProperty({ example: 'It left our shop in perfect condition; photos attached.' })
  @Transform(trimmed)
  @IsString()
  @MinLength(2, { message: 'Write your answer.' })
  @MaxLength(4000)
  text: string;
}

export class DecideDisputeDto {
  @ApiProperty({ enum: ['release', 'refund', 'partial_refund'] })
  @IsIn(['release', 'refund', 'partial_refund'], { message: 'decision must be release, refund or partial_refund' })
  decision: 'release' | 'refund' | 'partial_refund';

  @ApiPropertyOptional({ example: '250000', description: 'Kobo to refund (partial_refund only)' })
  @ValidateIf((o) => o.decision === 'partial_refund' || o.amount !== undefined)
  @Transform(asText)
  @IsString()
  @Matches(/^\d{1,15}$/, { message: 'Enter the amount to refund in naira, e.g. ₦2,500.00.' })
  amount?: string;

  @ApiProperty({ example: 'The seller showed proof of delivery.' })
  @Transform(trimmed)
  @IsString()
  @Length(3, 2000, { message: 'Give the reason for the decision (it goes into the order history).' })
  reason: string;
}

export class CommissionRateDto {
  @ApiPropertyOptional({ nullable: true, description: 'null = the default rate' })
  @IsOptional()
  @IsInt({ message: 'categoryId must be a category id' })
  @Min(1)
  @Max(2_147_483_647)
  categoryId?: number | null;

  @ApiProperty({ example: 500, description: 'Basis points (500 = 5%)' })
  @IsInt({ message: 'rateBp is whole basis points' })
  @Min(0, { message: 'rateBp is 0 to 10000' })
  @Max(10_000, { message: 'rateBp is 0 to 10000' })
  rateBp: number;
}

export class UpdateCommissionRateDto {
  @ApiProperty({ example: 500, description: 'Basis points (500 = 5%)' })
  @IsInt({ message: 'rateBp is whole basis points' })
  @Min(0, { message: 'rateBp is 0 to 10000' })
  @Max(10_000, { message: 'rateBp is 0 to 10000' })
  rateBp: number;
}

export class RefundPaymentDto {
  @ApiProperty({ example: 'KSW-12-a1b2c3d4e5f6', description: 'The reference of a payment flagged for refund' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^[A-Za-z0-9.=-]{1,100}$/, { message: 'paymentReference is a payment reference' })
  paymentReference: string;

  @ApiProperty({ description: 'Why (required: kept in the audit log)' })
  @Transform(trimmed)
  @IsString()
  @Length(3, 2000, { message: 'Give the reason for the refund (it is kept in the audit log).' })
  reason: string;
}

export class DecideRefundRequestDto {
  @ApiProperty({ enum: ['approve', 'decline'] })
  @IsIn(['approve', 'decline'], { message: 'decision must be approve or decline' })
  decision: 'approve' | 'decline';

  @ApiProperty({
    example: 'The seller showed the buyer signed for it in good condition.',
    description: 'Required (a refund is a money decision: kept in the audit log); goes into the order history',
  })
  @Transform(trimmed)
  @IsString()
  @Length(3, 2000, { message: 'Give the reason for the decision (it goes into the order history).' })
  reason: string;
}
