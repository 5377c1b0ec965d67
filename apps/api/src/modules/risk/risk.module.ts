import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RiskSignalEntity } from './entities/risk-signal.entity';
import { RiskService } from './risk.service';

/**
 * The risk rules and holds. The modules where the facts arise (catalogue, money, chat, reports) call them through
 * their ports, served by flows/risk-signals.flow.ts; none of them imports risk.
 * The back office's risk queue decides signals across risk and the catalogue: flows/risk-decision.flow.ts.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RiskSignalEntity])],
  providers: [RiskService],
  exports: [RiskService],
})
export class RiskModule {}
