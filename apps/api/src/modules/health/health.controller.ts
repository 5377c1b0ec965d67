import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth.decorators';

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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
