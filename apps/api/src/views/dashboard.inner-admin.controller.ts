import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DashboardStats } from '@kasuwa/contracts';
import { AdminAuth } from '../common/auth.decorators';
import { DashboardService } from './dashboard.service';
import { AdminArea } from '../common/admin-resource';

@ApiTags('admin')
@AdminArea('*')
@Controller('inner/admin/dashboard')
@AdminAuth()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('stats')
  stats(): Promise<DashboardStats> {
    return this.dashboard.stats();
  }
}
