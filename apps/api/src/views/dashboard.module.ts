import { Module } from '@nestjs/common';
import { OrdersModule } from '../modules/orders/orders.module';
import { DashboardController } from './dashboard.inner-admin.controller';
import { DashboardService } from './dashboard.service';

/**
 * Views: reads that span domain modules and belong to none (the back office's dashboard: accounts, listings, orders
 * and the ledger's figures at once). Like pages/, a layer above the domain modules: it imports them and none imports it.
 */
@Module({
  imports: [OrdersModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
