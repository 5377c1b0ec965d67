import { Module } from '@nestjs/common';
import { MoneyModule } from '../modules/money/money.module';
import { OrdersModule } from '../modules/orders/orders.module';
import { AdminOrderStatusController, OrderStatusController } from './order-status.controller';
import { OrderStatusFlow } from './order-status.flow';

/**
 * The order flows (docs/api-conventions.md: Flows): an order's writes that move money with it, in one transaction
 * over orders' and money's tables. Orders and money import neither each other nor this module.
 */
@Module({
  imports: [OrdersModule, MoneyModule],
  controllers: [OrderStatusController, AdminOrderStatusController],
  providers: [OrderStatusFlow],
})
export class OrderFlowsModule {}
