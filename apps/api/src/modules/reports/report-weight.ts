import type { EntityManager } from 'typeorm';
import { REPORT_DISMISSED_QUIET_DAYS, REPORT_SELLER_CAP, REPORT_SELLER_WINDOW_DAYS } from '@kasuwa/contracts';
import { ACCOUNT_VERIFIED_SQL, completedOrdersSql } from '../../common/account-verified';

/**
 * What a reporter's report on a listing weighs toward its automatic hold (contracts REPORT_HOLD_WEIGHT):
 * - 0 from an unverified account (ACCOUNT_VERIFIED_SQL), so throw-away accounts hide nothing;
 * - 0 when an admin dismissed this reporter's report on this listing in the last REPORT_DISMISSED_QUIET_DAYS: the report
 *   is still recorded for the queue (the listing may have changed since), but the same people cannot re-hide it at once;
 * - 0 when the reporter's reports already weigh on REPORT_SELLER_CAP other listings of the same seller in the window,
 *   so one group cannot hold every listing of a shop;
 * - otherwise 0.5 + up to 0.5 by account age (full at 90 days) + 0.25 per completed order (up to 2): 0.5 to 1.5.
 */
export async function reportWeight(em: EntityManager, reporterId: number, productId: number, sellerId: number): Promise<number> {
  const [row] = await em.query<{ weight: string }[]>(
    `SELECT CASE
              WHEN NOT ${ACCOUNT_VERIFIED_SQL} THEN 0
              WHEN EXISTS (SELECT 1 FROM report d WHERE d.reporter_id = u.id AND d.target_type = 'product' AND d.target_id = $2
                              AND d.action = 'dismiss' AND d.decided_at > now() - make_interval(days => $4)) THEN 0
              WHEN (SELECT count(DISTINCT c.target_id) FROM report c JOIN product p ON p.id = c.target_id
                     WHERE c.reporter_id = u.id AND c.target_type = 'product' AND c.target_id <> $2 AND c.weight > 0
                       AND p.user_id = $3 AND c.created_at > now() - make_interval(days => $5)) >= $6 THEN 0
              ELSE round((0.5 + 0.5 * LEAST(extract(epoch FROM now() - u.created_at) / (86400 * 90), 1)
                          + 0.25 * LEAST(${completedOrdersSql('u')}, 2))::numeric, 2)
            END AS weight
       FROM app_user u WHERE u.id = $1`,
    [reporterId, productId, sellerId, REPORT_DISMISSED_QUIET_DAYS, REPORT_SELLER_WINDOW_DAYS, REPORT_SELLER_CAP],
  );
  return Number(row?.weight ?? 0);
}
