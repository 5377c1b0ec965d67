import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { JobsService } from '../jobs/jobs.service';
import type { CheckoutSessionRow, OrderRow } from '../../database/rows.generated';
import { UnpaidOrderCancellation } from './unpaid-cancellation.service';

const BATCH = 100;

/**
 * Unpaid checkouts give their stock back after CHECKOUT_TTL_MINUTES. The state lives in the database (`expires_at`),
 * so a restart loses nothing: the sweep is a periodic job (CHECKOUT_SWEEP_SECONDS across all workers, at a worker's start too;
 * roles web leave it to the workers). Should two sweeps ever overlap, SKIP LOCKED and the conditional status update
 * hand each due session to exactly one of them.
 */
@Injectable()
export class CheckoutExpiryService {
  private readonly logger = new Logger(CheckoutExpiryService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly cancellation: UnpaidOrderCancellation,
    jobs: JobsService,
  ) {
    // A sweep cut short (its worker killed) is run again once pg-boss sees it expired; each session is released once.
    jobs.define({
      name: 'checkout-expiry',
      everySeconds: cfg.scale.jobs.checkoutSweepSeconds,
      retryLimit: 3,
      retryDelaySeconds: 1,
      backoff: false,
      run: () => this.sweepLogged(),
    });
  }

  /** Expires every due session; returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.transaction(async (em) => {
        // An UPDATE answers [rows, count] (TypeORM's postgres driver).
        const [sessions] = await em.query<[Pick<CheckoutSessionRow, 'id'>[], number]>(
          `WITH due AS (
             SELECT id FROM checkout_session WHERE status = 'pending' AND expires_at < now() ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
           )
           UPDATE checkout_session s SET status = 'expired', updated_at = now() FROM due WHERE s.id = due.id RETURNING s.id`,
        );
        if (!sessions.length) return 0;
        const orders = await em.query<Pick<OrderRow, 'id'>[]>(
          `SELECT id FROM "order" WHERE checkout_session_id = ANY($1) AND status = 'pending'`,
          [sessions.map((s) => s.id)],
        );
        // The one rule for unpaid orders leaving their checkout (stock back, history, total recomputed to 0).
        const reason = `Not paid within ${this.cfg.paystack.checkoutTtlMinutes} minutes; the items went back on sale.`;
        await this.cancellation.cancel(
          em,
          orders.map((o) => o.id),
          { paymentStatus: 'expired', actorKind: 'system', reason },
        );
        return sessions.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }

  private async sweepLogged(): Promise<void> {
    const n = await this.sweep();
    if (n) this.logger.log(`Expired ${n} unpaid checkout(s) and released their stock`);
  }
}
