import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { SearchOutbox } from './entities/search-outbox.entity';
import { SearchOutboxService } from './search-outbox.service';

/** The outbox job that feeds SEARCH_ENGINE (provided by CatalogModule: Postgres today) every listing change. */
@Module({
  imports: [CatalogModule, TypeOrmModule.forFeature([SearchOutbox])],
  providers: [SearchOutboxService],
  exports: [SearchOutboxService],
})
export class SearchModule {}
