import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LocationsModule } from '../locations/locations.module';
import { CatalogueVersion } from './catalogue-version.service';
import { ListingOffSale } from './listing-off-sale';
import { ListingPosted } from './listing-posted';
import { PopularSearchCache } from './popular-search-cache.service';
import { CategoriesService } from './categories.service';
import { CommissionsService } from './commissions.service';
import { Category } from './entities/category.entity';
import { SearchWord } from './entities/search-word.entity';
import { Commission } from './entities/commission.entity';
import { Product } from './entities/product.entity';
import { SearchOutbox } from './entities/search-outbox.entity';
import { SearchSynonym } from './entities/search-synonym.entity';
import { ProductImagesService } from './product-images.service';
import { ProductSearchService } from './product-search.service';
import { ProductsAdminController } from './products.admin.controller';
import { ProductsAdminService } from './products-admin.service';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { SimilarListingsService } from './similar-listings.service';
import { SynonymsAdminController } from './synonyms.admin.controller';
import { SynonymsService } from './synonyms.service';
import { WholeWordsService } from './whole-words.service';
import { CategoriesAdminController } from './categories.admin.controller';
import { CategoriesController } from './categories.controller';
import { CommissionsAdminController } from './commissions.admin.controller';
import { CommissionsController } from './commissions.controller';
import { PostgresSearchEngine } from './postgres-search.engine';
import { SEARCH_ENGINE } from './search-engine';
import { SearchOutboxService } from './search-outbox.service';

@Module({
  imports: [TypeOrmModule.forFeature([Product, Category, Commission, SearchSynonym, SearchWord, SearchOutbox]), LocationsModule],
  controllers: [
    ProductsController,
    ProductsAdminController,
    CategoriesController,
    CategoriesAdminController,
    CommissionsController,
    CommissionsAdminController,
    SynonymsAdminController,
  ],
  providers: [
    CatalogueVersion,
    ListingOffSale,
    ListingPosted,
    PopularSearchCache,
    ProductsService,
    SimilarListingsService,
    ProductsAdminService,
    ProductSearchService,
    ProductImagesService,
    CategoriesService,
    CommissionsService,
    SynonymsService,
    WholeWordsService,
    { provide: SEARCH_ENGINE, useClass: PostgresSearchEngine },
    // The search engine's feed: every listing change, drained from the outbox its triggers fill.
    SearchOutboxService,
  ],
  exports: [
    ListingOffSale,
    ListingPosted,
    ProductsService,
    ProductsAdminService,
    CatalogueVersion,
    ProductSearchService,
    ProductImagesService,
    SEARCH_ENGINE,
    CategoriesService,
    TypeOrmModule,
  ],
})
export class CatalogModule {}
