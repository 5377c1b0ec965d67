import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { koboToNaira, type DashboardStats } from '@kasuwa/contracts';
import { OrdersQueryService } from '../modules/orders/orders-query.service';

const RECENT_ORDERS = 5;

/** The kobo sums the statements below select: bigint, so pg gives strings. */
type Window = 1 | 7 | 30;
type MoneySum = 'revenue' | 'cash' | `d${Window}` | `p${Window}`;
type LedgerSum = 'commission' | `c${Window}` | 'escrow' | 'owed' | 'in_transit' | 'paid_out' | 'refunded' | 'refunds_pending';

/** Percent change from the previous window to this one; null when there is nothing to compare with. */
const trend = (now: number, before: number) => (before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null);

/** The back-office dashboard. Money figures come from paid orders only (payment_status = 'paid'), by paid date. */
@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrdersQueryService,
  ) {}

  async stats(): Promise<DashboardStats> {
    const [[counts], [money], recent, [ledger]] = await Promise.all([
      this.db.query<{ users: number; products: number; orders: number }[]>(
        `SELECT (SELECT count(*)::int FROM app_user WHERE status <> 'deleted') AS users,
                (SELECT count(*)::int FROM product WHERE status <> 'withdrawn') AS products,
                (SELECT count(*)::int FROM "order") AS orders`,
      ),
      // One pass over paid orders: each window and the window before it (for the trend).
      this.db.query<({ paid_orders: number; cash_orders: number } & Record<MoneySum, string>)[]>(
        `SELECT count(*)::int AS paid_orders, coalesce(sum(total_kobo), 0)::bigint AS revenue,
                count(*) FILTER (WHERE cash_received_at IS NOT NULL)::int AS cash_orders,
                coalesce(sum(total_kobo) FILTER (WHERE cash_received_at IS NOT NULL), 0)::bigint AS cash,
                ${[1, 7, 30]
                  .map(
                    (d) => `coalesce(sum(total_kobo) FILTER (WHERE paid_at >= now() - interval '${d} days'), 0)::bigint AS d${d},
                coalesce(sum(total_kobo) FILTER (WHERE paid_at >= now() - interval '${2 * d} days' AND paid_at < now() - interval '${d} days'), 0)::bigint AS p${d}`,
                  )
                  .join(',\n')}
           FROM "order" WHERE payment_status = 'paid'`,
      ),
      this.orders.recent(RECENT_ORDERS),
      this.db.query<Record<LedgerSum, string>[]>(
        `SELECT (SELECT coalesce(sum(p.amount_kobo), 0) FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id WHERE a.code = 'kasuwa_commission')::bigint AS commission,
                ${[1, 7, 30]
                  .map(
                    (
                      d,
                    ) => `(SELECT coalesce(sum(p.amount_kobo), 0) FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id JOIN journal_entry e ON e.id = p.entry_id
                     WHERE a.code = 'kasuwa_commission' AND e.created_at >= now() - interval '${d} days')::bigint AS c${d}`,
                  )
                  .join(',\n')},
                (SELECT coalesce(sum(balance_kobo), 0) FROM ledger_account WHERE kind = 'escrow')::bigint AS escrow,
                (SELECT coalesce(-sum(balance_kobo), 0) FROM ledger_account WHERE kind = 'seller_owed')::bigint AS owed,
                (SELECT coalesce(sum(balance_kobo), 0) FROM ledger_account WHERE kind = 'seller_in_transit')::bigint AS in_transit,
                (SELECT coalesce(sum(amount_kobo), 0) FROM payout WHERE status = 'success')::bigint AS paid_out,
                (SELECT coalesce(sum(amount_kobo), 0) FROM refund WHERE status = 'processed')::bigint AS refunded,
                (SELECT coalesce(sum(amount_kobo), 0) FROM refund WHERE status IN ('queued', 'pending'))::bigint AS refunds_pending`,
      ),
    ]);
    const l = (k: LedgerSum) => koboToNaira(Number(ledger[k]));
    const n = (k: MoneySum) => Number(money[k]);
    return {
      stats: {
        totalUsers: counts.users,
        totalProducts: counts.products,
        totalOrders: counts.orders,
        paidOrders: money.paid_orders,
        revenue: koboToNaira(n('revenue')),
        daily: koboToNaira(n('d1')),
        weekly: koboToNaira(n('d7')),
        monthly: koboToNaira(n('d30')),
        trends: { daily: trend(n('d1'), n('p1')), weekly: trend(n('d7'), n('p7')), monthly: trend(n('d30'), n('p30')) },
        money: {
          gmv: koboToNaira(n('revenue')),
          commissionEarned: l('commission'),
          commission: { daily: l('c1'), weekly: l('c7'), monthly: l('c30') },
          escrowHeld: l('escrow'),
          payoutsPending: l('in_transit'),
          paidOut: l('paid_out'),
          refunded: l('refunded'),
          refundsPending: l('refunds_pending'),
          cashOnDelivery: { orders: money.cash_orders, amount: koboToNaira(n('cash')), owedBySellers: l('owed') },
        },
      },
      recentData: { orders: recent },
    };
  }
}
