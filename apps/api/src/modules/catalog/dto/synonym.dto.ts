import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';
import type { SynonymRequest } from '@kasuwa/contracts';
import { normalizeTerm } from '../search-query';

/** Accepts a list or one comma-separated string; each term is normalised ("Aso-Oke" → "aso oke"), blanks and repeats dropped. */
const toTerms = ({ value }: { value: unknown }) => {
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list)) return value;
  return [...new Set(list.map((t) => (typeof t === 'string' ? normalizeTerm(t) : t)).filter((t) => t !== ''))];
};

/** Body of `POST`/`PUT /api/admin/synonyms`. */
export class SynonymDto implements SynonymRequest {
  @ApiProperty({
    type: [String],
    example: ['okada', 'motorcycle', 'motorbike'],
    description: 'words or short phrases that mean the same; a comma-separated string is accepted too',
  })
  @Transform(toTerms)
  @IsArray({ message: 'Terms must be a list of words' })
  @ArrayMinSize(2, { message: 'Give at least two terms that mean the same thing' })
  @ArrayMaxSize(20, { message: 'At most 20 terms in one group' })
  @IsString({ each: true, message: 'Each term must be text' })
  @MaxLength(40, { each: true, message: 'Each term must be at most 40 characters' })
  @Matches(/^[a-z0-9]+( [a-z0-9]+){0,2}$/, { each: true, message: 'Each term must be one to three words of letters or digits' })
  terms: string[];
}
