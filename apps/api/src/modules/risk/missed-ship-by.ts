import type { EntityManager } from 'typeorm';

/**
 * Orders of a seller cancelled because the seller did not ship by the ship-by deadline, in the last `days` days.
 * ASSUMPTION (the ship-by cancellation is built elsewhere): such a cancellation writes an order_status_history row to
 * `cancelled` by the `system` whose reason mentions the ship-by deadline ("ship-by", "ship by"). Change this one query
 * if the ship-by job marks its cancellations another way (a column, a reason code).
 */
export const MISSED_SHIP_BY_SQL = `
  SELECT count(DISTINCT h.order_id)::int AS n
    FROM order_status_history h JOIN "order" o ON o.id = h.order_id
   WHERE o.seller_id = $1 AND h.to_status = 'cancelled' AND h.actor_kind = 'system'
     AND h.reason ~* 'ship[- ]?by' AND h.created_at > now() - make_interval(days => $2)`;

/** Sellers with at least `min` such cancellations in the window (the sweep's candidates). */
export const SELLERS_MISSING_SHIP_BY_SQL = `
  SELECT o.seller_id AS "sellerId", count(DISTINCT h.order_id)::int AS n
    FROM order_status_history h JOIN "order" o ON o.id = h.order_id
   WHERE h.to_status = 'cancelled' AND h.actor_kind = 'system' AND h.reason ~* 'ship[- ]?by'
     AND h.created_at > now() - make_interval(days => $1)
   GROUP BY o.seller_id HAVING count(DISTINCT h.order_id) >= $2
   LIMIT 1000`;

export async function missedShipByCount(em: Pick<EntityManager, 'query'>, sellerId: number, days: number): Promise<number> {
  const [{ n }] = await em.query<{ n: number }[]>(MISSED_SHIP_BY_SQL, [sellerId, days]);
  return n;
}
