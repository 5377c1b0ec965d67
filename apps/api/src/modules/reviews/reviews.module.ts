import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Review, ReviewModeration } from './entities/review.entity';
import { ReviewsAdminController } from './reviews.admin.controller';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';
import { SellersController } from './sellers.controller';
import { SellersService } from './sellers.service';

@Module({
  imports: [TypeOrmModule.forFeature([Review, ReviewModeration])],
  controllers: [ReviewsController, ReviewsAdminController, SellersController],
  providers: [ReviewsService, SellersService],
  exports: [ReviewsService, SellersService],
})
export class ReviewsModule {}
