import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { MAX_FAVOURITES, type MergeFavouritesRequest } from '@kasuwa/contracts';

export class MergeFavouritesDto implements MergeFavouritesRequest {
  @ApiProperty({ type: [Number], description: 'Product ids saved on the device' })
  @IsArray({ message: 'productIds must be a list of product ids' })
  @ArrayMaxSize(MAX_FAVOURITES, { message: `At most ${MAX_FAVOURITES} favourites at once` })
  @Type(() => Number)
  @IsInt({ each: true, message: 'productIds must be whole numbers' })
  @Min(1, { each: true, message: 'productIds must be whole numbers' })
  @Max(2_147_483_647, { each: true, message: 'productIds must be whole numbers' })
  productIds: number[];
}
