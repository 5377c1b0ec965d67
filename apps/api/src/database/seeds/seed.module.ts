import { Module } from '@nestjs/common';
import { CatalogModule } from '../../modules/catalog/catalog.module';
import { AccountsSeed } from './accounts.seed';
import { CatalogSeed } from './catalog.seed';
import { SeedService } from './seed.service';

/** The demo data: every seed is listed in SeedService, in the order it runs. */
@Module({ imports: [CatalogModule], providers: [SeedService, AccountsSeed, CatalogSeed], exports: [SeedService] })
export class SeedModule {}
