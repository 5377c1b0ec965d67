import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ProductQueryDto } from '../../catalog/dto/product.dto';

/** `CreateSavedSearchRequest`: the results page's filters (`type`/`condition` `all` means no filter) (validated as the search validates them) and an optional label. */
export class CreateSavedSearchDto extends PickType(ProductQueryDto, [
  'search',
  'category',
  'stateId',
  'cityId',
  'type',
  'condition',
  'minPrice',
  'maxPrice',
] as const) {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(200)
  label?: string;
}
