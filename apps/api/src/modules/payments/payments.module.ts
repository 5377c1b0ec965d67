import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { OrdersModule } from '../orders/orders.module';
import { PaymentTransaction } from './entities/payment-transaction.entity';
import { TestCheckoutPayment } from './entities/test-checkout-payment.entity';
import { PaymentGateway } from './payment-gateway';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaystackGateway } from './paystack.gateway';
import { SettlementService } from './settlement.service';
import { TestCheckoutController } from './test-checkout.controller';
import { TestCheckoutGateway } from './test-checkout.gateway';

@Module({
  imports: [TypeOrmModule.forFeature([PaymentTransaction, TestCheckoutPayment]), OrdersModule],
  controllers: [PaymentsController, TestCheckoutController],
  providers: [
    PaystackGateway,
    TestCheckoutGateway,
    {
      // Paystack when a secret key is configured; otherwise the built-in test checkout (DECISIONS.md).
      provide: PaymentGateway,
      inject: [APP_CONFIG, PaystackGateway, TestCheckoutGateway],
      useFactory: (cfg: AppConfig, paystack: PaystackGateway, test: TestCheckoutGateway) => {
        if (cfg.paystack.secretKey) return paystack;
        if (cfg.app.nodeEnv === 'production') Logger.warn('PAYSTACK_SECRET_KEY is not set: payments use the built-in TEST checkout page', 'Payments');
        return test;
      },
    },
    SettlementService,
    PaymentsService,
  ],
  exports: [PaymentsService, SettlementService],
})
export class PaymentsModule {}
