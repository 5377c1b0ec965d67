import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ForgotPasswordRequest, LoginRequest, RegisterRequest, ResetPasswordRequest } from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lowerTrim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class EmailDto implements ForgotPasswordRequest {
  @ApiProperty() @Transform(lowerTrim) @IsEmail({}, { message: 'Enter a valid email address' }) @MaxLength(254) email: string;
}

export class RegisterDto extends EmailDto implements RegisterRequest {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
  @ApiProperty() @Transform(trim) @MaxLength(80) @IsString() @IsNotEmpty({ message: 'First name is required' }) firstName: string;
  @ApiProperty() @Transform(trim) @MaxLength(80) @IsString() @IsNotEmpty({ message: 'Last name is required' }) lastName: string;
}

export class LoginDto extends EmailDto implements LoginRequest {
  @ApiProperty() @MaxLength(200) @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() rememberMe?: boolean;
}

export class ResetPasswordDto extends EmailDto implements ResetPasswordRequest {
  @ApiProperty() @MaxLength(200) @IsString() @IsNotEmpty({ message: 'Reset token is required' }) token: string;
  @ApiPropertyOptional() @IsOptional() @IsString() newPassword?: string;
  @ApiPropertyOptional({ description: 'Accepted instead of newPassword' }) @IsOptional() @IsString() password?: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Confirm your new password' }) confirmPassword: string;
}
