import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money on a clock. Each order keeps the two deadlines it was given when they started (so changing a setting never
 * moves a promise already shown to a buyer): `ship_by_at` (payment + SHIP_BY) and `release_at` (delivery +
 * RELEASE_AFTER, also the end of the dispute window). The reminder columns make each reminder go once; `ship_by_missed_at`
 * marks an order cancelled for a missed ship-by deadline (the seller's missedShipBy figure).
 * Existing orders: delivered ones get release_at = delivered_at + 7 days (the default, the policy page's number);
 * paid orders not yet shipped get a full 3-day ship-by clock from this migration, never a deadline already past.
 */
export class MoneyClock1764190000001 implements MigrationInterface {
  name = 'MoneyClock1764190000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order" ADD COLUMN ship_by_at timestamptz, ADD COLUMN release_at timestamptz, ADD COLUMN ship_reminded_at timestamptz,
                     ADD COLUMN release_reminded_at timestamptz, ADD COLUMN ship_by_missed_at timestamptz`);
    await q.query(`UPDATE "order" SET release_at = delivered_at + interval '7 days' WHERE delivered_at IS NOT NULL`);
    await q.query(`UPDATE "order" SET ship_by_at = greatest(paid_at, now()) + interval '3 days'
                    WHERE paid_at IS NOT NULL AND status IN ('paid', 'processing', 'accepted_by_seller')`);
    await q.query(`DROP INDEX order_release_due_idx`);
    await q.query(`CREATE INDEX order_release_due_idx ON "order" (release_at) WHERE released_at IS NULL AND release_at IS NOT NULL`);
    await q.query(
      `CREATE INDEX order_ship_by_due_idx ON "order" (ship_by_at) WHERE status IN ('paid', 'processing', 'accepted_by_seller') AND ship_by_at IS NOT NULL`,
    );
    await q.query(`CREATE INDEX order_ship_by_missed_idx ON "order" (seller_id, ship_by_missed_at) WHERE ship_by_missed_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX order_ship_by_missed_idx`);
    await q.query(`DROP INDEX order_ship_by_due_idx`);
    await q.query(`DROP INDEX order_release_due_idx`);
    await q.query(`CREATE INDEX order_release_due_idx ON "order" (delivered_at) WHERE released_at IS NULL AND delivered_at IS NOT NULL`);
    await q.query(
      `ALTER TABLE "order" DROP COLUMN ship_by_at, DROP COLUMN release_at, DROP COLUMN ship_reminded_at, DROP COLUMN release_reminded_at, DROP COLUMN ship_by_missed_at`,
    );
  }
}
