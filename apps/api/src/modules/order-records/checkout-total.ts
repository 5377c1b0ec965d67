import type { EntityManager } from 'typeorm';

/**
 * A checkout's LIVE orders are its unpaid orders still waiting for the payment (`status = 'pending'`): exactly the
 * orders a successful payment marks paid (PaymentSettlementFlow). What the buyer owes is their sum, never more.
 */
export async function liveTotal(em: EntityManager, sessionId: number): Promise<{ total: number; orders: number }> {
  const [r] = await em.query<{ total: string; orders: number }[]>(
    `SELECT coalesce(sum(total_kobo), 0)::bigint AS total, count(*)::int AS orders FROM "order" WHERE checkout_session_id = $1 AND status = 'pending'`,
    [sessionId],
  );
  return { total: Number(r.total), orders: r.orders };
}

/**
 * Recomputes the payable total of these unpaid checkouts from their live orders; a pending checkout left with no
 * live order is closed (`cancelled`), so it can never be paid. Paid checkouts keep the total they were paid for.
 * The caller holds the checkout rows' locks (same transaction as the change that made an order leave or rejoin).
 */
export async function recomputeCheckouts(em: EntityManager, sessionIds: number[]): Promise<void> {
  if (!sessionIds.length) return;
  await em.query(
    `UPDATE checkout_session s
        SET total_kobo = l.total, updated_at = now(),
            status = CASE WHEN s.status = 'pending' AND l.orders = 0 THEN 'cancelled' ELSE s.status END
       FROM (SELECT cs.id, coalesce(sum(o.total_kobo), 0) AS total, count(o.id) AS orders
               FROM checkout_session cs LEFT JOIN "order" o ON o.checkout_session_id = cs.id AND o.status = 'pending'
              WHERE cs.id = ANY($1) GROUP BY cs.id) l
      WHERE s.id = l.id AND s.status <> 'paid'`,
    [sessionIds],
  );
}

/** Locks these checkouts in id order: checkout → its orders → products is the lock order of every money path. */
export async function lockCheckouts(em: EntityManager, sessionIds: number[]): Promise<void> {
  if (sessionIds.length) await em.query(`SELECT id FROM checkout_session WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [sessionIds]);
}
