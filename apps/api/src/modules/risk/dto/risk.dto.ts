import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Clearing or confirming a signal: the reason the audit log keeps (and, for a confirmed listing, its seller reads). */
export class DecideRiskSignalDto {
  @ApiProperty({ maxLength: 500 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Give the reason (the audit log keeps it)' })
  @MaxLength(500)
  reason: string;
}
