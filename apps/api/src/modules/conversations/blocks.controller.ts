import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { pathId } from '../../common/path-id';
import { BlocksService } from './blocks.service';

const userId = (raw: string) => pathId(raw, 'USER_NOT_FOUND', 'User not found.');

/** The caller's blocked users: no messages either way while blocked. */
@ApiTags('conversations')
@Controller('blocks')
@UserAuth()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Get()
  async list(@CurrentActor() actor: Actor): Promise<{ data: { userIds: number[] } }> {
    return { data: { userIds: await this.blocks.list(actor.id) } };
  }

  @Put(':userId')
  async block(@CurrentActor() actor: Actor, @Param('userId') id: string): Promise<{ message: string; data: { userIds: number[] } }> {
    return { message: 'User blocked', data: { userIds: await this.blocks.block(actor.id, userId(id)) } };
  }

  @Delete(':userId')
  async unblock(@CurrentActor() actor: Actor, @Param('userId') id: string): Promise<{ message: string; data: { userIds: number[] } }> {
    return { message: 'User unblocked', data: { userIds: await this.blocks.unblock(actor.id, userId(id)) } };
  }
}
