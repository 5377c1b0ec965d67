import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CartResponse } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { AddToCartDto } from './dto/cart.dto';
import { CartService, withTotal } from './cart.service';

/** The signed-in user's server cart (the product cart calls). */
@ApiTags('cart')
@Controller('products/cart')
@UserAuth()
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Post()
  @HttpCode(200)
  async add(@CurrentActor() actor: Actor, @Body() dto: AddToCartDto): Promise<CartResponse> {
    const { notices, ...data } = await this.cart.add(actor.id, dto.products, dto.mode ?? 'add');
    return { message: notices.length ? notices.map((n) => n.message).join(' ') : 'Cart updated', data, notices };
  }

  @Get('items')
  async items(@CurrentActor() actor: Actor): Promise<CartResponse> {
    return { data: await this.cart.cart(actor.id) };
  }

  @Put('remove/:cartItemId')
  async remove(@CurrentActor() actor: Actor, @Param('cartItemId', ParseIntPipe) id: number): Promise<CartResponse> {
    return { message: 'Item removed successfully', data: await this.cart.remove(actor.id, id) };
  }

  @Put('empty')
  async empty(@CurrentActor() actor: Actor): Promise<CartResponse> {
    await this.cart.empty(actor.id);
    return { message: 'Cart cleared successfully', data: withTotal([]) };
  }
}
