import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@kasuwa/contracts';

/** An e-mail address as typed: trimmed and lower-cased before it is checked. */
export const lowerTrim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** A reset link asked for (users and admins alike). */
export class EmailDto implements ForgotPasswordRequest {
  @ApiProperty() @Transform(lowerTrim) @IsEmail({}, { message: 'Enter a valid email address' }) @MaxLength(254) email: string;
}

/** A new password set with a reset link's token (users and admins alike). */
export class ResetPasswordDto extends EmailDto implements ResetPasswordRequest {
  @ApiProperty() @MaxLength(200) @IsString() @IsNotEmpty({ message: 'Reset token is required' }) token: string;
  @ApiPropertyOptional() @IsOptional() @IsString() newPassword?: string;
  @ApiPropertyOptional({ description: 'Accepted instead of newPassword' }) @IsOptional() @IsString() password?: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Confirm your new password' }) confirmPassword: string;
}
