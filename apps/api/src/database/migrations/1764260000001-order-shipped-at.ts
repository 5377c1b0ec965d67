import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the goods left the seller (`shipped_at`, set once on the first move to shipped or on the way): a seller-delivery
 * order's release clock and its expected delivery date run from it (shipped + the option's days). Existing orders take
 * the time of their first move to shipped from their history. Their release_at is left as it is: an order shipped
 * before this keeps the rule it was shipped under (released at delivery + RELEASE_AFTER), never a date already past.
 */
export class OrderShippedAt1764260000001 implements MigrationInterface {
  name = 'OrderShippedAt1764260000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order" ADD COLUMN shipped_at timestamptz`);
    await q.query(`UPDATE "order" o SET shipped_at = h.at
                     FROM (SELECT order_id, min(created_at) AS at FROM order_status_history WHERE to_status IN ('shipped', 'on_the_way') GROUP BY order_id) h
                    WHERE h.order_id = o.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order" DROP COLUMN shipped_at`);
  }
}
