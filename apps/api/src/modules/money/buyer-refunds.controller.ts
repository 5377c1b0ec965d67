import { Body, Controller, Get, Param, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { pathId } from '../../common/path-id';
import { AccountLookupLimitGuard } from './account-lookup-limit.guard';
import { BuyerRefundsService } from './buyer-refunds.service';
import { ResolveAccountDto } from './dto/money.dto';

/** The buyer's refunds of an order, and the bank account for one Paystack cannot send back alone (bank transfer / USSD). */
@ApiTags('orders')
@Controller('orders/:id')
@UserAuth()
export class BuyerRefundsController {
  constructor(private readonly refunds: BuyerRefundsService) {}

  @Get('refunds')
  async list(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return { data: await this.refunds.forOrder(actor.id, pathId(id, 'ORDER_NOT_FOUND', 'Order not found')) };
  }

  /** Resolves the holder's name like a payout account, so it counts against the same account-lookup limits. */
  @Post('refund-account')
  @UseGuards(AccountLookupLimitGuard)
  async giveAccount(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ResolveAccountDto) {
    const data = await this.refunds.giveAccount(
      actor.id,
      pathId(id, 'ORDER_NOT_FOUND', 'Order not found'),
      dto.bankCode,
      dto.accountNumber,
    );
    return { message: 'Thank you: your refund is on its way to this account.', data };
  }
}
