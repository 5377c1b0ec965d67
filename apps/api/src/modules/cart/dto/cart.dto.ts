import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import type { AddToCartRequest } from '@kasuwa/contracts';

export class CartLineDto implements Readonly<AddToCartRequest['products'][number]> {
  @ApiProperty()
  @Type(() => Number)
  @IsInt({ message: 'productID must be a whole number' })
  @Min(1, { message: 'productID must be a whole number' })
  productID: number;

  /** ≤ 0 removes the line (the product screen rules). */
  @ApiProperty({ description: '≤ 0 removes the line' })
  @Type(() => Number)
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(-1000)
  @Max(1000)
  quantity: number;
}

export class AddToCartDto implements AddToCartRequest {
  @ApiProperty({ type: [CartLineDto] })
  @IsArray({ message: 'products must be a list of {productID, quantity}' })
  @ArrayMinSize(1, { message: 'Add at least one product' })
  @ArrayMaxSize(100, { message: 'At most 100 products at once' })
  @ValidateNested({ each: true })
  @Type(() => CartLineDto)
  products: CartLineDto[];

  /** add (default): quantities are added to the line — also how a guest cart is merged; set: the line becomes this quantity. */
  @ApiPropertyOptional({ enum: ['add', 'set'], default: 'add' })
  @IsOptional()
  @IsIn(['add', 'set'], { message: 'mode must be add or set' })
  mode?: 'add' | 'set';
}
