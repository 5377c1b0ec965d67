import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { EmailPreferences, MarkNotificationsReadRequest, UnsubscribeRequest } from '@kasuwa/contracts';

export class MarkReadDto implements MarkNotificationsReadRequest {
  @ApiPropertyOptional({ type: [Number], description: 'Notification ids; none: all' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsInt({ each: true, message: 'ids must be whole numbers' })
  @Min(1, { each: true, message: 'ids must be whole numbers' })
  @Max(2_147_483_647, { each: true, message: 'ids must be whole numbers' })
  ids?: number[];
}

export class EmailPreferencesDto implements Partial<EmailPreferences> {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() order?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() message?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() offer?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() review?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() listing?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() report?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() saved_search?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() money?: boolean;
}

export class UnsubscribeDto implements UnsubscribeRequest {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'The unsubscribe link is incomplete' }) @MaxLength(300) token: string;
}
