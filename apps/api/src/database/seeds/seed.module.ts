import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../../modules/catalog/catalog.module';
import { AppMeta } from '../entities/app-meta.entity';
import { AccountsSeed } from './accounts.seed';
import { CatalogSeed } from './catalog.seed';
import { SeedService } from './seed.service';

/** The demo data: every seed is listed in SeedService, in the order it runs (each recorded in app_meta once done). */
@Module({
  imports: [TypeOrmModule.forFeature([AppMeta]), CatalogModule],
  providers: [SeedService, AccountsSeed, CatalogSeed],
  exports: [SeedService],
})
export class SeedModule {}
