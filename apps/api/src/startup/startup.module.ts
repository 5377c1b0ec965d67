import { Module } from '@nestjs/common';
import { SeedModule } from '../database/seeds/seed.module';
import { AdminsModule } from '../modules/admins/admins.module';
import { MoneyModule } from '../modules/money/money.module';
import { StartupService } from './startup.service';

/** The start-up sequence (StartupService): imported last by AppModule. */
@Module({ imports: [AdminsModule, SeedModule, MoneyModule], providers: [StartupService] })
export class StartupModule {}
