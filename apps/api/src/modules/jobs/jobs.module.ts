import { Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service';

/** Durable background jobs (pg-boss): any module injects JobsService to define and send its jobs. */
@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
