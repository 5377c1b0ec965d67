import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatLongDate, formatNaira, koboToNaira } from '@kasuwa/contracts';
import { conflict, DomainError } from '../../common/errors';
import { APP_CONFIG, AppConfig } from '../../config/app.config';
import { Clock } from './clock';
import { openRefund } from './refund-open';
import { availableOf, CLEARING, COMMISSION, escrowOf, LedgerService, UNAPPLIED } from './ledger.service';

/** Rule "while a dispute is open, Kasuwa holds the money": the one refusal every release path gives. */
const disputeOpen = (): DomainError =>
  conflict('DISPUTE_OPEN', 'A dispute is open on this order: Kasuwa keeps the money until an admin decides it.');

/**
 * Buyer protection: a paid order's money waits in its escrow account until the buyer confirms (or the auto-release
 * delay passes with no dispute), then goes to the seller less the commission frozen at checkout. Every method runs
 * in the caller's transaction, beside the state change that causes it.
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
    const orders: { id: number; total_kobo: string }[] = await em.query(`SELECT id, total_kobo FROM "order" WHERE id = ANY($1) ORDER BY id`, [orderIds]);
    for (const o of orders) {
      const amount = Number(o.total_kobo);
      await this.ledger.post(em, { kind: 'payment', ref: `order:${o.id}`, orderId: o.id, memo: `Payment ${paymentReference}` }, [
        [CLEARING, -amount],
        [escrowOf(o.id), amount],
      ]);
    }
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
    const [o] = await em.query(
      `SELECT o.id, o.seller_id, o.total_kobo, o.commission_kobo, o.released_at, o.paid_at,
              EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id AND d.status = 'open') AS disputed
         FROM "order" o WHERE o.id = $1 FOR UPDATE OF o`,
      [orderId],
    );
    if (!o || !o.paid_at || o.released_at) return false;
    // Defence in depth: callers refuse first, but no path (a new one included) may release a disputed order's money.
    if (o.disputed) throw disputeOpen();
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
    const [o] = await em.query(
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
      throw conflict('NOTHING_HELD', `Escrow holds nothing for this order: its money already went back to the buyer, so there is nothing to refund. ${instead}`);
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
    const [p] = await em.query(
      `SELECT t.reference FROM payment_transaction t JOIN "order" o ON o.checkout_session_id = t.checkout_session_id
        WHERE o.id = $1 AND t.applied ORDER BY t.id DESC LIMIT 1`,
      [orderId],
    );
    if (!p) throw conflict('NO_PAYMENT', 'This order has no payment to refund.');
    return openRefund(em, this.ledger, { orderId, paymentReference: p.reference, amount: value, reason, from: escrowOf(orderId) });
  }

  /** Releases every delivered order whose buyer protection ran out with no open dispute (idempotent; the job's effect). */
  async releaseDue(now: Date = this.clock.now()): Promise<number> {
    const due: { id: number }[] = await this.db.query(
      `SELECT o.id FROM "order" o
        WHERE o.released_at IS NULL AND o.delivered_at IS NOT NULL AND o.paid_at IS NOT NULL AND o.status = 'delivered'
          AND o.delivered_at <= $1::timestamptz - make_interval(days => $2)
          AND NOT EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id AND d.status = 'open')
        ORDER BY o.delivered_at LIMIT 500`,
      [now.toISOString(), this.cfg.money.autoReleaseDays],
    );
    let released = 0;
    for (const { id } of due) {
      try {
        const done = await this.db.transaction(async (em) => {
          // Re-checked under the order's lock: a dispute or a status change may have landed since the scan.
          const [still] = await em.query(
            `SELECT 1 FROM "order" o WHERE o.id = $1 AND o.status = 'delivered' AND o.released_at IS NULL
                AND NOT EXISTS (SELECT 1 FROM dispute d WHERE d.order_id = o.id AND d.status = 'open') FOR UPDATE`,
            [id],
          );
          return still ? this.release(em, id, `Released automatically ${this.cfg.money.autoReleaseDays} days after delivery`) : false;
        });
        if (done) released += 1;
      } catch (err) {
        this.logger.error(`Auto-release of order ${id} failed: ${(err as Error).message}`);
      }
    }
    return released;
  }
}
