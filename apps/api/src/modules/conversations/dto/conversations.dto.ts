import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MESSAGE_TEXT_MAX, type DecideOfferRequest, type SendMessageRequest, type StartConversationRequest } from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const OFFER = 'offer must be a whole number of kobo between ₦1 and ₦1,000,000,000';

/** A listing id (the buyer asks its seller) or an order id (either side of that order); exactly one of them. */
export class StartConversationDto implements StartConversationRequest {
  @ApiPropertyOptional({ description: 'The listing; required unless orderId is given' })
  @ValidateIf((o: StartConversationDto) => o.orderId === undefined)
  @IsInt({ message: 'productId must be a listing id' })
  @Min(1, { message: 'productId must be a listing id' })
  @Max(2_147_483_647, { message: 'productId must be a listing id' })
  productId?: number;
  @ApiPropertyOptional({ description: "An order of the caller's (as buyer or seller): the conversation about its listing with its buyer" })
  @IsOptional()
  @IsInt({ message: 'orderId must be an order id' })
  @Min(1, { message: 'orderId must be an order id' })
  @Max(2_147_483_647, { message: 'orderId must be an order id' })
  orderId?: number;
  @ApiPropertyOptional({ maxLength: MESSAGE_TEXT_MAX })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(MESSAGE_TEXT_MAX)
  message?: string;
}

/** JSON `{text}` or `{offer}`; multipart adds a `photo` file (and may carry `text` as its caption). */
export class SendMessageDto implements SendMessageRequest {
  @ApiPropertyOptional({ maxLength: MESSAGE_TEXT_MAX })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(MESSAGE_TEXT_MAX)
  text?: string;
  @ApiPropertyOptional({ type: Number, description: 'Kobo per unit, ₦1 to ₦1,000,000,000' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: OFFER })
  @Min(100, { message: OFFER })
  @Max(100_000_000_000, { message: OFFER })
  offer?: number;
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'A photo (JPEG, PNG or WebP, checked like listing photos)' })
  photo?: unknown;
}

export class DecideOfferDto implements DecideOfferRequest {
  @ApiProperty() @IsBoolean() accept: boolean;
}
