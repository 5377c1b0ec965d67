import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { RiskSignalEntity } from './entities/risk-signal.entity';
import { RiskAdminService } from './risk-admin.service';
import { RiskService } from './risk.service';
import { RiskSignalsAdminController } from './risk-signals.admin.controller';

/** The risk rules and holds: global, so the modules where the facts arise (catalogue, money, chat, reports) call them. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([RiskSignalEntity])],
  providers: [RiskService],
  exports: [RiskService],
})
export class RiskModule {}

/** The back office's risk queue: list, clear, confirm (a confirmed listing is blocked by the catalogue's moderation). */
@Module({
  imports: [CatalogModule],
  controllers: [RiskSignalsAdminController],
  providers: [RiskAdminService],
})
export class RiskAdminModule {}
