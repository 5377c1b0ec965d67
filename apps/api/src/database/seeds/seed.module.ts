import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppMeta } from '../entities/app-meta.entity';
import { SeedService } from './seed.service';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([AppMeta])], providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
