import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RiskModule } from '../risk/risk.module';
import { Report } from './entities/report.entity';
import { ReportTargets } from './report-targets';
import { ReportsAdminController } from './reports.admin.controller';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({
  imports: [TypeOrmModule.forFeature([Report]), RiskModule],
  controllers: [ReportsController, ReportsAdminController],
  providers: [ReportsService, ReportTargets],
  exports: [ReportsService],
})
export class ReportsModule {}
