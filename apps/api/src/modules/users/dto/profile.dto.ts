import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import {
  GENDERS,
  type AdminUpdateUserRequest,
  type ContactChannelsRequest,
  type DeleteAccountRequest,
  type Gender,
  type UpdateProfileRequest,
} from '@kasuwa/contracts';
import { MobilePhone, NG_PHONE, NG_PHONE_MESSAGE, normalisePhone, PersonName } from '../../../common/person-fields';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class UpdateProfileDto implements UpdateProfileRequest {
  @PersonName('First name') firstName: string;
  @PersonName('Last name') lastName: string;
  @ApiProperty({ enum: GENDERS }) @IsIn(GENDERS, { message: 'Gender must be Male or Female' }) gender: Gender;
  @MobilePhone() phone: string;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(100) bankName?: string;
  @ApiPropertyOptional()
  @Transform(trim)
  @IsOptional()
  @ValidateIf((o) => o.bankAccountNumber !== '')
  @Matches(/^\d{10}$/, { message: 'Account number must be 10 digits' })
  bankAccountNumber?: string;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(120) bankAccountName?: string;
}

export class AdminUpdateUserDto implements AdminUpdateUserRequest {
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @MaxLength(80) @IsString() @IsNotEmpty() firstName?: string;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @MaxLength(80) @IsString() @IsNotEmpty() lastName?: string;
  @ApiPropertyOptional()
  @Transform(normalisePhone)
  @IsOptional()
  @ValidateIf((o) => o.phone !== '' && o.phone !== null)
  @Matches(NG_PHONE, { message: NG_PHONE_MESSAGE })
  phone?: string | null;
  @ApiPropertyOptional({ enum: GENDERS }) @IsOptional() @IsIn([...GENDERS, null]) gender?: Gender | null;
  @ApiPropertyOptional({ enum: ['active', 'suspended'] })
  @IsOptional()
  @IsIn(['active', 'suspended'], { message: 'Status must be active or suspended' })
  status?: 'active' | 'suspended';
  /** Why (required to suspend; kept in the audit log). */
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @MaxLength(500) @IsString() reason?: string;
}

/** An optional reason in a body (DELETE), checked like any other field. */
export class ReasonDto {
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @MaxLength(500) @IsString() reason?: string;
}

export class DeleteAccountDto implements DeleteAccountRequest {
  @ApiProperty({ example: 'DELETE ACCOUNT' }) @IsString({ message: 'Type DELETE ACCOUNT to confirm' }) confirm: string;
}

const blankToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);
const HANDLE = /^@?[A-Za-z0-9_.]{1,30}$/;

/** The Add Contact dialog: each channel optional; an empty value removes it. */
export class ContactChannelsDto implements ContactChannelsRequest {
  @ApiPropertyOptional({ example: '08031234567' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/[\s()-]/g, '') || undefined : value))
  @Matches(/^(?:\+?234|0)[789][01]\d{8}$/, { message: 'Enter a Nigerian WhatsApp number, e.g. 08031234567' })
  WhatsApp?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'Enter a valid email address' })
  Email?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(HANDLE, { message: 'Enter an Instagram username, e.g. @kasuwa' })
  Instagram?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(HANDLE, { message: 'Enter a Twitter/X username, e.g. @kasuwa' })
  Twitter?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(blankToUndefined)
  @IsString()
  @MaxLength(200)
  @Matches(/^(https:\/\/(www\.|m\.)?facebook\.com\/[A-Za-z0-9_.\-/?=]+|[A-Za-z0-9.]{5,50})$/, {
    message: 'Enter a Facebook username or a facebook.com link',
  })
  Facebook?: string;
}
