import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { AdminDecisionRequest, AdminLoginRequest, AdminSignupRequest } from '@kasuwa/contracts';
import { EmailDto } from '../../auth/dto/auth.dto';
import { NG_PHONE, normalisePhone } from '../../users/dto/profile.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AdminLoginDto extends EmailDto implements AdminLoginRequest {
  @ApiProperty() @MaxLength(200) @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
}

export class AdminSignupDto extends EmailDto implements AdminSignupRequest {
  @ApiProperty() @Transform(trim) @MaxLength(80) @IsString() @IsNotEmpty({ message: 'First name is required' }) firstName: string;
  @ApiProperty() @Transform(trim) @MaxLength(80) @IsString() @IsNotEmpty({ message: 'Last name is required' }) lastName: string;
  @ApiProperty() @Transform(normalisePhone) @IsString() @IsNotEmpty({ message: 'Phone number is required' })
  @Matches(NG_PHONE, { message: 'Enter a Nigerian phone number, e.g. 08031234567' })
  phone: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
}

export class AdminDecisionDto implements AdminDecisionRequest {
  @ApiPropertyOptional({ enum: ['active', 'declined'] })
  @IsOptional()
  @IsIn(['active', 'declined'], { message: 'Status must be active (approve) or declined' })
  status?: 'active' | 'declined';
}
