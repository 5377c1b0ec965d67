import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply as Response } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth.decorators';
import { ReadinessService } from './readiness.service';

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readiness: ReadinessService,
  ) {}

  /** The process runs and its event loop answers (a restart is the cure otherwise). Touches nothing else. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * 200 when this process should get traffic: the primary database answers, migrations done, not shutting down.
   * `status: degraded` (still 200) names an optional dependency that is down: Redis, replicas, Paystack, SMTP.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const { ready, degraded, checks } = await this.readiness.check();
    if (!ready) res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: !ready ? 'unavailable' : degraded ? 'degraded' : 'ok', ...checks };
  }

  /** `{ status, db }`: 200 when the database answers, 503 otherwise. */
  @Get()
  async health(@Res({ passthrough: true }) res: Response) {
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', db: 'up' };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', db: 'down' };
    }
  }
}
