import { Body, Controller, Delete } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, UserAuth } from '../common/auth.decorators';
import { DeleteAccountDto } from '../modules/users/dto/profile.dto';
import { AccountDeletionFlow } from './account-deletion.flow';

/** The profile's account-deletion endpoint: same path as the rest of /profile, served here because it writes across modules. */
@ApiTags('profile')
@Controller('profile')
@UserAuth()
export class AccountDeletionController {
  constructor(private readonly deletion: AccountDeletionFlow) {}

  /** Deletes the account for good; the body must carry `{ confirm: 'DELETE ACCOUNT' }`. */
  @Delete('me')
  deleteMe(@CurrentActor() actor: Actor, @Body() dto: DeleteAccountDto) {
    return this.deletion.delete(actor.id, dto.confirm);
  }
}
