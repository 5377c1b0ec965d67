import { Injectable } from '@nestjs/common';
import type { AdminReportDetail } from '@kasuwa/contracts';
import { ProductsAdminService } from '../modules/catalog/products-admin.service';
import type { DecideReportDto } from '../modules/reports/dto/reports.dto';
import { ReportsService } from '../modules/reports/reports.service';
import { UsersAdminService } from '../modules/users/users-admin.service';

/**
 * An admin's decision on a report (docs/trust.md: Reports): blocking the listing (catalog) or suspending the account
 * (users), then closing every open report on the target and telling each reporter (reports). The effect comes first,
 * each its own guarded step with its own e-mails, so a failed block leaves the reports open to decide again.
 */
@Injectable()
export class ReportDecisionFlow {
  constructor(
    private readonly reports: ReportsService,
    private readonly products: ProductsAdminService,
    private readonly users: UsersAdminService,
  ) {}

  async decide(adminId: number, id: number, dto: DecideReportDto): Promise<AdminReportDetail> {
    const decision = await this.reports.decisionTarget(id, dto.action);
    if (dto.action === 'block_listing') await this.products.block(decision.targetId, dto.reason);
    if (dto.action === 'suspend_user') await this.users.suspend(decision.target.userId!, dto.reason);
    return this.reports.close(adminId, decision, dto);
  }
}
