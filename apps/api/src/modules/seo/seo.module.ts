import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { PageCacheService } from './page-cache.service';
import { PageRenderService } from './page-render.service';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

@Module({ imports: [CatalogModule, ReviewsModule], controllers: [SeoController], providers: [SeoService, PageRenderService, PageCacheService], exports: [SeoService, PageRenderService, PageCacheService] })
export class SeoModule {}
