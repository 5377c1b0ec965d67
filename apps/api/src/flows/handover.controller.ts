import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';
import { HANDOVER_CODE, type HandoverRequest, type Order, type OrderHandover } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../common/auth.decorators';
import { OrderReceiptFlow } from './order-receipt.flow';
import { orderId } from '../modules/orders/orders.controller';
import { HandoverFlow } from './handover.flow';

export class HandoverDto implements HandoverRequest {
  @ApiProperty({ example: '042917', description: 'The six digits the buyer reads on their order page' })
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
  @IsString({ message: 'Enter the buyer’s six-digit handover code' })
  @Matches(HANDOVER_CODE, { message: 'Enter the buyer’s six-digit handover code' })
  code: string;
}

/** Receiving an order: the buyer's "I received it" and the seller's handover code (one service path). */
@ApiTags('orders')
@Controller('orders')
export class HandoverController {
  constructor(
    private readonly handover: HandoverFlow,
    private readonly receipt: OrderReceiptFlow,
  ) {}

  /** The order's handover code once shipped: the code for its buyer, only the state for its seller. */
  @Get(':id/handover')
  @UserAuth()
  async view(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: OrderHandover | null }> {
    return { data: await this.handover.view(actor, orderId(id)) };
  }

  /** The order's seller enters the buyer's code: the order is received and the seller paid at once. */
  @Post(':id/handover')
  @UserAuth()
  @HttpCode(200)
  async enter(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: HandoverDto): Promise<{ message: string; data: Order }> {
    const { order, released } = await this.handover.enter(actor, orderId(id), dto.code);
    return {
      message: released ? 'Handed over: the order is completed and its money is in your balance.' : 'This order was already received.',
      data: order,
    };
  }

  /** The order's buyer says they have the goods: completed, the seller paid, then the rating. */
  @Post(':id/received')
  @UserAuth()
  @HttpCode(200)
  async received(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ message: string; data: Order }> {
    const { order, completed } = await this.receipt.confirmByBuyer(actor, orderId(id));
    return {
      message: completed ? 'Thank you: the order is completed and the seller is paid.' : 'This order was already received.',
      data: order,
    };
  }
}
