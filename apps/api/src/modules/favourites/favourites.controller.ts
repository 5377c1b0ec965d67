import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FavouriteIdsResponse, FavouritesResponse } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { pathId } from '../../common/path-id';
import { MergeFavouritesDto } from './dto/favourites.dto';
import { FavouritesService } from './favourites.service';

const productId = (raw: string) => pathId(raw, 'PRODUCT_NOT_FOUND', 'Product not found.');

/** The signed-in user's saved items (the favourite heart and the Saved items page). */
@ApiTags('favourites')
@Controller('favourites')
@UserAuth()
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @Get()
  async list(@CurrentActor() actor: Actor): Promise<FavouritesResponse> {
    const [productIds, products] = await Promise.all([this.favourites.ids(actor.id), this.favourites.products(actor.id)]);
    return { data: { productIds, products } };
  }

  @Put(':productId')
  async add(@CurrentActor() actor: Actor, @Param('productId') id: string): Promise<FavouriteIdsResponse> {
    return { message: 'Saved', data: { productIds: await this.favourites.add(actor.id, productId(id)) } };
  }

  @Delete(':productId')
  async remove(@CurrentActor() actor: Actor, @Param('productId') id: string): Promise<FavouriteIdsResponse> {
    return { message: 'Removed from saved items', data: { productIds: await this.favourites.remove(actor.id, productId(id)) } };
  }

  /** The device's favourites, merged at sign-in. */
  @Post('merge')
  @HttpCode(200)
  async merge(@CurrentActor() actor: Actor, @Body() dto: MergeFavouritesDto): Promise<FavouriteIdsResponse> {
    return { message: 'Favourites merged', data: { productIds: await this.favourites.merge(actor.id, dto.productIds) } };
  }
}
