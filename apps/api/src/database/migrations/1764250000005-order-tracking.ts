import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tracking on shipped orders: who carries the order and its tracking number, given by the seller when marking it
 * shipped. All nullable, so orders that exist stay as they are (nothing was said about their carrier). The checks
 * repeat the edge's rules (CARRIERS, TRACKING_NUMBER, CARRIER_NAME_MAX in @kasuwa/contracts) for any other writer.
 */
export class OrderTracking1764250000005 implements MigrationInterface {
  name = 'OrderTracking1764250000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "order" ADD COLUMN carrier varchar(20), ADD COLUMN carrier_name varchar(40), ADD COLUMN tracking_number varchar(40)`,
    );
    await q.query(
      `ALTER TABLE "order" ADD CONSTRAINT order_carrier_check CHECK (carrier IN ('gig_logistics','dhl','kwik','sendbox','own_rider','other'))`,
    );
    // A number or a name says nothing without the carrier; only `other` is named.
    await q.query(
      `ALTER TABLE "order" ADD CONSTRAINT order_tracking_check CHECK ((tracking_number IS NULL OR carrier IS NOT NULL) AND (carrier_name IS NULL OR carrier = 'other'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order" DROP CONSTRAINT order_tracking_check`);
    await q.query(`ALTER TABLE "order" DROP CONSTRAINT order_carrier_check`);
    await q.query(`ALTER TABLE "order" DROP COLUMN tracking_number, DROP COLUMN carrier_name, DROP COLUMN carrier`);
  }
}
