import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { DependencyHealth } from './dependency-health';
import { MetricsService } from './metrics.service';

@Global()
@Module({ controllers: [MetricsController], providers: [MetricsService, DependencyHealth], exports: [MetricsService, DependencyHealth] })
export class MetricsModule {}
