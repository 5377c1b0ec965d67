import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SellerProfileResponse, SellerReviewsResponse } from '@kasuwa/contracts';
import { Public } from '../../common/auth.decorators';
import { paging } from '../../common/list-query';
import { pathId } from '../../common/path-id';
import { ReviewsService } from './reviews.service';
import { SELLER_NOT_FOUND, SellersService } from './sellers.service';

/** A seller's public shop facts and reviews (the shop page and the product page's seller box). */
@ApiTags('sellers')
@Controller('sellers')
@Public()
export class SellersController {
  constructor(
    private readonly sellers: SellersService,
    private readonly reviews: ReviewsService,
  ) {}

  @Get(':id')
  async get(@Param('id') id: string): Promise<SellerProfileResponse> {
    return { data: await this.sellers.profile(pathId(id, 'SELLER_NOT_FOUND', SELLER_NOT_FOUND)) };
  }

  /** Visible reviews, newest first (`?page&limit`, 10 by default); meta carries the rating and the hidden count. */
  @Get(':id/reviews')
  async list(@Param('id') id: string, @Query('page') page?: string, @Query('limit') limit?: string): Promise<SellerReviewsResponse> {
    const sellerId = await this.sellers.assertSeller(pathId(id, 'SELLER_NOT_FOUND', SELLER_NOT_FOUND));
    const p = paging(page, limit, 10);
    const { rows, rating } = await this.reviews.forSeller(sellerId, p.limit, p.offset);
    return { data: rows, meta: { page: p.page, limit: p.limit, total: rating.count, rating } };
  }
}
