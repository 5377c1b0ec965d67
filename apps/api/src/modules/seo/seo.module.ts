import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { PageRenderService } from './page-render.service';
import { SeoController } from './seo.controller';
import { SeoService } from './seo.service';

@Module({ imports: [CatalogModule], controllers: [SeoController], providers: [SeoService, PageRenderService], exports: [SeoService, PageRenderService] })
export class SeoModule {}
