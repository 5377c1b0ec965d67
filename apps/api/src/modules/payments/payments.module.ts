import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentTransaction } from './entities/payment-transaction.entity';
import { TestCheckoutPayment } from './entities/test-checkout-payment.entity';
import { PaymentGateway } from './payment-gateway';
import { paystackOrTest } from '../paystack/paystack-or-test';
import { PaystackGateway } from './paystack.gateway';
import { TestCheckoutGateway } from './test-checkout.gateway';

/**
 * The payment provider: Paystack's transaction API, or the built-in test checkout page when no key is set. Starting,
 * verifying and settling a payment move orders and money with it, so they are flows (flows/payments.flow.ts).
 */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentTransaction, TestCheckoutPayment])],
  providers: [
    ...paystackOrTest(PaymentGateway, PaystackGateway, TestCheckoutGateway, 'payments use the built-in TEST checkout page', 'Payments'),
  ],
  exports: [PaymentGateway, TestCheckoutGateway],
})
export class PaymentsModule {}
