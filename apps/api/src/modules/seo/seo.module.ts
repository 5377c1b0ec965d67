import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { LandingPagesController } from './landing-pages.controller';
import { LandingPagesService } from './landing-pages.service';
import { PageCacheService } from './page-cache.service';
import { PageRenderService } from './page-render.service';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

@Module({
  imports: [CatalogModule, ReviewsModule],
  controllers: [SeoController, LandingPagesController],
  providers: [SeoService, PageRenderService, PageCacheService, LandingPagesService],
  exports: [SeoService, PageRenderService, PageCacheService, LandingPagesService],
})
export class SeoModule {}
