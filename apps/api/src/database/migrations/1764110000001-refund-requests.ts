import { MigrationInterface, QueryRunner } from 'typeorm';
import { TIMESTAMPS } from '../ddl';

/**
 * A buyer's rejection of a paid order is a refund request that an admin approves (refunded through the
 * order's escrow, once) or declines with a reason. At most one open request per order (the partial unique index),
 * so a repeated rejection or a race between two admins cannot refund twice.
 */
export class RefundRequests1764110000001 implements MigrationInterface {
  name = 'RefundRequests1764110000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refund_request (
        id serial PRIMARY KEY,
        order_id int NOT NULL,
        buyer_id int NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'requested' CONSTRAINT refund_request_status_check CHECK (status IN ('requested','approved','declined')),
        reason text,
        decision_reason text,
        decided_by int,
        decided_at timestamptz,
        refund_id int,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE UNIQUE INDEX refund_request_open_once ON refund_request (order_id) WHERE status = 'requested'`);
    await q.query(`CREATE INDEX refund_request_status_idx ON refund_request (status, id)`);
    await q.query(`CREATE INDEX refund_request_order_idx ON refund_request (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE refund_request`);
  }
}
