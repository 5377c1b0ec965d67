import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { MoneyEvent, MoneyGateway, RefundData, TransferData } from './money-gateway';
import { PayoutsService } from './payouts.service';
import { ReconciliationService } from './reconciliation.service';
import { RefundsService } from './refunds.service';

/**
 * Where Paystack's `transfer.*` and `refund.*` events land (the signed webhook, or the test mode's delayed events:
 * one code path), and the background work as pg-boss jobs (once a minute across all workers): open payouts verified,
 * unsent refunds sent. (Releases, ship-by cancellations and reminders are the money clock: OrderClockFlow.) Each is an idempotent service method: running it twice changes nothing.
 */
@Injectable()
export class MoneyEventsService implements OnModuleInit {
  private readonly logger = new Logger(MoneyEventsService.name);

  constructor(
    private readonly gateway: MoneyGateway,
    private readonly payouts: PayoutsService,
    private readonly refunds: RefundsService,
    private readonly jobs: JobsService,
    private readonly reconciliation: ReconciliationService,
  ) {}

  onModuleInit(): void {
    this.gateway.onEvent(async (e) => void (await this.handle(e)));
    this.jobs.define({ name: 'money-reconcile', everySeconds: 60, run: () => this.sweepOpen() });
    // Hourly, so a day missed by a stopped worker is caught up within the hour; each seller is paid once per Lagos day.
    // Hourly: the ledger against Paystack's lists and balance; admins see the same list live at /api/admin/reconciliation.
    this.jobs.define({ name: 'money-reconcile-paystack', everySeconds: 3600, run: () => this.compareWithPaystack() });
    this.jobs.define({ name: 'money-daily-payout', everySeconds: 3600, run: async () => void (await this.payouts.payDaily()) });
  }

  /** True when the event was one of ours (transfer.* / refund.*). */
  async handle(e: MoneyEvent): Promise<boolean> {
    const name = String(e?.event ?? '');
    if (!e?.data || typeof e.data !== 'object') return false;
    if (/^transfer\.(success|failed|reversed)$/.test(name)) {
      // Events can arrive late, twice or out of order: the provider's current answer decides, the event only says "look".
      const data = { ...(e.data as TransferData), status: name.slice('transfer.'.length) };
      const now = await this.gateway.verifyTransfer(String(data.reference)).catch(() => null);
      await this.payouts.settle(now && now.reference === data.reference ? now : data);
      return true;
    }
    if (/^refund\.(processed|failed|needs-attention)$/.test(name)) {
      await this.refunds.settle({ ...(e.data as RefundData), status: name.slice('refund.'.length) });
      return true;
    }
    return false;
  }

  /** At start-up (StartupService, roles all|worker): a transfer sent just before a crash (kill -9) is verified and settled; refunds never sent are sent. */
  async recover(): Promise<void> {
    await this.payouts.reconcileOpen();
    await this.refunds.resendQueued();
  }

  /** Logs how the ledger and Paystack differ (each difference is listed for admins in the back office). */
  async compareWithPaystack(): Promise<void> {
    const diffs = await this.reconciliation.differences();
    if (diffs.length)
      this.logger.warn(
        `Reconciliation: ${diffs.length} difference(s) between the ledger and Paystack — ${diffs
          .slice(0, 5)
          .map((d) => d.id)
          .join(', ')}`,
      );
  }

  /** Payouts unconfirmed for 5 minutes are verified; refunds never sent are sent (the money-reconcile job). */
  async sweepOpen(): Promise<void> {
    await this.payouts.reconcileOpen(5 * 60_000);
    await this.refunds.resendQueued();
  }
}
