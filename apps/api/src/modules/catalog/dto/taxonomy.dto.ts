import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { AttributeDefinition } from '@kasuwa/contracts';
import type { AdminCategoryRequest, CategoryRequest, CommissionRequest } from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** What a category carries besides its name, the same from the seller-facing and the back-office forms. */
abstract class CategoryFields {
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) position?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt({ message: 'Parent category must be a category id' }) parentCategoryID?:
    number | null;
  @ApiPropertyOptional({ enum: ['active', 'inactive'] }) @IsOptional() @IsIn(['active', 'inactive']) status?: 'active' | 'inactive';
  /** Checked in full by readDefinitions (category-attributes.ts): each problem a 422 naming it. */
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object' },
    description: '[{ key, label, type: choice|number|year|text, unit?, values?, required? }]',
  })
  @IsOptional()
  @IsArray({ message: 'Attributes must be a list' })
  attributes?: AttributeDefinition[];
}

export class CategoryDto extends CategoryFields implements CategoryRequest {
  @ApiProperty() @Transform(trim) @MaxLength(80) @IsString() @IsNotEmpty({ message: 'Category name is required' }) categoryName: string;
}

/** The back office may send `name` for `categoryName` (the product's admin table reads the name as `name`). */
export class AdminCategoryDto extends CategoryFields implements AdminCategoryRequest {
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(80) categoryName?: string;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(80) name?: string;
}

export class CommissionDto implements CommissionRequest {
  @ApiProperty() @Transform(trim) @MaxLength(2000) @IsString() @IsNotEmpty({ message: 'Note is required' }) note: string;
}
