import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { EscrowService } from './escrow.service';
import { MoneyEvent, MoneyGateway, RefundData, TransferData } from './money-gateway';
import { PayoutsService } from './payouts.service';
import { RefundsService } from './refunds.service';

const SWEEP_MS = 60_000;

/**
 * Where Paystack's `transfer.*` and `refund.*` events land (the signed webhook, or the test mode's delayed events:
 * one code path), and the background sweep: auto-release, open payouts verified, unsent refunds sent. Each step is
 * an idempotent service method, so running it twice or on two workers changes nothing.
 */
@Injectable()
export class MoneyEventsService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MoneyEventsService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly gateway: MoneyGateway,
    private readonly payouts: PayoutsService,
    private readonly refunds: RefundsService,
    private readonly escrow: EscrowService,
  ) {}

  onModuleInit(): void {
    this.gateway.onEvent(async (e) => void (await this.handle(e)));
  }

  /** On start: a transfer sent just before a crash (kill -9) is verified and settled; refunds never sent are sent. */
  onApplicationBootstrap(): void {
    if (!this.cfg.scale.runsBackground) return;
    void this.recover().catch((err) => this.logger.error(`Money recovery failed: ${(err as Error).message}`));
    if (this.cfg.app.nodeEnv !== 'test') {
      this.timer = setInterval(() => void this.sweep().catch((err) => this.logger.error(`Money sweep failed: ${(err as Error).message}`)), SWEEP_MS);
      this.timer.unref();
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
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
    if (/^refund\.(processed|failed)$/.test(name)) {
      await this.refunds.settle({ ...(e.data as RefundData), status: name.slice('refund.'.length) });
      return true;
    }
    return false;
  }

  async recover(): Promise<void> {
    await this.payouts.reconcileOpen();
    await this.refunds.resendQueued();
  }

  /** One pass of the background work (the job's effect). */
  async sweep(): Promise<void> {
    await this.escrow.releaseDue();
    await this.payouts.reconcileOpen(5 * 60_000);
    await this.refunds.resendQueued();
  }
}
