import { Module } from '@nestjs/common';
import { CatalogModule } from '../modules/catalog/catalog.module';
import { OrdersModule } from '../modules/orders/orders.module';
import { UsersModule } from '../modules/users/users.module';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionFlow } from './account-deletion.flow';
import { ListingOffSaleFlow } from './listing-off-sale.flow';
import { OrderFlowsModule } from './order-flows.module';
import { RiskDecisionFlow } from './risk-decision.flow';
import { RiskSignalsAdminController } from './risk-signals.admin.controller';

/**
 * Flows: writes that cross domain modules (one transaction over several modules' tables, or one module's change
 * driving another's). They sit above the domain modules and import them; a domain module never imports a flow, so
 * the module graph stays free of cycles (module-graph.spec.ts). Endpoints that start such a write live here too,
 * on their usual paths.
 */
@Module({
  imports: [UsersModule, OrdersModule, CatalogModule, OrderFlowsModule],
  controllers: [AccountDeletionController, RiskSignalsAdminController],
  providers: [AccountDeletionFlow, ListingOffSaleFlow, RiskDecisionFlow],
})
export class FlowsModule {}
