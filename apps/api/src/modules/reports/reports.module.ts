import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { RiskModule } from '../risk/risk.module';
import { UsersModule } from '../users/users.module';
import { Report } from './entities/report.entity';
import { ReportTargets } from './report-targets';
import { ReportsAdminController } from './reports.admin.controller';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({
  imports: [TypeOrmModule.forFeature([Report]), CatalogModule, UsersModule, RiskModule],
  controllers: [ReportsController, ReportsAdminController],
  providers: [ReportsService, ReportTargets],
})
export class ReportsModule {}
