import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  REVIEW_TEXT_MAX,
  type CreateReviewRequest,
  type ModerateReviewRequest,
  type ReplyReviewRequest,
  type UpdateReviewRequest,
} from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const STARS = 'rating must be a whole number of stars from 1 to 5';

export class CreateReviewDto implements CreateReviewRequest {
  @ApiProperty()
  @IsInt({ message: 'orderId must be an order id' })
  @Min(1, { message: 'orderId must be an order id' })
  @Max(2_147_483_647, { message: 'orderId must be an order id' })
  orderId: number;
  @ApiProperty({ minimum: 1, maximum: 5 })
  @IsInt({ message: STARS })
  @Min(1, { message: STARS })
  @Max(5, { message: STARS })
  rating: number;
  @ApiProperty({ maxLength: REVIEW_TEXT_MAX }) @Transform(trim) @IsString() @MaxLength(REVIEW_TEXT_MAX) text: string;
}

export class UpdateReviewDto implements UpdateReviewRequest {
  @ApiPropertyOptional({ minimum: 1, maximum: 5 })
  @IsOptional()
  @IsInt({ message: STARS })
  @Min(1, { message: STARS })
  @Max(5, { message: STARS })
  rating?: number;
  @ApiPropertyOptional({ maxLength: REVIEW_TEXT_MAX }) @IsOptional() @Transform(trim) @IsString() @MaxLength(REVIEW_TEXT_MAX) text?: string;
}

export class ReplyReviewDto implements ReplyReviewRequest {
  @ApiProperty({ maxLength: REVIEW_TEXT_MAX })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Write a reply' })
  @MaxLength(REVIEW_TEXT_MAX)
  text: string;
}

export class ModerateReviewDto implements ModerateReviewRequest {
  @ApiProperty() @IsBoolean() hidden: boolean;
  @ApiProperty({ maxLength: 500 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Give the reason (it is kept in the history)' })
  @MaxLength(500)
  reason: string;
}
