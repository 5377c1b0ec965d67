import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  type CreateReportRequest,
  type DecideReportRequest,
  type ReportAction,
  type ReportReason,
  type ReportTargetType,
} from '@kasuwa/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateReportDto implements CreateReportRequest {
  @ApiProperty({ enum: REPORT_TARGET_TYPES })
  @IsIn(REPORT_TARGET_TYPES, { message: 'Report a listing, a user or a conversation' })
  targetType: ReportTargetType;
  @ApiProperty()
  @IsInt({ message: 'targetId must be an id' })
  @Min(1, { message: 'targetId must be an id' })
  @Max(2_147_483_647, { message: 'targetId must be an id' })
  targetId: number;
  @ApiProperty({ enum: REPORT_REASONS }) @IsIn(REPORT_REASONS, { message: 'Choose a reason' }) reason: ReportReason;
  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @Transform(trim) @IsString() @MaxLength(2000) text?: string;
}

export class DecideReportDto implements DecideReportRequest {
  @ApiProperty({ enum: REPORT_ACTIONS })
  @IsIn(REPORT_ACTIONS, { message: 'Choose block listing, suspend user or dismiss' })
  action: ReportAction;
  @ApiProperty({ maxLength: 500 })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Give the reason (the reporter is told)' })
  @MaxLength(500)
  reason: string;
}
