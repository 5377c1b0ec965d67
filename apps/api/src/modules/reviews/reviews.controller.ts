import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Review } from '@kasuwa/contracts';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { pathId } from '../../common/path-id';
import { CreateReviewDto, ReplyReviewDto, UpdateReviewDto } from './dto/reviews.dto';
import { REVIEW_NOT_FOUND, ReviewsService } from './reviews.service';

export const reviewId = (raw: string) => pathId(raw, 'REVIEW_NOT_FOUND', REVIEW_NOT_FOUND);

/** Buyers rate the seller of a completed order; sellers reply. */
@ApiTags('reviews')
@Controller('reviews')
@UserAuth()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Post()
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateReviewDto): Promise<{ message: string; data: Review }> {
    return { message: 'Thanks for rating the seller', data: await this.reviews.create(actor.id, dto) };
  }

  /** The caller's review of one of their orders (`data: null` when not rated yet). */
  @Get('order/:orderId')
  async forOrder(@CurrentActor() actor: Actor, @Param('orderId') orderId: string): Promise<{ data: Review | null }> {
    return { data: await this.reviews.forOrder(actor.id, pathId(orderId, 'ORDER_NOT_FOUND', 'Order not found.')) };
  }

  @Patch(':id')
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: UpdateReviewDto,
  ): Promise<{ message: string; data: Review }> {
    return { message: 'Review updated', data: await this.reviews.update(actor.id, reviewId(id), dto) };
  }

  @Post(':id/reply')
  async reply(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() dto: ReplyReviewDto,
  ): Promise<{ message: string; data: Review }> {
    return { message: 'Reply posted', data: await this.reviews.reply(actor.id, reviewId(id), dto.text) };
  }
}
