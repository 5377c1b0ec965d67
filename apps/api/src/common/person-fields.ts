import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

// The checks below are listed in the order they run: a field's answer is its first failing check's message (as with
// stacked decorators, which run from the bottom up).

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Nigerian mobile numbers: 0803…, 234803…, +234803… (digits only after an optional +). */
export const NG_PHONE = /^(?:\+?234|0)[789][01]\d{8}$/;
export const NG_PHONE_MESSAGE = 'Enter a Nigerian phone number, e.g. 08031234567';
/** Spaces, brackets and dashes as people type them are dropped before the number is checked. */
export const normalisePhone = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/[\s()-]/g, '') : value);

/**
 * A person's first or last name where it must be given (sign-up, the profile, an admin's request to join): trimmed, at
 * most 80 characters, with the message the forms show.
 */
export const PersonName = (label: 'First name' | 'Last name') =>
  applyDecorators(IsNotEmpty({ message: `${label} is required` }), IsString(), MaxLength(80), Transform(trim), ApiProperty());

/** A Nigerian mobile number that must be given (the profile, an admin's request to join). */
export const MobilePhone = () =>
  applyDecorators(
    Matches(NG_PHONE, { message: NG_PHONE_MESSAGE }),
    IsNotEmpty({ message: 'Phone number is required' }),
    IsString(),
    Transform(normalisePhone),
    ApiProperty(),
  );
