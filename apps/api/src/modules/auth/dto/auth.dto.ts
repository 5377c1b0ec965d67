import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type {
  EmailVerificationRequest,
  ForgotPasswordRequest,
  LoginRequest,
  PhoneStartRequest,
  PhoneVerifyRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VerifyEmailRequest,
} from '@kasuwa/contracts';

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

export class EmailVerificationDto implements EmailVerificationRequest {
  @ApiPropertyOptional({ description: 'Sets this address first (only while the current one is unverified)' })
  @IsOptional()
  @Transform(lowerTrim)
  @IsEmail({}, { message: 'Enter a valid email address' })
  @MaxLength(254)
  email?: string;
}

export class VerifyEmailDto implements VerifyEmailRequest {
  @ApiProperty() @IsString() @MaxLength(200) @IsNotEmpty({ message: 'The verification link is incomplete' }) token: string;
}

export class PhoneStartDto implements PhoneStartRequest {
  @ApiProperty({ example: '08031234567' }) @IsString() @MaxLength(32) @IsNotEmpty({ message: 'Enter your phone number' }) phone: string;
}

export class PhoneVerifyDto extends PhoneStartDto implements PhoneVerifyRequest {
  @ApiProperty({ example: '123456' }) @IsString() @Matches(/^\d{6}$/, { message: 'Enter the 6-digit code from the SMS' }) code: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() rememberMe?: boolean;
}
