import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type {
  EmailVerificationRequest,
  LoginRequest,
  PhoneStartRequest,
  PhoneVerifyRequest,
  RegisterRequest,
  VerifyEmailRequest,
} from '@kasuwa/contracts';
import { EmailDto, lowerTrim } from '../../access/dto/password.dto';
import { PersonName } from '../../../common/person-fields';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RegisterDto extends EmailDto implements RegisterRequest {
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
  @PersonName('First name') firstName: string;
  @PersonName('Last name') lastName: string;
}

export class LoginDto extends EmailDto implements LoginRequest {
  @ApiProperty() @MaxLength(200) @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() rememberMe?: boolean;
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
