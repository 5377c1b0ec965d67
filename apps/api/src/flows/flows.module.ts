import { Module } from '@nestjs/common';
import { CatalogModule } from '../modules/catalog/catalog.module';
import { ConversationsModule } from '../modules/conversations/conversations.module';
import { MoneyModule } from '../modules/money/money.module';
import { OrdersModule } from '../modules/orders/orders.module';
import { ReportsModule } from '../modules/reports/reports.module';
import { RiskModule } from '../modules/risk/risk.module';
import { UsersModule } from '../modules/users/users.module';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountDeletionFlow } from './account-deletion.flow';
import { ListingOffSaleFlow } from './listing-off-sale.flow';
import { OrderFlowsModule } from './order-flows.module';
import { PaymentFlowsModule } from './payment-flows.module';
import { ReportDecisionController } from './report-decision.controller';
import { ReportDecisionFlow } from './report-decision.flow';
import { RiskDecisionFlow } from './risk-decision.flow';
import { RiskSignalsFlow } from './risk-signals.flow';
import { SavedSearchDigestFlow } from './saved-search-digest.flow';
import { RiskSignalsAdminController } from './risk-signals.admin.controller';

/**
 * Flows: writes that cross domain modules (one transaction over several modules' tables, or one module's change
 * driving another's). They sit above the domain modules and import them; a domain module never imports a flow, so
 * the module graph stays free of cycles (module-graph.spec.ts). Endpoints that start such a write live here too,
 * on their usual paths.
 */
@Module({
  imports: [
    UsersModule,
    OrdersModule,
    CatalogModule,
    ReportsModule,
    ConversationsModule,
    MoneyModule,
    RiskModule,
    OrderFlowsModule,
    PaymentFlowsModule,
  ],
  controllers: [AccountDeletionController, RiskSignalsAdminController, ReportDecisionController],
  providers: [AccountDeletionFlow, ListingOffSaleFlow, RiskDecisionFlow, RiskSignalsFlow, ReportDecisionFlow, SavedSearchDigestFlow],
})
export class FlowsModule {}
