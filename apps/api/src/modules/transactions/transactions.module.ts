import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module';
import { AdminTransactionsController } from './transactions.admin.controller';
import { InnerAdminTransactionsController } from './transactions.inner-admin.controller';
import { TransactionsService } from './transactions.service';

@Module({
  imports: [PaymentsModule],
  controllers: [InnerAdminTransactionsController, AdminTransactionsController],
  providers: [TransactionsService],
  exports: [TransactionsService],
})
export class TransactionsModule {}
