import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports that cannot be gamed: each report stores the weight it carries toward the automatic hold (0 when it does not
 * count: unverified reporter, a dismissed reporter–listing pair within 30 days, or the reporter's cap of listings of one
 * seller). Reports written before the rule keep 0: they were never weighed, so they do not add to a new hold.
 * The index serves the per-seller cap (a reporter's weighted listing reports in the window).
 */
export class ReportWeight1764180000001 implements MigrationInterface {
  name = 'ReportWeight1764180000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE report ADD COLUMN weight numeric(4,2) NOT NULL DEFAULT 0 CHECK (weight >= 0)`);
    await q.query(`CREATE INDEX report_reporter_idx ON report (reporter_id, target_type, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX report_reporter_idx`);
    await q.query(`ALTER TABLE report DROP COLUMN weight`);
  }
}
