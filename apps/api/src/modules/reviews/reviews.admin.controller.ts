import { Body, Controller, Get, Param, Put, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AdminReview } from '@kasuwa/contracts';
import { Actor, AdminAuth, CurrentActor } from '../../common/auth.decorators';
import { ListParams, setContentRange, SimpleRestList } from '../../common/list-query';
import { ModerateReviewDto } from './dto/reviews.dto';
import { pathId } from './reviews.controller';
import { ReviewsService } from './reviews.service';

const intOf = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** Back-office reviews in ra-data-simple-rest conventions: list, show, and PUT to hide or restore with a reason. */
@ApiTags('admin')
@Controller('admin/reviews')
@AdminAuth()
export class ReviewsAdminController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get()
  async list(@SimpleRestList('createdAt') p: ListParams, @Res({ passthrough: true }) res: Response): Promise<AdminReview[]> {
    const ids = p.filter.id === undefined ? undefined : (Array.isArray(p.filter.id) ? p.filter.id : [p.filter.id]).map(intOf).filter((n): n is number => n !== undefined);
    const { rows, total } = await this.reviews.adminList(
      {
        sellerId: intOf(p.filter.sellerId),
        hidden: typeof p.filter.hidden === 'boolean' ? p.filter.hidden : undefined,
        q: typeof p.filter.q === 'string' ? p.filter.q : undefined,
        ids,
      },
      p.sortOrder,
      p.limit,
      p.offset,
    );
    setContentRange(res, 'reviews', p, rows.length, total);
    return rows;
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<AdminReview> {
    return this.reviews.adminGet(pathId(id));
  }

  @Put(':id')
  moderate(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() dto: ModerateReviewDto): Promise<AdminReview> {
    return this.reviews.moderate(actor.id, pathId(id), dto);
  }
}
