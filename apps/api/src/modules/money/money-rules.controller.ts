import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { MoneyRules } from '@kasuwa/contracts';
import { Public } from '../../common/auth.decorators';
import { APP_CONFIG, AppConfig } from '../../config/app.config';

/** The escrow and ship-by rules as configured: what the policy pages, the FAQ and the order page state. */
export function moneyRulesOf(cfg: AppConfig): MoneyRules {
  return {
    releaseAfterSeconds: cfg.money.releaseAfterSeconds,
    shipBySeconds: cfg.money.shipBySeconds,
    releaseReminderSeconds: cfg.money.releaseReminderSeconds,
  };
}

/** Anyone may read the rules (they are the public refund policy's numbers). */
@ApiTags('money')
@Controller('money/rules')
export class MoneyRulesController {
  constructor(@Inject(APP_CONFIG) private readonly cfg: AppConfig) {}

  @Get()
  @Public()
  rules(): { data: MoneyRules } {
    return { data: moneyRulesOf(this.cfg) };
  }
}
