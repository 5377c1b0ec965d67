import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { pathId } from '../../common/path-id';
import { RefundRequestsService } from './refund-requests.service';

/** Where a buyer's refund request stands, for the order's buyer and seller (admins decide it in the back office). */
@ApiTags('orders')
@Controller('orders/:id/refund-request')
export class RefundRequestsController {
  constructor(private readonly requests: RefundRequestsService) {}

  @Get()
  @UserAuth()
  async get(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return { data: await this.requests.forOrder(actor.id, pathId(id, 'REFUND_REQUEST_NOT_FOUND', 'This order has no refund request.')) };
  }
}
