import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module';
import { Clock } from './clock';
import { CommissionRatesService } from './commission-rates.service';
import { DisputesService } from './disputes.service';
import { CommissionRate } from './entities/commission-rate.entity';
import { Dispute } from './entities/dispute.entity';
import { JournalEntry, LedgerAccount, LedgerPosting } from './entities/ledger.entity';
import { Payout, PayoutAccount, Refund, TestGatewayTransfer } from './entities/payout.entity';
import { RefundRequest } from './entities/refund-request.entity';
import { EscrowService } from './escrow.service';
import { LedgerService } from './ledger.service';
import { MoneyAdminService } from './money-admin.service';
import { MoneyEventsService } from './money-events.service';
import { MoneyGateway } from './money-gateway';
import { PayoutAccountService } from './payout-account.service';
import { PayoutsService } from './payouts.service';
import { paystackOrTest } from '../paystack/paystack-or-test';
import { PaystackMoneyGateway } from './paystack-money.gateway';
import { RefundRequestsController } from './refund-requests.controller';
import { RefundRequestsService } from './refund-requests.service';
import { RefundsService } from './refunds.service';
import { TestMoneyGateway } from './test-money.gateway';
import { WalletService } from './wallet.service';
import { WithdrawalAsked, WithdrawalHold } from './withdrawal-risk';
import { BanksController, PayoutAccountController } from './payout-account.controller';
import { WalletController } from './wallet.controller';
import { DisputesController } from './disputes.controller';
import { CommissionRatesAdminController } from './commission-rates.admin.controller';
import { PayoutsAdminController } from './payouts.admin.controller';
import { RefundsAdminController } from './refunds.admin.controller';
import { RefundRequestsAdminController } from './refund-requests.admin.controller';
import { WalletAdminController } from './wallet.admin.controller';
import { DisputesAdminController } from './disputes.admin.controller';
import { LedgerAdminController } from './ledger.admin.controller';
import { ReconciliationAdminController } from './reconciliation.admin.controller';
import { ReconciliationService } from './reconciliation.service';
import { MoneyRulesController } from './money-rules.controller';
import { BuyerRefundsController } from './buyer-refunds.controller';
import { BuyerRefundsService } from './buyer-refunds.service';

/**
 * Money to sellers: ledger, commission rates, escrow, payout accounts, payouts, refunds, disputes.
 * The flows that move an order's money (checkout, settlement, status changes, receipt, pay on delivery, the order clock:
 * docs/api-conventions.md, Flows and pages) import it and post to the ledger in their own transactions.
 */
@Module({
  imports: [
    MailModule,
    TypeOrmModule.forFeature([
      LedgerAccount,
      JournalEntry,
      LedgerPosting,
      CommissionRate,
      PayoutAccount,
      Payout,
      Refund,
      RefundRequest,
      Dispute,
      TestGatewayTransfer,
    ]),
  ],
  controllers: [
    BanksController,
    PayoutAccountController,
    WalletController,
    DisputesController,
    CommissionRatesAdminController,
    PayoutsAdminController,
    RefundsAdminController,
    RefundRequestsAdminController,
    RefundRequestsController,
    BuyerRefundsController,
    WalletAdminController,
    DisputesAdminController,
    LedgerAdminController,
    ReconciliationAdminController,
    MoneyRulesController,
  ],
  providers: [
    Clock,
    LedgerService,
    ...paystackOrTest(MoneyGateway, PaystackMoneyGateway, TestMoneyGateway, 'payouts and refunds are simulated (test mode)', 'Money'),
    CommissionRatesService,
    EscrowService,
    PayoutsService,
    RefundsService,
    RefundRequestsService,
    BuyerRefundsService,
    PayoutAccountService,
    WalletService,
    DisputesService,
    MoneyEventsService,
    MoneyAdminService,
    ReconciliationService,
    WithdrawalAsked,
    WithdrawalHold,
  ],
  exports: [
    WithdrawalAsked,
    WithdrawalHold,
    Clock,
    LedgerService,
    EscrowService,
    RefundsService,
    RefundRequestsService,
    CommissionRatesService,
    MoneyEventsService,
    PayoutsService,
  ],
})
export class MoneyModule {}
