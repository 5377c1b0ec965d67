import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ADMIN_ROLES, type AdminDecisionRequest, type AdminLoginRequest, type AdminRole, type AdminSignupRequest } from '@kasuwa/contracts';
import { EmailDto } from '../../access/dto/password.dto';
import { MobilePhone, PersonName } from '../../../common/person-fields';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AdminLoginDto extends EmailDto implements AdminLoginRequest {
  @ApiProperty() @MaxLength(200) @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
  @ApiPropertyOptional({ description: 'the 6-digit authenticator code, or a recovery code' })
  @IsOptional()
  @MaxLength(20)
  @IsString({ message: 'Enter the 6-digit code' })
  @IsNotEmpty({ message: 'Enter the 6-digit code' })
  otp?: string;
}

/** The first authenticator code, confirming enrolment. */
export class TwoFactorCodeDto {
  @ApiProperty({ example: '123456' })
  @MaxLength(20)
  @IsString({ message: 'Enter the 6-digit code' })
  @IsNotEmpty({ message: 'Enter the 6-digit code' })
  otp: string;
}

/** Why an owner did something to another admin's account (kept in the audit log). */
export class AdminReasonDto {
  @ApiProperty()
  @Transform(trim)
  @MaxLength(500)
  @IsString({ message: 'Give a reason' })
  @IsNotEmpty({ message: 'Give a reason' })
  reason: string;
}

export class AdminSignupDto extends EmailDto implements AdminSignupRequest {
  @PersonName('First name') firstName: string;
  @PersonName('Last name') lastName: string;
  @MobilePhone() phone: string;
  @ApiProperty() @IsString() @IsNotEmpty({ message: 'Password is required' }) password: string;
}

export class AdminDecisionDto implements AdminDecisionRequest {
  @ApiPropertyOptional({ enum: ['active', 'declined'] })
  @IsOptional()
  @IsIn(['active', 'declined'], { message: 'Status must be active (approve) or declined' })
  status?: 'active' | 'declined';

  @ApiPropertyOptional({ enum: ADMIN_ROLES })
  @IsOptional()
  @IsIn(ADMIN_ROLES, { message: `Role must be one of ${ADMIN_ROLES.join(', ')}` })
  role?: AdminRole;

  /** Required to change an active admin's role. */
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @MaxLength(500) @IsString() reason?: string;
}
