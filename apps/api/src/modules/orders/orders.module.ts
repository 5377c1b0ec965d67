import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CheckoutSession } from './entities/checkout-session.entity';
import { OrderItem } from './entities/order-item.entity';
import { OrderStatusHistory } from './entities/order-status-history.entity';
import { Order } from './entities/order.entity';
import { OrderHandover } from './entities/order-handover.entity';
import { HandoverController } from './handover/handover.controller';
import { HandoverService } from './handover/handover.service';
import { OrderReceiptService } from './order-receipt.service';
import { AdminOrdersController } from './orders.admin.controller';
import { InnerAdminOrdersController } from './orders.inner-admin.controller';
import { CheckoutExpiryService } from './checkout-expiry.service';
import { CheckoutService } from './checkout.service';
import { OrderClockService } from './order-clock.service';
import { OrderNotifier } from './order-notifier.service';
import { OrderTrackingService } from './order-tracking.service';
import { PayOnDeliveryService } from './pay-on-delivery.service';
import { PayOnDeliveryAdminController } from './pay-on-delivery.admin.controller';
import { OrdersController } from './orders.controller';
import { OrdersQueryService } from './orders-query.service';
import { UnpaidOrderCancellation } from './unpaid-cancellation.service';
import { LocationsModule } from '../locations/locations.module';
import { MoneyModule } from '../money/money.module';
import { DeliveryQuoteController } from './delivery-quote.controller';
import { DeliveryQuoteService } from './delivery-quote.service';

@Module({
  imports: [TypeOrmModule.forFeature([CheckoutSession, Order, OrderItem, OrderStatusHistory, OrderHandover]), LocationsModule, MoneyModule],
  controllers: [
    OrdersController,
    DeliveryQuoteController,
    HandoverController,
    InnerAdminOrdersController,
    AdminOrdersController,
    PayOnDeliveryAdminController,
  ],
  providers: [
    CheckoutService,
    DeliveryQuoteService,
    OrdersQueryService,
    OrderNotifier,
    CheckoutExpiryService,
    UnpaidOrderCancellation,
    OrderReceiptService,
    HandoverService,
    OrderClockService,
    OrderTrackingService,
    PayOnDeliveryService,
  ],
  exports: [OrdersQueryService, OrderNotifier, CheckoutExpiryService, UnpaidOrderCancellation, OrderClockService, HandoverService],
})
export class OrdersModule {}
