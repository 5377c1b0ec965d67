import { Body, Controller, Get, Post, Put, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, Public, UserAuth } from '../../common/auth.decorators';
import { AccountLookupLimitGuard } from './account-lookup-limit.guard';
import { RequireStepUp } from '../access/step-up.guard';
import { AutoPayoutDto, ResolveAccountDto, SavePayoutAccountDto } from './dto/money.dto';
import { PayoutAccountService } from './payout-account.service';

/** Paystack's Nigerian banks (cached), for the Bank Details form: name, code and slug (Paystack's bank id stays on the server). */
@ApiTags('money')
@Controller('banks')
export class BanksController {
  constructor(private readonly accounts: PayoutAccountService) {}

  @Get()
  @Public()
  async list() {
    return { data: (await this.accounts.banks()).map(({ name, code, slug }) => ({ name, code, slug })) };
  }
}

/** The seller's payout account (Bank Details). */
@ApiTags('money')
@Controller('profile/payout-account')
@UserAuth()
export class PayoutAccountController {
  constructor(private readonly accounts: PayoutAccountService) {}

  @Get()
  async get(@CurrentActor() actor: Actor) {
    return { data: await this.accounts.get(actor.id) };
  }

  /** The account name the bank holds, to confirm before saving (limited and cached: each is a holder's name). */
  @Post('resolve')
  @UseGuards(AccountLookupLimitGuard)
  resolve(@Body() dto: ResolveAccountDto) {
    return this.accounts.resolve(dto.bankCode, dto.accountNumber);
  }

  /** The Earnings tab's "automatic daily payout" switch. */
  @Put('auto-payout')
  async autoPayout(@CurrentActor() actor: Actor, @Body() dto: AutoPayoutDto) {
    return {
      message: dto.enabled ? 'Automatic daily payout on' : 'Automatic daily payout off',
      data: await this.accounts.setAutoPayout(actor.id, dto.enabled),
    };
  }

  /** Saving resolves the name again (and answers it), so it counts as a lookup too; a step-up code comes first. */
  @Put()
  @UseGuards(AccountLookupLimitGuard)
  @RequireStepUp('phone')
  async save(@CurrentActor() actor: Actor, @Body() dto: SavePayoutAccountDto) {
    return { message: 'Payout account saved', data: await this.accounts.save(actor.id, dto.bankCode, dto.accountNumber) };
  }
}
