import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { LifecycleService } from './lifecycle.service';
import { ReadinessService } from './readiness.service';

@Global()
@Module({
  controllers: [HealthController],
  providers: [LifecycleService, ReadinessService],
  exports: [LifecycleService],
})
export class HealthModule {}
