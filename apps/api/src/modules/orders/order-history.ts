import type { EntityManager } from 'typeorm';
import type { OrderActorKind, OrderStatus } from '@kasuwa/contracts';

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
