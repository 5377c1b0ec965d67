import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Report } from './entities/report.entity';
import { ListingReported } from './listing-reported';
import { ReportTargets } from './report-targets';
import { ReportsAdminController } from './reports.admin.controller';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({
  imports: [TypeOrmModule.forFeature([Report])],
  controllers: [ReportsController, ReportsAdminController],
  providers: [ReportsService, ReportTargets, ListingReported],
  exports: [ReportsService, ListingReported],
})
export class ReportsModule {}
