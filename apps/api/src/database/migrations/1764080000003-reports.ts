import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/trust.md (Reports): reports of listings, users and conversations, one open report per
 * reporter and target (partial unique index); a listing reported by 3 different users is `held` (hidden from search,
 * which reads only active listings) until an admin decides. A decision closes every open report on the target.
 */
export class Reports1764080000003 implements MigrationInterface {
  name = 'Reports1764080000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product DROP CONSTRAINT product_status_check`);
    await q.query(
      `ALTER TABLE product ADD CONSTRAINT product_status_check CHECK (status IN ('active','sold_out','withdrawn','blocked','held'))`,
    );
    await q.query(`
      CREATE TABLE report (
        id serial PRIMARY KEY,
        reporter_id int NOT NULL REFERENCES app_user(id),
        target_type varchar(12) NOT NULL CHECK (target_type IN ('product','user','conversation')),
        target_id int NOT NULL,
        reason varchar(20) NOT NULL CHECK (reason IN ('scam','prohibited','wrong_category','offensive','other')),
        text varchar(2000) NOT NULL DEFAULT '',
        status varchar(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open','resolved')),
        action varchar(16) CHECK (action IN ('block_listing','suspend_user','dismiss')),
        decision_reason varchar(500),
        decided_by int,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX report_open_once ON report (reporter_id, target_type, target_id) WHERE status = 'open'`);
    await q.query(`CREATE INDEX report_target_idx ON report (target_type, target_id, status)`);
    await q.query(`CREATE INDEX report_queue_idx ON report (status, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE report`);
    await q.query(`UPDATE product SET status = 'active' WHERE status = 'held'`);
    await q.query(`ALTER TABLE product DROP CONSTRAINT product_status_check`);
    await q.query(`ALTER TABLE product ADD CONSTRAINT product_status_check CHECK (status IN ('active','sold_out','withdrawn','blocked'))`);
  }
}
