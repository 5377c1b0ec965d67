import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import type { AddressInput } from '@kasuwa/contracts';
import { nigerianE164 } from '../../../common/phone-number';

const INT4_MAX = 2_147_483_647;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Any usual form of a Nigerian mobile number becomes E.164, as verified numbers are kept; anything else stays as sent and fails. */
const toE164 = ({ value }: { value: unknown }) => (typeof value === 'string' ? (nigerianE164(value) ?? value) : value);
/** An empty landmark is no landmark. */
const blankToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
export const PHONE_MESSAGE = 'Enter a Nigerian mobile number, e.g. 0803 123 4567 or +234 803 123 4567';

/** `AddressInput`: a state and an LGA from the lists (the LGA in the state is the service's check), the street, a landmark, a phone. */
export class AddressDto implements AddressInput {
  @ApiProperty({ example: 25 })
  @IsInt({ message: 'Choose a state from the list' })
  @Min(1, { message: 'Choose a state from the list' })
  @Max(INT4_MAX, { message: 'Choose a state from the list' })
  stateId: number;

  @ApiProperty({ example: 250008 })
  @IsInt({ message: 'Choose a local government area from the list' })
  @Min(1, { message: 'Choose a local government area from the list' })
  @Max(INT4_MAX, { message: 'Choose a local government area from the list' })
  lgaId: number;

  @ApiProperty({ example: '12 Admiralty Way, Lekki Phase 1', minLength: 5, maxLength: 200 })
  @Transform(trim)
  @IsString({ message: 'Enter the street address' })
  @Length(5, 200, { message: 'The street address takes 5 to 200 characters' })
  street: string;

  @ApiPropertyOptional({ example: 'Opposite the filling station', maxLength: 120, nullable: true })
  @Transform(blankToNull)
  @IsOptional()
  @IsString({ message: 'The landmark must be text' })
  @MaxLength(120, { message: 'The landmark takes at most 120 characters' })
  landmark?: string | null;

  @ApiProperty({ example: '0803 123 4567', description: 'Stored as E.164 (+2348031234567)' })
  @Transform(toE164)
  @IsString({ message: PHONE_MESSAGE })
  @Matches(/^\+234[789][01]\d{8}$/, { message: PHONE_MESSAGE })
  phone: string;

  /** True makes this the default; false never unsets the default (there is always one: make another the default instead). */
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'isDefault must be true or false' })
  isDefault?: boolean;
}
