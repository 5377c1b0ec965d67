import { Body, Get, Param, Put, Res } from '@nestjs/common';
import type { FastifyReply as Response } from 'fastify';
import type { AdminReview } from '@kasuwa/contracts';
import { Actor, CurrentActor } from '../../common/auth.decorators';
import { AdminResource } from '../../common/admin-resource';
import { filterId, filterIds, listAnswer, ListParams, SimpleRestList } from '../../common/list-query';
import { ModerateReviewDto } from './dto/reviews.dto';
import { reviewId } from './reviews.controller';
import { ReviewsService } from './reviews.service';

/** Back-office reviews in ra-data-simple-rest conventions: list, show, and PUT to hide or restore with a reason. */
@AdminResource('reviews')
export class ReviewsAdminController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response): Promise<AdminReview[]> {
    const filter: Parameters<ReviewsService['adminList']>[0] = {
      sellerId: filterId(p.filter.sellerId),
      hidden: typeof p.filter.hidden === 'boolean' ? p.filter.hidden : undefined,
      q: typeof p.filter.q === 'string' ? p.filter.q : undefined,
      ids: filterIds(p.filter.id),
    };
    return listAnswer(res, 'reviews', p, await this.reviews.adminList(filter, p.sortOrder, p.limit, p.offset));
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminReview> {
    return this.reviews.adminGet(reviewId(id));
  }

  @Put(':id')
  moderate(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ModerateReviewDto): Promise<AdminReview> {
    return this.reviews.moderate(actor.id, reviewId(id), dto);
  }
}
