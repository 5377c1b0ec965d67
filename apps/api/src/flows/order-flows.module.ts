import { Module } from '@nestjs/common';
import { LocationsModule } from '../modules/locations/locations.module';
import { MoneyModule } from '../modules/money/money.module';
import { OrdersModule } from '../modules/orders/orders.module';
import { CheckoutController } from './checkout.controller';
import { CheckoutFlow } from './checkout.flow';
import { HandoverController } from './handover.controller';
import { HandoverFlow } from './handover.flow';
import { OrderClockFlow } from './order-clock.flow';
import { OrderReceiptFlow } from './order-receipt.flow';
import { AdminOrderStatusController, OrderStatusController } from './order-status.controller';
import { OrderStatusFlow } from './order-status.flow';
import { PayOnDeliveryAdminController, PayOnDeliveryController } from './pay-on-delivery.controller';
import { PayOnDeliveryFlow } from './pay-on-delivery.flow';

/**
 * The order flows (docs/api-conventions.md: Flows and pages): an order's writes that move money with it, each in one transaction
 * over orders' and money's tables. Checkout freezes the commission rates; a status change, the buyer's receipt or the
 * handover code moves the escrow; pay on delivery posts the seller's commission debt; the order clock cancels and
 * refunds, or completes and releases, on the deadlines. Orders and money import neither each other nor this module.
 */
@Module({
  imports: [OrdersModule, MoneyModule, LocationsModule],
  controllers: [
    CheckoutController,
    OrderStatusController,
    AdminOrderStatusController,
    HandoverController,
    PayOnDeliveryController,
    PayOnDeliveryAdminController,
  ],
  providers: [CheckoutFlow, OrderStatusFlow, OrderReceiptFlow, HandoverFlow, PayOnDeliveryFlow, OrderClockFlow],
})
export class OrderFlowsModule {}
