import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, UserAuth } from '../../common/auth.decorators';
import { CreateReportDto } from './dto/reports.dto';
import { ReportsService } from './reports.service';

/** "Report this listing / user / conversation": goes to the moderation queue. */
@ApiTags('reports')
@Controller('reports')
@UserAuth()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Post()
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateReportDto): Promise<{ message: string; data: { id: number } }> {
    const { id } = await this.reports.create(actor.id, dto);
    return { message: 'Thank you. Our team will look at your report.', data: { id } };
  }
}
