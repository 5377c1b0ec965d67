import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatDateTime, formatDuration, PRE_SHIPMENT_STATUSES, type OrderStatus } from '@kasuwa/contracts';
import { APP_CONFIG, AppConfig } from '../config/app.config';
import { JobsService } from '../modules/jobs/jobs.service';
import { Clock } from '../modules/money/clock';
import { resolveDisputesByRefund } from '../modules/money/disputes.service';
import { DUE_BATCH, sweepDue } from '../modules/money/due-sweep';
import { AUTO_RECEIVABLE, EscrowService } from '../modules/money/escrow.service';
import { RefundsService } from '../modules/money/refunds.service';
import { lockCheckouts } from '../modules/order-records/checkout-total';
import { recordHistory } from '../modules/order-records/order-history';
import { CLOCK_ORDER_COLUMNS, ClockOrder, OrderNotifier } from '../modules/orders/order-notifier.service';
import { releaseStock } from '../modules/orders/stock';
import type { OrderRow } from '../database/rows.generated';

/** The pg-boss queue of the money clock (one run at a time across every worker, every MONEY_JOB_INTERVAL). */
export const MONEY_CLOCK_JOB = 'money-clock';

/** Ship-by cancellations in one transaction. */
const SHIP_BY_CHUNK = 25;

const PRE_SHIPMENT_PAID = PRE_SHIPMENT_STATUSES.filter((s) => s !== 'pending');

export interface ClockRun {
  /** Orders completed at releaseAt (auto-received: delivered, or shipped on the delivery option's clock), their money released. */
  completed: number[];
  /** Paid orders cancelled and refunded for a missed ship-by deadline. */
  cancelled: number[];
  /** Reminders sent: sellers at half the ship-by time, buyers RELEASE_REMINDER_BEFORE before releaseAt. */
  reminded: number;
}

/**
 * Money on a clock: the deadlines orders carry, applied by one job. Transitions run a small chunk of orders to a
 * transaction, re-checked under the orders' locks, with their history lines and notices inside it, so a retry or two
 * workers at once apply each once.
 *  - Ship-by: a paid order not shipped by ship_by_at (payment + SHIP_BY) is cancelled, refunded in full from escrow
 *    through the Paystack refund path, its stock returned, and it counts against the seller (missedShipBy). SHIP_BY is
 *    the same for every delivery option: it is the time the seller has to hand the goods over, not the distance they
 *    travel (docs/money.md: Ship-by); the option's days count from shipment, in releaseAt and the expected delivery date.
 *  - Auto-received: a delivered order neither confirmed nor disputed by releaseAt is completed and its money released;
 *    so is a seller-delivery order still shipped or on the way at releaseAt (shipped + the option's days + RELEASE_AFTER).
 *  - Reminders: the seller at half the ship-by time, the buyer RELEASE_REMINDER_BEFORE before releaseAt; once each.
 */
@Injectable()
export class OrderClockFlow {
  private readonly logger = new Logger(OrderClockFlow.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly escrow: EscrowService,
    private readonly refunds: RefundsService,
    private readonly notifier: OrderNotifier,
    private readonly clock: Clock,
    jobs: JobsService,
  ) {
    jobs.define({
      name: MONEY_CLOCK_JOB,
      everySeconds: cfg.money.jobIntervalSeconds,
      retryLimit: 2,
      retryDelaySeconds: 1,
      run: async () => void (await this.runDue()),
    });
  }

  /** Everything the clock made due by `now` (the job's effect; idempotent). */
  async runDue(now: Date = this.clock.now()): Promise<ClockRun> {
    const refundIds: number[] = [];
    const cancelled = await this.cancelMissedShipBy(now, refundIds);
    const completed = await this.escrow.releaseDue(now, (em, ids) =>
      this.tell(em, ids, (orders) => this.notifier.autoCompleted(em, orders)),
    );
    // The refunds go to Paystack once every due order has moved (each is `queued` with its money in transit since its
    // cancellation committed; one this process does not get to is sent by the money-reconcile job).
    await this.refunds.send(refundIds);
    const reminded = (await this.remindShipBy(now)) + (await this.remindRelease(now));
    return { completed, cancelled, reminded };
  }

  /**
   * Ship-by expiry: every paid order still not shipped at its ship_by_at, SHIP_BY_CHUNK to a transaction (a chunk that
   * fails is retried order by order). The refunds it starts are sent after commit: here, or by the caller when it
   * passes `refundIds` to collect them.
   */
  async cancelMissedShipBy(now: Date = this.clock.now(), refundIds?: number[]): Promise<number[]> {
    const inOne = async (ids: number[]) => {
      const moved = await this.db.transaction((em) => this.cancelMany(em, ids, now));
      if (refundIds) refundIds.push(...moved.refundIds);
      else await this.refunds.send(moved.refundIds);
      return moved.cancelled;
    };
    return sweepDue(
      'Ship-by cancellation',
      this.logger,
      (skip) =>
        this.db.query<Pick<OrderRow, 'id'>[]>(
          `SELECT id FROM "order" WHERE status = ANY($1) AND paid_at IS NOT NULL AND ship_by_at <= $2::timestamptz AND NOT (id = ANY($3::int[]))
            ORDER BY ship_by_at, id LIMIT $4`,
          [PRE_SHIPMENT_PAID, now.toISOString(), skip, DUE_BATCH],
        ),
      async (rows) => {
        const ids = rows.map((r: { id: number }) => r.id);
        try {
          return await inOne(ids);
        } catch (err) {
          if (ids.length === 1) throw err;
          this.logger.warn(`Ship-by cancellation of ${ids.length} orders together failed (${(err as Error).message}): one at a time`);
          const done: number[] = [];
          for (const id of ids) done.push(...(await inOne([id]).catch(() => [])));
          return done;
        }
      },
      SHIP_BY_CHUNK,
    );
  }

  /**
   * These orders' ship-by cancellation, in the caller's transaction: the ones no longer due (shipped, cancelled) or
   * that another worker holds are left alone. Lock order of every order change: checkouts, then their orders.
   */
  private async cancelMany(em: EntityManager, ids: number[], now: Date): Promise<{ cancelled: number[]; refundIds: number[] }> {
    const sessions = await em.query<{ id: number }[]>(`SELECT DISTINCT checkout_session_id AS id FROM "order" WHERE id = ANY($1)`, [ids]);
    await lockCheckouts(
      em,
      sessions.map((s) => s.id),
    );
    const rows = await em.query<(ClockOrder & { status: OrderStatus })[]>(
      `SELECT ${CLOCK_ORDER_COLUMNS}, status FROM "order" WHERE id = ANY($1) AND status = ANY($2) AND paid_at IS NOT NULL AND ship_by_at <= $3::timestamptz
        ORDER BY id FOR UPDATE SKIP LOCKED`,
      [ids, PRE_SHIPMENT_PAID, now.toISOString()],
    );
    if (!rows.length) return { cancelled: [], refundIds: [] };
    const cancelled = rows.map((o) => o.id);
    const reasons = new Map(
      rows.map((o) => [
        o.id,
        `Not shipped by ${formatDateTime(new Date(o.ship_by_at!).toISOString())} (${formatDuration(this.cfg.money.shipBySeconds)} after payment): cancelled and refunded to the buyer in full`,
      ]),
    );
    await em.query(
      `UPDATE "order" SET status = 'cancelled', payment_status = 'refund_due', ship_by_missed_at = now(), updated_at = now() WHERE id = ANY($1)`,
      [cancelled],
    );
    await recordHistory(
      em,
      rows.map((o) => ({
        orderId: o.id,
        from: o.status,
        to: 'cancelled' as const,
        actorKind: 'system' as const,
        reason: reasons.get(o.id),
      })),
    );
    await this.notifier.shipByCancelled(em, rows);
    // A buyer who disputed the unshipped order has their answer: the full refund.
    await resolveDisputesByRefund(em, cancelled, 'Refunded in full: the seller did not ship the order in time.');
    // Last, so the rows many orders share (refunds in transit, listings' stock) stay locked only until the commit.
    const refundIds = await this.escrow.startFullRefunds(em, cancelled, (id) => `Ship-by deadline missed: ${reasons.get(id)}`);
    await releaseStock(em, cancelled);
    return { cancelled, refundIds };
  }

  /** Sellers whose paid orders are halfway to their ship-by deadline, once per order. */
  private remindShipBy(now: Date): Promise<number> {
    return this.remind(
      `ship_reminded_at`,
      `status = ANY($3) AND paid_at IS NOT NULL AND ship_by_at > $1::timestamptz AND ship_by_at - make_interval(secs => $2) <= $1::timestamptz`,
      [now.toISOString(), this.cfg.money.shipBySeconds / 2, PRE_SHIPMENT_PAID],
      (em, orders) => this.notifier.shipByReminder(em, orders),
    );
  }

  /**
   * Buyers whose order is RELEASE_REMINDER_BEFORE from its release, with no dispute open, once per order (once per date:
   * marking a shipped order delivered moves its date and clears the mark, EscrowService.markDelivered).
   */
  private remindRelease(now: Date): Promise<number> {
    return this.remind(
      `release_reminded_at`,
      `${AUTO_RECEIVABLE('"order"')} AND released_at IS NULL AND release_at > $1::timestamptz AND release_at - make_interval(secs => $2) <= $1::timestamptz
         AND NOT EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = "order".id AND d.status = 'open')`,
      [now.toISOString(), this.cfg.money.releaseReminderSeconds],
      (em, orders) => this.notifier.releaseReminder(em, orders),
    );
  }

  /**
   * Marks due orders reminded and sends each reminder in the same transaction, a batch at a time: the conditional
   * update (`… IS NULL`, rows another worker holds skipped) is what makes each reminder go once.
   */
  private async remind(
    mark: string,
    due: string,
    params: unknown[],
    send: (em: EntityManager, orders: ClockOrder[]) => Promise<void>,
  ): Promise<number> {
    let sent = 0;
    for (;;) {
      const n = await this.db.transaction(async (em) => {
        const [rows] = await em.query<[ClockOrder[], number]>(
          `UPDATE "order" SET ${mark} = now() WHERE id IN (
             SELECT id FROM "order" WHERE ${mark} IS NULL AND ${due} ORDER BY id LIMIT ${DUE_BATCH} FOR UPDATE SKIP LOCKED)
           RETURNING ${CLOCK_ORDER_COLUMNS}`,
          params,
        );
        await send(em, rows);
        return rows.length;
      });
      sent += n;
      if (n < DUE_BATCH) return sent;
    }
  }

  private async tell(em: EntityManager, ids: number[], send: (orders: ClockOrder[]) => Promise<void>): Promise<void> {
    await send(await em.query<ClockOrder[]>(`SELECT ${CLOCK_ORDER_COLUMNS} FROM "order" WHERE id = ANY($1) ORDER BY id`, [ids]));
  }
}
