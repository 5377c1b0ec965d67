import { Module } from '@nestjs/common';
import { AdminOrdersController } from './orders.admin.controller';
import { InnerAdminOrdersController } from './orders.inner-admin.controller';
import { CheckoutExpiryService } from './checkout-expiry.service';
import { CheckoutService } from './checkout.service';
import { OrderNotifier } from './order-notifier.service';
import { OrderStatusService } from './order-status.service';
import { OrdersController } from './orders.controller';
import { OrdersQueryService } from './orders-query.service';
import { UnpaidOrderCancellation } from './unpaid-cancellation.service';

@Module({
  controllers: [OrdersController, InnerAdminOrdersController, AdminOrdersController],
  providers: [CheckoutService, OrdersQueryService, OrderStatusService, OrderNotifier, CheckoutExpiryService, UnpaidOrderCancellation],
  exports: [OrdersQueryService, OrderNotifier, CheckoutExpiryService, UnpaidOrderCancellation],
})
export class OrdersModule {}
