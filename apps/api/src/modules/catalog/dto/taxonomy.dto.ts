import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { AdminCategoryRequest, CategoryRequest, CommissionRequest } from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CategoryDto implements CategoryRequest {
  @ApiProperty() @Transform(trim) @MaxLength(80) @IsString() @IsNotEmpty({ message: 'Category name is required' }) categoryName: string;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) position?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt({ message: 'Parent category must be a category id' }) parentCategoryID?: number | null;
  @ApiPropertyOptional({ enum: ['active', 'inactive'] }) @IsOptional() @IsIn(['active', 'inactive']) status?: 'active' | 'inactive';
}

/** The back office may send `name` for `categoryName` (the spec's admin table reads the name as `name`). */
export class AdminCategoryDto implements AdminCategoryRequest {
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(80) categoryName?: string;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(80) name?: string;
  @ApiPropertyOptional() @Transform(trim) @IsOptional() @IsString() @MaxLength(500) description?: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(0) position?: number;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt({ message: 'Parent category must be a category id' }) parentCategoryID?: number | null;
  @ApiPropertyOptional({ enum: ['active', 'inactive'] }) @IsOptional() @IsIn(['active', 'inactive']) status?: 'active' | 'inactive';
}

export class CommissionDto implements CommissionRequest {
  @ApiProperty() @Transform(trim) @MaxLength(2000) @IsString() @IsNotEmpty({ message: 'Note is required' }) note: string;
}
