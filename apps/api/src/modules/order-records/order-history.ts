import type { EntityManager } from 'typeorm';
import type { OrderActorKind, OrderStatus } from '@kasuwa/contracts';

/**
 * modules/order-records: the persistence helpers over the order tables that orders, money and payments each call in
 * their own transaction (an order's status timeline here; a checkout's live total and lock in checkout-total.ts).
 * Plain functions over the caller's EntityManager that import no module: they sit below orders, money and payments,
 * so money writing an order's timeline no longer makes money import orders while orders import money (rule: no
 * cycles between modules, module-graph.spec.ts).
 */

export interface HistoryEntry {
  orderId: number;
  from: OrderStatus | null;
  to: OrderStatus;
  actorKind: OrderActorKind;
  actorId?: number | null;
  reason?: string | null;
}

/** Appends status changes to the orders' timelines (one statement for any number of orders). */
export async function recordHistory(em: EntityManager, entries: HistoryEntry[]): Promise<void> {
  if (!entries.length) return;
  await em.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, actor_kind, actor_id, reason)
     SELECT * FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::text[])`,
    [
      entries.map((e) => e.orderId),
      entries.map((e) => e.from),
      entries.map((e) => e.to),
      entries.map((e) => e.actorKind),
      entries.map((e) => e.actorId ?? null),
      entries.map((e) => e.reason ?? null),
    ],
  );
}
