import { Module } from '@nestjs/common';
import { MoneyModule } from '../modules/money/money.module';
import { OrdersModule } from '../modules/orders/orders.module';
import { PaymentsModule } from '../modules/payments/payments.module';
import { TransactionsModule } from '../modules/transactions/transactions.module';
import { PaymentSettlementFlow } from './payment-settlement.flow';
import { PaymentsController, TransactionReverifyController } from './payments.controller';
import { PaymentsFlow } from './payments.flow';
import { TestCheckoutController } from './test-checkout.controller';

/**
 * The payment flows (docs/api-conventions.md: Flows and pages): starting a checkout's payment, and applying what the provider
 * reports (the buyer's verify, Paystack's webhook, an admin's re-verify, the test checkout page). Settling marks the
 * orders paid, holds their money in escrow and tells buyer and sellers, in one transaction; the webhook's transfer and
 * refund events go to money. Payments, orders and money import none of these.
 */
@Module({
  imports: [PaymentsModule, OrdersModule, MoneyModule, TransactionsModule],
  controllers: [PaymentsController, TestCheckoutController, TransactionReverifyController],
  providers: [PaymentsFlow, PaymentSettlementFlow],
})
export class PaymentFlowsModule {}
