import { Module } from '@nestjs/common';
import { AdminTransactionsController } from './transactions.admin.controller';
import { InnerAdminTransactionsController } from './transactions.inner-admin.controller';
import { TransactionsService } from './transactions.service';

@Module({
  controllers: [InnerAdminTransactionsController, AdminTransactionsController],
  providers: [TransactionsService],
  exports: [TransactionsService],
})
export class TransactionsModule {}
