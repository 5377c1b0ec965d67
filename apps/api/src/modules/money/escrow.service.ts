import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  formatDateTime,
  formatDuration,
  formatLongDate,
  formatNaira,
  koboToNaira,
  type OrderActorKind,
  type OrderStatus,
} from '@kasuwa/contracts';
import { lockCheckouts } from '../order-records/checkout-total';
import { recordHistory } from '../order-records/order-history';
import { conflict, DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import type { DisputeRow, LedgerAccountRow, OrderRow, PaymentTransactionRow, RefundRow } from '../../database/rows.generated';
import { Clock } from './clock';
import { DUE_BATCH, sweepDue } from './due-sweep';
import { newRefundReference, openRefund } from './refund-open';
import { availableOf, CLEARING, COMMISSION, escrowOf, LedgerService, UNAPPLIED } from './ledger.service';

/** Rule "while a dispute is open, Kasuwa holds the money": the one refusal every release path gives. */
const disputeOpen = (): DomainError =>
  conflict('DISPUTE_OPEN', 'A dispute is open on this order: Kasuwa keeps the money until an admin decides it.');

/**
 * Orders on the delivery option's clock: seller delivery with the option's days. Their release clock starts when the
 * goods leave (shipped + days + RELEASE_AFTER) and moves to the real date once they are marked delivered; every other
 * order (pickup, orders from before delivery options) starts it at delivery only (docs/money.md: Escrow, one rule).
 * `o` is the order table's name or alias in the statement.
 */
export const ON_DAYS_CLOCK = (o: string) => `(${o}.delivery_method = 'seller_delivery' AND ${o}.delivery_days IS NOT NULL)`;

/** Where auto-received completes an order at its releaseAt: delivered, or on its way on the delivery option's clock. */
export const AUTO_RECEIVABLE = (o: string) =>
  `(${o}.status = 'delivered' OR (${o}.status IN ('shipped', 'on_the_way') AND ${ON_DAYS_CLOCK(o)}))`;

/**
 * Buyer protection: a paid order's money waits in its escrow account until the buyer confirms (or releaseAt passes with
 * no dispute: delivery + RELEASE_AFTER, or for seller delivery not yet marked delivered, the expected delivery date +
 * RELEASE_AFTER), then goes to the seller less the commission frozen at checkout. Every method runs in the caller's
 * transaction, beside the state change that causes it.
 */
@Injectable()
export class EscrowService {
  private readonly logger = new Logger(EscrowService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** A payment paid these orders: each order's total moves from Paystack clearing into its own escrow. */
  async hold(em: EntityManager, orderIds: number[], paymentReference: string): Promise<void> {
    if (!orderIds.length) return;
    const orders = await em.query<Pick<OrderRow, 'id' | 'total_kobo'>[]>(
      `SELECT id, total_kobo FROM "order" WHERE id = ANY($1) ORDER BY id`,
      [orderIds],
    );
    for (const o of orders) {
      const amount = Number(o.total_kobo);
      await this.ledger.post(em, { kind: 'payment', ref: `order:${o.id}`, orderId: o.id, memo: `Payment ${paymentReference}` }, [
        [CLEARING, -amount],
        [escrowOf(o.id), amount],
      ]);
    }
  }

  /** Ship-by rule: how long a paid order's seller has to ship it (set on the order when its payment applies). */
  get shipBySeconds(): number {
    return this.cfg.money.shipBySeconds;
  }

  /**
   * The goods left the seller (shipped, or on the way): shipped_at is set once. A paid order on the delivery option's
   * clock starts its release clock here: releaseAt = shipped + the option's days + RELEASE_AFTER, so the buyer always has
   * RELEASE_AFTER after the expected delivery date to dispute, and a seller who forgets to mark it delivered is still
   * paid. Set once; marking the order delivered then moves it to the real date (markDelivered).
   */
  async markShipped(em: EntityManager, orderId: number): Promise<void> {
    await em.query(
      `UPDATE "order" SET shipped_at = coalesce(shipped_at, now()),
              release_at = CASE WHEN release_at IS NULL AND delivered_at IS NULL AND paid_at IS NOT NULL AND ${ON_DAYS_CLOCK('"order"')}
                                THEN coalesce(shipped_at, now()) + make_interval(days => delivery_days, secs => $2) ELSE release_at END
        WHERE id = $1`,
      [orderId, this.cfg.money.releaseAfterSeconds],
    );
  }

  /**
   * The seller marked the order delivered: releaseAt = delivery + RELEASE_AFTER, the day Kasuwa pays the seller unless
   * the buyer reports a problem, and the last moment a dispute may be opened. Set once (delivered_at is): moving an
   * order back and forth never moves the date shown to the buyer. On the delivery option's clock the real delivery
   * date replaces the expected one's (earlier or later); a buyer already reminded of the old date is reminded again.
   * Every other order keeps the first releaseAt it was given.
   */
  async markDelivered(em: EntityManager, orderId: number): Promise<void> {
    const byDays = `${ON_DAYS_CLOCK('"order"')} AND released_at IS NULL`;
    const delivered = `coalesce(delivered_at, now()) + make_interval(secs => $2)`;
    await em.query(
      `UPDATE "order" SET delivered_at = coalesce(delivered_at, now()),
              release_at = CASE WHEN ${byDays} THEN ${delivered} ELSE coalesce(release_at, ${delivered}) END,
              release_reminded_at = CASE WHEN ${byDays} AND release_at IS DISTINCT FROM ${delivered} THEN NULL ELSE release_reminded_at END
        WHERE id = $1`,
      [orderId, this.cfg.money.releaseAfterSeconds],
    );
  }

  /**
   * "Complete order" for every path that ends an order with the seller paid (the buyer's confirmation, a handover
   * code, the auto-received transition): moves it to `to`, records who and why in its history, and releases the
   * money, all in the caller's transaction. Call with the order locked. Refuses (DISPUTE_OPEN) while a dispute is open.
   */
  async completeOrder(em: EntityManager, orderId: number, how: CompleteOrder): Promise<boolean> {
    const [o] = await em.query<{ status: OrderStatus }[]>(`SELECT status FROM "order" WHERE id = $1 FOR UPDATE`, [orderId]);
    if (!o) return false;
    const to = how.to ?? 'completed';
    if (o.status !== to) {
      await em.query(`UPDATE "order" SET status = $2, updated_at = now() WHERE id = $1`, [orderId, to]);
      await recordHistory(em, [
        { orderId, from: o.status, to, actorKind: how.actorKind, actorId: how.actorId ?? null, reason: how.reason },
      ]);
    }
    return this.release(em, orderId, how.reason);
  }

  /** Money taken that paid nothing (late, wrong amount, cancelled checkout): kept apart until it is refunded. */
  async holdUnapplied(em: EntityManager, paymentReference: string, amountKobo: number): Promise<void> {
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return;
    await this.ledger.post(em, { kind: 'unapplied_payment', ref: paymentReference, memo: 'Payment not applied: refund due' }, [
      [CLEARING, -amountKobo],
      [UNAPPLIED, amountKobo],
    ]);
  }

  /**
   * Releases what the order still holds: commission (frozen rate, on the released part only) to Kasuwa, the rest to
   * the seller's available balance. Once per order (released_at, and the journal's unique (release, order) key).
   */
  async release(em: EntityManager, orderId: number, memo: string): Promise<boolean> {
    const [o] = await em.query<Pick<OrderRow, 'id' | 'seller_id' | 'total_kobo' | 'commission_kobo' | 'released_at' | 'paid_at'>[]>(
      `SELECT o.id, o.seller_id, o.total_kobo, o.commission_kobo, o.released_at, o.paid_at FROM "order" o WHERE o.id = $1 FOR UPDATE OF o`,
      [orderId],
    );
    if (!o || !o.paid_at || o.released_at) return false;
    // Defence in depth: callers refuse first, but no path (a new one included) may release a disputed order's money.
    // Read after the lock, by a statement of its own: a dispute committed while we waited for the lock is seen.
    const [disputed] = await em.query<unknown[]>(`SELECT 1 FROM dispute WHERE order_id = $1 AND status = 'open'`, [orderId]);
    if (disputed) throw disputeOpen();
    const held = await this.ledger.lockBalance(em, escrowOf(orderId));
    const total = Number(o.total_kobo);
    const commission = total > 0 ? Math.floor((Number(o.commission_kobo) * held) / total) : 0;
    await this.ledger.post(em, { kind: 'release', ref: `order:${orderId}`, orderId, userId: o.seller_id, memo }, [
      [escrowOf(orderId), -held],
      [COMMISSION, commission],
      [availableOf(o.seller_id), held - commission],
    ]);
    await em.query(`UPDATE "order" SET released_at = now() WHERE id = $1`, [orderId]);
    return true;
  }

  /**
   * A refund comes out of the order's escrow or not at all, so a refund decision must not answer as if it refunded:
   * refuses (ALREADY_RELEASED) an order whose money the seller already has, saying what the admin can do instead, and
   * with `requireHeld` (NOTHING_HELD) one whose escrow is empty for another reason (already refunded).
   * Call under the order's lock, before anything is written.
   */
  async refuseRefundWithoutEscrow(em: EntityManager, orderId: number, instead: string, requireHeld = false): Promise<void> {
    const [o] = await em.query<(Pick<OrderRow, 'released_at'> & { held: LedgerAccountRow['balance_kobo'] })[]>(
      `SELECT o.released_at, coalesce((SELECT a.balance_kobo FROM ledger_account a WHERE a.code = 'escrow:' || o.id), 0) AS held
         FROM "order" o WHERE o.id = $1`,
      [orderId],
    );
    if (o?.released_at) {
      throw conflict(
        'ALREADY_RELEASED',
        `The money for this order was paid to the seller on ${formatLongDate(new Date(o.released_at).toISOString())}: ` +
          `escrow holds nothing to refund. ${instead} To give the buyer their money back, refund them from Kasuwa's own account ` +
          `(outside escrow) and recover the amount from the seller.`,
      );
    }
    if (requireHeld && Number(o?.held ?? 0) <= 0) {
      throw conflict(
        'NOTHING_HELD',
        `Escrow holds nothing for this order: its money already went back to the buyer, so there is nothing to refund. ${instead}`,
      );
    }
  }

  /**
   * Moves `amount` (default: all it holds) of an order's escrow towards the buyer and records the refund to send
   * (after the transaction commits, see RefundsService.send). Returns the refund id, or null when nothing is held.
   */
  async startRefund(em: EntityManager, orderId: number, reason: string, amount?: number): Promise<number | null> {
    const held = await this.ledger.lockBalance(em, escrowOf(orderId));
    const value = amount ?? held;
    if (!Number.isSafeInteger(value) || value <= 0 || value > held) {
      if (amount === undefined) return null;
      throw conflict('REFUND_TOO_LARGE', `The order holds ${formatNaira(koboToNaira(held))}; a refund cannot be more than that.`);
    }
    const [p] = await em.query<Pick<PaymentTransactionRow, 'reference'>[]>(
      `SELECT t.reference FROM payment_transaction t JOIN "order" o ON o.checkout_session_id = t.checkout_session_id
        WHERE o.id = $1 AND t.applied ORDER BY t.id DESC LIMIT 1`,
      [orderId],
    );
    if (!p) throw conflict('NO_PAYMENT', 'This order has no payment to refund.');
    return openRefund(em, this.ledger, { orderId, paymentReference: p.reference, amount: value, reason, from: escrowOf(orderId) });
  }

  /**
   * startRefund for many orders, everything each holds, in set-based statements (the ship-by clock cancels thousands at
   * once): per order a `queued` refund of its applied payment and one balanced entry escrow → refunds in transit.
   * Call with the orders locked. Returns the refund ids (sent after commit, RefundsService.send); an order holding
   * nothing gets none.
   */
  async startFullRefunds(em: EntityManager, orderIds: number[], reasonOf: (orderId: number) => string): Promise<number[]> {
    if (!orderIds.length) return [];
    // An escrow account always names its order (order_id is null only on the shared accounts).
    const held = await em.query<(Pick<LedgerAccountRow, 'balance_kobo'> & { order_id: number; reference: string | null })[]>(
      `SELECT a.order_id, a.balance_kobo,
              (SELECT t.reference FROM payment_transaction t JOIN "order" o ON o.checkout_session_id = t.checkout_session_id
                WHERE o.id = a.order_id AND t.applied ORDER BY t.id DESC LIMIT 1) AS reference
         FROM ledger_account a WHERE a.code = ANY($1) ORDER BY a.id FOR UPDATE OF a`,
      [orderIds.map((id) => `escrow:${id}`)],
    );
    const due = held.filter((h) => Number(h.balance_kobo) > 0);
    const unpaid = due.find((h) => !h.reference);
    if (unpaid) throw conflict('NO_PAYMENT', `Order ${unpaid.order_id} has no payment to refund.`);
    if (!due.length) return [];
    await em.query(
      `INSERT INTO ledger_account (code, kind) VALUES ('refunds_in_transit', 'refunds_in_transit') ON CONFLICT (code) DO NOTHING`,
    );
    const refunds = await em.query<(Pick<RefundRow, 'id' | 'amount_kobo'> & { order_id: number })[]>(
      `INSERT INTO refund (order_id, payment_reference, amount_kobo, reason, reference)
       SELECT * FROM unnest($1::int[], $2::varchar[], $3::bigint[], $4::text[], $5::varchar[]) ORDER BY 1 RETURNING id, order_id, amount_kobo`,
      [
        due.map((h) => h.order_id),
        due.map((h) => h.reference),
        due.map((h) => h.balance_kobo),
        due.map((h) => reasonOf(h.order_id)),
        due.map(() => newRefundReference()),
      ],
    );
    await em.query(
      `WITH r AS (SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::text[]) AS t(refund_id, order_id, amount, memo)),
            e AS (INSERT INTO journal_entry (kind, ref, order_id, memo) SELECT 'refund', 'refund:' || refund_id, order_id, memo FROM r RETURNING id, order_id)
       INSERT INTO ledger_posting (entry_id, account_id, amount_kobo)
       SELECT e.id, a.id, p.amount FROM e JOIN r USING (order_id)
        CROSS JOIN LATERAL (VALUES ('escrow:' || r.order_id, -r.amount), ('refunds_in_transit', r.amount)) AS p(code, amount)
        JOIN ledger_account a ON a.code = p.code
        ORDER BY e.id, a.id`,
      [
        refunds.map((r) => r.id),
        refunds.map((r) => r.order_id),
        refunds.map((r) => r.amount_kobo),
        refunds.map((r) => reasonOf(r.order_id)),
      ],
    );
    return refunds.map((r) => r.id);
  }

  /**
   * Auto-received: every delivered order whose releaseAt has come, with no open dispute, becomes `completed` and its
   * money goes to the seller; so does a shipped (or on the way) order on the delivery option's clock whose seller never
   * marked it delivered (AUTO_RECEIVABLE). Orders move RELEASE_CHUNK to a transaction, in set-based statements (ten
   * thousand orders can come due at once), re-checked under their locks, so two workers running this at once move each order once; a
   * chunk that fails is retried one order at a time (completeOrder), so one bad order never holds back the others.
   * `told` runs inside each transaction with the ids it completed (its notices go out if and only if they did).
   */
  async releaseDue(now: Date = this.clock.now(), told?: (em: EntityManager, orderIds: number[]) => Promise<void>): Promise<number[]> {
    return sweepDue(
      'Auto-release',
      this.logger,
      (skip) =>
        this.db.query<Pick<OrderRow, 'id'>[]>(
          `SELECT o.id FROM "order" o
            WHERE o.released_at IS NULL AND o.release_at IS NOT NULL AND o.release_at <= $1::timestamptz AND o.paid_at IS NOT NULL AND ${AUTO_RECEIVABLE('o')}
              AND NOT (o.id = ANY($2::int[]))
              AND NOT EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id AND d.status = 'open')
            ORDER BY o.release_at, o.id LIMIT $3`,
          [now.toISOString(), skip, DUE_BATCH],
        ),
      async (rows) => {
        const ids = rows.map((r) => r.id);
        try {
          return await this.db.transaction((em) => this.autoComplete(em, ids, now, told));
        } catch (err) {
          if (ids.length === 1) throw err;
          this.logger.warn(`Auto-release of ${ids.length} orders together failed (${(err as Error).message}): one at a time`);
          const done: number[] = [];
          for (const id of ids) {
            const moved = await this.db.transaction((em) => this.autoComplete(em, [id], now, told)).catch(() => []);
            done.push(...moved);
          }
          return done;
        }
      },
      RELEASE_CHUNK,
    );
  }

  /** The auto-received transition for these orders, in the caller's transaction: what completeOrder does, for many. */
  private async autoComplete(
    em: EntityManager,
    ids: number[],
    now: Date,
    told?: (em: EntityManager, orderIds: number[]) => Promise<void>,
  ): Promise<number[]> {
    const sessions = await em.query<{ id: OrderRow['checkout_session_id'] }[]>(
      `SELECT DISTINCT checkout_session_id AS id FROM "order" WHERE id = ANY($1)`,
      [ids],
    );
    await lockCheckouts(
      em,
      sessions.map((s) => s.id),
    );
    // Re-checked under the orders' locks (one another worker holds is skipped: that worker is moving it), releaseAt too:
    // a seller marking a shipped order delivered meanwhile moves it to the real delivery date.
    const locked = await em.query<
      (Pick<OrderRow, 'id' | 'seller_id' | 'total_kobo' | 'commission_kobo'> & { status: OrderStatus; release_at: Date })[]
    >(
      `SELECT o.id, o.status, o.seller_id, o.total_kobo, o.commission_kobo, o.release_at FROM "order" o
        WHERE o.id = ANY($1) AND ${AUTO_RECEIVABLE('o')} AND o.released_at IS NULL AND o.paid_at IS NOT NULL AND o.release_at <= $2::timestamptz
        ORDER BY o.id FOR UPDATE OF o SKIP LOCKED`,
      [ids, now.toISOString()],
    );
    const reasonOf = (r: { status: OrderStatus; release_at: Date }) =>
      r.status === 'delivered' ? autoCompletedReason(r.release_at) : notDeliveredReason(r.release_at, this.cfg.money.releaseAfterSeconds);
    // Disputes are read by a statement of their own, after the locks: opening a dispute takes the order's lock, so one
    // committed while we waited is seen here. (Inside the locking statement, the subquery would read the snapshot taken
    // before the wait, and a dispute opened in between would not stop the release.)
    const disputed = new Set<number>(
      locked.length
        ? (
            await em.query<Pick<DisputeRow, 'order_id'>[]>(`SELECT order_id FROM dispute WHERE order_id = ANY($1) AND status = 'open'`, [
              locked.map((r) => r.id),
            ])
          ).map((d) => d.order_id)
        : [],
    );
    const rows = locked.filter((r) => !disputed.has(r.id));
    if (!rows.length) return [];
    const done = rows.map((r) => r.id);
    // The escrow accounts, locked in id order like every release (their balances are re-read under the lock).
    const escrows = await em.query<(Pick<LedgerAccountRow, 'balance_kobo'> & { order_id: number })[]>(
      `SELECT order_id, balance_kobo FROM ledger_account WHERE code = ANY($1) ORDER BY id FOR UPDATE`,
      [done.map((id) => `escrow:${id}`)],
    );
    const heldOf = new Map(escrows.map((e) => [e.order_id, Number(e.balance_kobo)]));
    const moves = rows
      .map((r) => {
        const held = heldOf.get(r.id) ?? 0;
        const total = Number(r.total_kobo);
        // The commission frozen at checkout, on the released part only (as release() computes it).
        const commission = total > 0 ? Math.floor((Number(r.commission_kobo) * held) / total) : 0;
        return { ...r, held, commission, memo: reasonOf(r) };
      })
      .filter((m) => m.held > 0);
    const sellers = [...new Set(moves.map((m) => m.seller_id))];
    await em.query(
      `INSERT INTO ledger_account (code, kind, user_id) SELECT 'seller_available:' || u, 'seller_available', u FROM unnest($1::int[]) u
        UNION ALL SELECT 'kasuwa_commission', 'kasuwa_commission', NULL ON CONFLICT (code) DO NOTHING`,
      [sellers],
    );
    // The sellers' balances, locked in id order before any posting touches them: two chunks never wait on each other.
    await em.query(`SELECT 1 FROM ledger_account WHERE code = ANY($1) ORDER BY id FOR UPDATE`, [
      sellers.map((u) => `seller_available:${u}`),
    ]);
    // One balanced entry per order (escrow → commission + the seller's available balance), once: the (kind, ref) key.
    await em.query(
      `WITH m AS (SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::bigint[], $5::text[]) AS t(order_id, seller_id, held, commission, memo)),
            e AS (INSERT INTO journal_entry (kind, ref, order_id, user_id, memo)
                  SELECT 'release', 'order:' || order_id, order_id, seller_id, memo FROM m ON CONFLICT (kind, ref) DO NOTHING RETURNING id, order_id)
       INSERT INTO ledger_posting (entry_id, account_id, amount_kobo)
       SELECT e.id, a.id, p.amount FROM e JOIN m USING (order_id)
        CROSS JOIN LATERAL (VALUES ('escrow:' || m.order_id, -m.held), ('kasuwa_commission', m.commission), ('seller_available:' || m.seller_id, m.held - m.commission)) AS p(code, amount)
        JOIN ledger_account a ON a.code = p.code
        WHERE p.amount <> 0
        ORDER BY e.id, a.id`,
      [
        moves.map((m) => m.id),
        moves.map((m) => m.seller_id),
        moves.map((m) => m.held),
        moves.map((m) => m.commission),
        moves.map((m) => m.memo),
      ],
    );
    await em.query(`UPDATE "order" SET status = 'completed', released_at = now(), updated_at = now() WHERE id = ANY($1)`, [done]);
    await recordHistory(
      em,
      rows.map((r) => ({ orderId: r.id, from: r.status, to: 'completed' as const, actorKind: 'system' as const, reason: reasonOf(r) })),
    );
    await told?.(em, done);
    return done;
  }
}

/** The history line (and release memo) of an order completed by the clock. */
const autoCompletedReason = (releaseAt: Date) =>
  `Completed automatically on ${formatDateTime(new Date(releaseAt).toISOString())}: the buyer neither confirmed receipt nor reported a problem, so Kasuwa paid the seller`;

/** The same for an order on the delivery option's clock that was never marked delivered: paid RELEASE_AFTER after its expected delivery date. */
const notDeliveredReason = (releaseAt: Date, releaseAfterSeconds: number) =>
  `Not disputed by ${formatDateTime(new Date(releaseAt).toISOString())}, ${formatDuration(releaseAfterSeconds)} after the expected delivery date: completed automatically, so Kasuwa paid the seller`;

/** Orders auto-completed in one transaction. */
const RELEASE_CHUNK = 50;

export interface CompleteOrder {
  /** `completed` (default) or `received_by_buyer`. */
  to?: Extract<OrderStatus, 'completed' | 'received_by_buyer'>;
  actorKind: OrderActorKind;
  actorId?: number | null;
  /** Kept in the order's history and as the release's memo. */
  reason: string;
}
