import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckoutSession } from './entities/checkout-session.entity';
import { OrderItem } from './entities/order-item.entity';
import { OrderStatusHistory } from './entities/order-status-history.entity';
import { Order } from './entities/order.entity';
import { OrderHandover } from './entities/order-handover.entity';
import { AdminOrdersController } from './orders.admin.controller';
import { InnerAdminOrdersController } from './orders.inner-admin.controller';
import { CheckoutExpiryService } from './checkout-expiry.service';
import { OrderNotifier } from './order-notifier.service';
import { OrderTrackingService } from './order-tracking.service';
import { OrdersController } from './orders.controller';
import { OrdersQueryService } from './orders-query.service';
import { UnpaidOrderCancellation } from './unpaid-cancellation.service';
import { LocationsModule } from '../locations/locations.module';
import { DeliveryQuoteController } from './delivery-quote.controller';
import { DeliveryQuoteService } from './delivery-quote.service';

@Module({
  imports: [TypeOrmModule.forFeature([CheckoutSession, Order, OrderItem, OrderStatusHistory, OrderHandover]), LocationsModule],
  controllers: [OrdersController, DeliveryQuoteController, InnerAdminOrdersController, AdminOrdersController],
  providers: [
    DeliveryQuoteService,
    OrdersQueryService,
    OrderNotifier,
    CheckoutExpiryService,
    UnpaidOrderCancellation,
    OrderTrackingService,
  ],
  exports: [OrdersQueryService, OrderNotifier, CheckoutExpiryService, UnpaidOrderCancellation],
})
export class OrdersModule {}
