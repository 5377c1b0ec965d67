import { Get, Param, ParseIntPipe } from '@nestjs/common';
import { AdminResource } from '../../common/admin-resource';
import { WalletService } from './wallet.service';

/** A seller's balances on the back office's user page: the same figures as their own GET /api/wallet. */
@AdminResource('users')
export class WalletAdminController {
  constructor(private readonly wallet: WalletService) {}

  @Get(':id/wallet')
  async get(@Param('id', ParseIntPipe) id: number) {
    return { data: await this.wallet.forUser(id) };
  }
}
