import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MoneyModule } from '../money/money.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentTransaction } from './entities/payment-transaction.entity';
import { TestCheckoutPayment } from './entities/test-checkout-payment.entity';
import { PaymentGateway } from './payment-gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { paystackOrTest } from '../paystack/paystack-or-test';
import { PaystackGateway } from './paystack.gateway';
import { SettlementService } from './settlement.service';
import { TestCheckoutController } from './test-checkout.controller';
import { TestCheckoutGateway } from './test-checkout.gateway';

@Module({
  imports: [TypeOrmModule.forFeature([PaymentTransaction, TestCheckoutPayment]), OrdersModule, MoneyModule],
  controllers: [PaymentsController, TestCheckoutController],
  providers: [
    ...paystackOrTest(PaymentGateway, PaystackGateway, TestCheckoutGateway, 'payments use the built-in TEST checkout page', 'Payments'),
    SettlementService,
    PaymentsService,
  ],
  exports: [PaymentsService, SettlementService],
})
export class PaymentsModule {}
