import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatDateTime, formatNaira, koboToNaira, type RiskRule } from '@kasuwa/contracts';
import { conflict } from '../../common/errors';
import type { PayoutAccountRow, ProductRow, RiskSignalRow } from '../../database/rows.generated';
import { JobsService } from '../jobs/jobs.service';
import { CHANGE_HOLD_MS } from './payout-change-hold';
import { NotificationsService } from '../notifications/notifications.service';
import { missedShipByCount, SELLERS_MISSING_SHIP_BY_SQL } from './missed-ship-by';
import {
  CHAT_WARNINGS_PER_DAY,
  MISSED_SHIP_BY,
  MISSED_SHIP_BY_DAYS,
  NEW_ACCOUNT_DAYS,
  PAYOUT_CHANGE_HOURS,
  PRICE_COMPARABLES,
  PRICE_MULTIPLE,
  RULE_HOLDS,
} from './risk-rules';

type Db = Pick<EntityManager, 'query'>;

interface Raise {
  rule: RiskRule;
  targetType: 'user' | 'product';
  targetId: number;
  userId: number;
  reason: string;
  details: Record<string, unknown>;
  /** No new signal when one for this rule and target was raised after this (a decided one included): the same facts are not raised twice. */
  quietSince: Date | null;
}

const RISK_SWEEP_JOB = 'risk-missed-ship-by';
const naira = (kobo: number) => formatNaira(koboToNaira(kobo));

/**
 * The risk rules (./risk-rules): each fires where its facts arise (a listing posted, a withdrawal asked, a warned chat
 * message, a report, a missed ship-by) and raises a signal with a reason. A signal holds what its rule says until an
 * admin decides (flows/risk-decision.flow); the held person is told the reason. At most one open signal per rule and target
 * (the unique index risk_signal_open_once; concurrent raises collapse into one).
 */
@Injectable()
export class RiskService {
  private readonly logger = new Logger(RiskService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly notifications: NotificationsService,
    jobs: JobsService,
  ) {
    // Missed ship-by deadlines arise in another module's job: swept here, so the rule holds whoever cancels the orders.
    jobs.define({ name: RISK_SWEEP_JOB, everySeconds: 300, retryLimit: 0, run: async () => void (await this.sweepMissedShipBy()) });
  }

  /**
   * new_account_price, in the transaction that stores the listing: a seller account younger than NEW_ACCOUNT_DAYS
   * whose first listing is priced above PRICE_MULTIPLE × its category's median (PRICE_COMPARABLES other sellers'
   * listings on sale at least) is held from sale until a moderator looks. Answers whether it was held.
   */
  async listingPosted(em: EntityManager, productId: number): Promise<boolean> {
    const [f] = await em.query<
      (Pick<ProductRow, 'user_id' | 'product_name'> & { price: string; new_account: boolean; listings: number })[]
    >(
      `SELECT p.user_id, p.price_kobo::bigint AS price, p.product_name, u.created_at > now() - make_interval(days => $2) AS new_account,
              (SELECT count(*)::int FROM product o WHERE o.user_id = p.user_id) AS listings
         FROM product p JOIN app_user u ON u.id = p.user_id WHERE p.id = $1`,
      [productId, NEW_ACCOUNT_DAYS],
    );
    if (!f || !f.new_account || f.listings !== 1) return false;
    // percentile_cont is double precision (a number), null without comparables.
    const [m] = await em.query<{ n: number; median: number | null }[]>(
      `SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY price_kobo) AS median
         FROM (SELECT o.price_kobo FROM product o, product p
                WHERE p.id = $1 AND o.category_id = p.category_id AND o.user_id <> p.user_id AND o.status IN ('active','sold_out')
                ORDER BY o.created_at DESC LIMIT 2000) c`,
      [productId],
    );
    const price = Number(f.price);
    if (m.n < PRICE_COMPARABLES || !(price > PRICE_MULTIPLE * Number(m.median))) return false;
    const median = Math.round(Number(m.median));
    const reason = `A new account's first listing is priced at ${naira(price)}, more than ${PRICE_MULTIPLE}× the usual price in its category (${naira(median)}). Kasuwa checks such listings before they go on sale.`;
    const id = await this.raise(em, {
      rule: 'new_account_price',
      targetType: 'product',
      targetId: productId,
      userId: f.user_id,
      reason,
      details: { priceKobo: price, medianKobo: median, comparables: m.n },
      quietSince: null,
    });
    if (id === null) return false;
    await this.holdListing(em, productId, f.user_id, f.product_name, reason);
    return true;
  }

  /**
   * A withdrawal asked: payout_change_withdrawal fires when the payout account was changed within PAYOUT_CHANGE_HOURS
   * (once per change: a cleared signal is not raised again for the same change), committed on its own whatever the
   * withdrawal's fate (asking during the 24 h change hold counts too).
   */
  async withdrawalAsked(userId: number): Promise<void> {
    await this.db.transaction(async (em) => {
      const [a] = await em.query<Pick<PayoutAccountRow, 'payouts_hold_until'>[]>(
        `SELECT payouts_hold_until FROM payout_account WHERE user_id = $1`,
        [userId],
      );
      // A change sets payouts_hold_until = change time + CHANGE_HOLD_MS (set by money's payout-account.service); the first account none.
      if (!a?.payouts_hold_until) return;
      const changedAt = new Date(new Date(a.payouts_hold_until).getTime() - CHANGE_HOLD_MS);
      if (Date.now() - changedAt.getTime() >= PAYOUT_CHANGE_HOURS * 3_600_000) return;
      const reason = `Your payout bank account was changed on ${formatDateTime(changedAt.toISOString())} (Lagos time) and a withdrawal was asked within ${PAYOUT_CHANGE_HOURS} hours. Kasuwa's finance team checks that the change was yours before money leaves.`;
      const id = await this.raise(em, {
        rule: 'payout_change_withdrawal',
        targetType: 'user',
        targetId: userId,
        userId,
        reason,
        details: { changedAt: changedAt.toISOString() },
        quietSince: changedAt,
      });
      if (id !== null)
        await this.notifications.notify(
          userId,
          { type: 'money', title: 'Your withdrawals are on hold for a check', body: reason, link: '/profile#earnings', email: true },
          em,
        );
    });
  }

  /** A withdrawal hold (an open or confirmed withdrawal-holding signal) answers 409 RISK_HOLD with its reason. */
  async assertNoWithdrawalHold(db: Db, userId: number): Promise<void> {
    const [s] = await db.query<Pick<RiskSignalRow, 'reason'>[]>(
      `SELECT reason FROM risk_signal WHERE user_id = $1 AND hold = 'withdrawal' AND state IN ('open','confirmed') ORDER BY id LIMIT 1`,
      [userId],
    );
    if (s) throw conflict('RISK_HOLD', `Withdrawals are on hold: ${s.reason}`);
  }

  /** chat_warnings, in the transaction that stores a warned message: CHAT_WARNINGS_PER_DAY warned messages from one sender in 24 h. */
  async chatWarned(em: EntityManager, senderId: number): Promise<void> {
    const [{ n }] = await em.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM message WHERE sender_id = $1 AND warning IS NOT NULL AND created_at > now() - interval '24 hours'`,
      [senderId],
    );
    if (n < CHAT_WARNINGS_PER_DAY) return;
    const reason = `${n} chat messages in a day asked the other side to pay or reach them outside Kasuwa (account or phone numbers, links, "pay me directly").`;
    await this.raise(em, {
      rule: 'chat_warnings',
      targetType: 'user',
      targetId: senderId,
      userId: senderId,
      reason,
      details: { warnedMessages: n },
      quietSince: new Date(Date.now() - 24 * 3_600_000),
    });
  }

  /** listing_reported, in the report's transaction: one open signal per listing however many reports come. */
  async listingReported(em: EntityManager, productId: number, sellerId: number, report: { id: number; reason: string }): Promise<void> {
    const reason = `The listing was reported by a user (${report.reason.replace('_', ' ')}).`;
    await this.raise(em, {
      rule: 'listing_reported',
      targetType: 'product',
      targetId: productId,
      userId: sellerId,
      reason,
      details: { reportId: report.id, reportReason: report.reason },
      quietSince: new Date(),
    });
  }

  /** missed_ship_by for one seller (the ship-by cancellation may call it in its transaction; the sweep calls it too). */
  async sellerMissedShipBy(em: EntityManager, sellerId: number): Promise<void> {
    const n = await missedShipByCount(em, sellerId, MISSED_SHIP_BY_DAYS);
    if (n < MISSED_SHIP_BY) return;
    const reason = `${n} orders were cancelled in the last ${MISSED_SHIP_BY_DAYS} days because the seller did not ship them by the ship-by deadline.`;
    await this.raise(em, {
      rule: 'missed_ship_by',
      targetType: 'user',
      targetId: sellerId,
      userId: sellerId,
      reason,
      details: { missed: n },
      quietSince: new Date(Date.now() - MISSED_SHIP_BY_DAYS * 86_400_000),
    });
  }

  /** The sweep (every 5 minutes, once across workers): every seller at or over the threshold. */
  async sweepMissedShipBy(): Promise<number> {
    const sellers = await this.db.query<{ sellerId: number; n: number }[]>(SELLERS_MISSING_SHIP_BY_SQL, [
      MISSED_SHIP_BY_DAYS,
      MISSED_SHIP_BY,
    ]);
    for (const { sellerId } of sellers) {
      try {
        await this.db.transaction((em) => this.sellerMissedShipBy(em, sellerId));
      } catch (err) {
        this.logger.error(`Missed ship-by check of seller ${sellerId} failed: ${(err as Error).message}`);
      }
    }
    return sellers.length;
  }

  /** Inserts the signal unless one is open for this rule and target, or one was raised since `quietSince`. Answers its id or null. */
  private async raise(em: Db, s: Raise): Promise<number | null> {
    const rows = await em.query<Pick<RiskSignalRow, 'id'>[]>(
      `INSERT INTO risk_signal (rule, target_type, target_id, user_id, hold, reason, details)
       SELECT $1::varchar, $2::varchar, $3::int, $4::int, $5::varchar, $6::varchar, $7::jsonb
        WHERE NOT EXISTS (SELECT 1 FROM risk_signal WHERE rule = $1 AND target_type = $2 AND target_id = $3 AND ($8::timestamptz IS NULL OR created_at > $8::timestamptz))
       ON CONFLICT (rule, target_type, target_id) WHERE state = 'open' DO NOTHING RETURNING id`,
      [
        s.rule,
        s.targetType,
        s.targetId,
        s.userId,
        RULE_HOLDS[s.rule],
        s.reason.slice(0, 500),
        JSON.stringify(s.details),
        s.quietSince ? s.quietSince.toISOString() : null,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /** A held listing is off sale (a new listing: nothing of it is cached yet) (status `held`, like a reports hold); its seller reads the reason on the Products tab. */
  private async holdListing(em: EntityManager, productId: number, sellerId: number, name: string, reason: string): Promise<void> {
    await em.query(
      `UPDATE product SET status = 'held', block_reason = $2, updated_at = now() WHERE id = $1 AND status IN ('active','sold_out')`,
      [productId, reason],
    );
    await this.notifications.notify(
      sellerId,
      { type: 'listing', title: `“${name}” is held for a check`, body: reason, link: '/profile#products', email: true },
      em,
    );
  }
}

export { RISK_SWEEP_JOB };
