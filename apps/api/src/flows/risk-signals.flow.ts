import { Injectable, OnModuleInit } from '@nestjs/common';
import { ListingPosted } from '../modules/catalog/listing-posted';
import { ChatWarned } from '../modules/conversations/chat-warned';
import { WithdrawalAsked, WithdrawalHold } from '../modules/money/withdrawal-risk';
import { ListingReported } from '../modules/reports/listing-reported';
import { RiskService } from '../modules/risk/risk.service';

/**
 * The risk rules where their facts arise (docs/trust.md: The risk queue): a listing posted, a warned chat message, a
 * listing reported, a withdrawal asked. Each signal is recorded in the transaction of the act itself, so the signal and
 * the act cannot part: the module where the act happens calls its port inside its transaction, and this flow serves
 * the port with the risk module's rule. Catalog, chat, reports and money never import risk.
 */
@Injectable()
export class RiskSignalsFlow implements OnModuleInit {
  constructor(
    private readonly risk: RiskService,
    private readonly listingPosted: ListingPosted,
    private readonly chatWarned: ChatWarned,
    private readonly listingReported: ListingReported,
    private readonly withdrawalAsked: WithdrawalAsked,
    private readonly withdrawalHold: WithdrawalHold,
  ) {}

  onModuleInit(): void {
    this.listingPosted.handle((em, productId) => this.risk.listingPosted(em, productId));
    this.chatWarned.handle((em, senderId) => this.risk.chatWarned(em, senderId));
    this.listingReported.handle((em, productId, sellerId, report) => this.risk.listingReported(em, productId, sellerId, report));
    this.withdrawalAsked.handle((userId) => this.risk.withdrawalAsked(userId));
    this.withdrawalHold.handle((em, userId) => this.risk.assertNoWithdrawalHold(em, userId));
  }
}
