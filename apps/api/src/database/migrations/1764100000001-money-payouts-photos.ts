import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dispute's photos (the buyer's evidence, stored like listing photos), the seller's
 * automatic daily payout setting, and the Lagos day an automatic payout was made for — unique per seller, so the
 * daily job pays out once a day however often it runs.
 */
export class MoneyPayoutsPhotos1764100000001 implements MigrationInterface {
  name = 'MoneyPayoutsPhotos1764100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dispute ADD COLUMN photos jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`ALTER TABLE payout_account ADD COLUMN auto_payout boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE payout ADD COLUMN auto_day date`);
    await q.query(`CREATE UNIQUE INDEX payout_auto_day_once ON payout (user_id, auto_day) WHERE auto_day IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payout_auto_day_once`);
    await q.query(`ALTER TABLE payout DROP COLUMN auto_day`);
    await q.query(`ALTER TABLE payout_account DROP COLUMN auto_payout`);
    await q.query(`ALTER TABLE dispute DROP COLUMN photos`);
  }
}
