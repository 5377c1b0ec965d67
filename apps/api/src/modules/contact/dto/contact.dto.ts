import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ContactMessageRequest, MarkMessageReadRequest, ReplyMessageRequest } from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ContactMessageDto implements ContactMessageRequest {
  /** Ignored in favour of the bearer token's user (a visitor cannot send as someone else). */
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsInt() userId?: number | null;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(120) name?: string;
  @ApiProperty()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'Enter a valid email address' })
  email: string;
  @ApiProperty() @Transform(trim) @MaxLength(200) @IsString() @IsNotEmpty({ message: 'Subject is required' }) subject: string;
  @ApiProperty() @Transform(trim) @MaxLength(5000) @IsString() @IsNotEmpty({ message: 'Message is required' }) message: string;
}

export class MarkReadDto implements MarkMessageReadRequest {
  @ApiProperty() @IsBoolean() isRead: boolean;
}

export class ReplyDto implements ReplyMessageRequest {
  @ApiProperty() @Transform(trim) @MaxLength(5000) @IsString() @IsNotEmpty({ message: 'Write a reply' }) reply: string;
}
