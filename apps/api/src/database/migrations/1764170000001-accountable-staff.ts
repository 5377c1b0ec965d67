import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accountable staff.
 * - `admin.role`: what an admin may open (owner, finance, support, moderator). Admins made before roles existed
 *   could do everything, so they stay able to: they become `owner`. A new signup is `support` until the approving
 *   owner picks its role.
 * - Two-factor sign-in: the TOTP secret sealed with AES-GCM (`totp_secret`, set at enrolment, live once
 *   `totp_enabled_at` is set), the last step used (a code works once), and wrong codes counted per admin
 *   (`otp_failures` since `otp_failures_since`). Recovery codes: SHA-256 of each, spent by setting `used_at`.
 * - `audit_log`: every admin write, in the write's own transaction. Append-only like the ledger: no route and no
 *   statement may change or remove an entry.
 */
export class AccountableStaff1764170000001 implements MigrationInterface {
  name = 'AccountableStaff1764170000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE admin ADD COLUMN role varchar(10) NOT NULL DEFAULT 'owner' CHECK (role IN ('owner','finance','support','moderator'))`,
    );
    await q.query(`ALTER TABLE admin ALTER COLUMN role SET DEFAULT 'support'`);
    await q.query(`
      ALTER TABLE admin
        ADD COLUMN totp_secret text,
        ADD COLUMN totp_enabled_at timestamptz,
        ADD COLUMN totp_last_step bigint,
        ADD COLUMN otp_failures int NOT NULL DEFAULT 0,
        ADD COLUMN otp_failures_since timestamptz`);
    await q.query(`
      CREATE TABLE admin_recovery_code (
        id serial PRIMARY KEY,
        admin_id int NOT NULL REFERENCES admin(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT admin_recovery_code_once UNIQUE (admin_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        admin_id int,
        admin_email citext NOT NULL,
        action varchar(60) NOT NULL,
        target_type varchar(40) NOT NULL,
        target_id varchar(64),
        before jsonb,
        after jsonb,
        reason text,
        request_id varchar(64),
        client_ip varchar(64)
      )`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at, id)`);
    await q.query(`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at)`);
    await q.query(`CREATE INDEX audit_log_admin_idx ON audit_log (admin_id, at)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the audit log is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001'; END $$`);
    await q.query(
      `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
    );
    await q.query(
      `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(`DROP TABLE admin_recovery_code`);
    await q.query(
      `ALTER TABLE admin DROP COLUMN role, DROP COLUMN totp_secret, DROP COLUMN totp_enabled_at, DROP COLUMN totp_last_step, DROP COLUMN otp_failures, DROP COLUMN otp_failures_since`,
    );
  }
}
