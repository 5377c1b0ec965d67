import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { paging } from '../../common/list-query';
import { WithdrawDto } from './dto/money.dto';
import { payoutView } from './payout.mapper';
import { PayoutsService } from './payouts.service';
import { WalletService } from './wallet.service';
import { RequireStepUp } from '../access/step-up.guard';

/** The seller's Earnings: balances, movements, withdrawals. */
@ApiTags('money')
@Controller('wallet')
@UserAuth()
export class WalletController {
  constructor(
    private readonly wallet: WalletService,
    private readonly payouts: PayoutsService,
  ) {}

  @Get()
  async get(@CurrentActor() actor: Actor) {
    return { data: await this.wallet.wallet(actor.id) };
  }

  @Get('entries')
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async entries(@CurrentActor() actor: Actor, @Query('page') page?: string, @Query('limit') limit?: string) {
    const p = paging(page, limit, 20);
    const { data, total } = await this.wallet.entries(actor.id, p.limit, p.offset);
    return { data, meta: { total, page: p.page, limit: p.limit } };
  }

  @Post('withdraw')
  @RequireStepUp('email', 'phone')
  async withdraw(@CurrentActor() actor: Actor, @Body() dto: WithdrawDto) {
    return { message: 'Withdrawal started', data: payoutView(await this.payouts.withdraw(actor.id, Number(dto.amount))) };
  }
}
