import { Module } from '@nestjs/common';
import { CatalogModule } from '../modules/catalog/catalog.module';
import { ReviewsModule } from '../modules/reviews/reviews.module';
import { LandingPagesController } from './landing-pages.controller';
import { LandingPagesService } from './landing-pages.service';
import { PageCacheService } from './page-cache.service';
import { PageRenderService } from './page-render.service';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

/**
 * The server-rendered pages (docs/api-conventions.md: Flows and pages): what a public page shows (listings, a shop,
 * landing pages, the money rules' texts), its Open Graph tags and canonical link, the sitemaps and the page cache. A
 * layer above the domain modules, like flows/, but only reading them: no domain module imports it.
 */
@Module({
  imports: [CatalogModule, ReviewsModule],
  controllers: [SeoController, LandingPagesController],
  providers: [SeoService, PageRenderService, PageCacheService, LandingPagesService],
  exports: [SeoService, PageRenderService, PageCacheService, LandingPagesService],
})
export class SeoModule {}
