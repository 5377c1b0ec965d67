import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rule "verified people": e-mail verified before checkout, posting or withdrawing; phone verified by SMS code before
 * posting or withdrawing, and a phone number as a way to sign in.
 * - `app_user.email_verified_at` / `phone_verified_at`: when the account proved it owns them; `phone_e164` the verified
 *   number (+234…), one account per number. Accounts that exist now were made before the rule and count as verified
 *   (their phone too, for the rule; the "Phone verified" badge needs a number verified by code).
 * - `email_verification`: single-use links (only the SHA-256 of the token is stored), for the address they were sent to.
 * - `phone_code`: 6-digit codes, stored as an HMAC (never in the clear), with their wrong tries counted.
 * - `sms_outbox`: every SMS when no SMS provider is configured (the development log, like `mail_outbox`).
 */
export class VerifiedPeople1764160000001 implements MigrationInterface {
  name = 'VerifiedPeople1764160000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE app_user ADD COLUMN email_verified_at timestamptz, ADD COLUMN phone_e164 varchar(16), ADD COLUMN phone_verified_at timestamptz`,
    );
    await q.query(`UPDATE app_user SET email_verified_at = created_at, phone_verified_at = created_at`);
    await q.query(`CREATE UNIQUE INDEX app_user_phone_e164_key ON app_user (phone_e164)`);
    await q.query(`
      CREATE TABLE email_verification (
        id serial PRIMARY KEY,
        user_id int NOT NULL,
        email citext NOT NULL,
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX email_verification_token_key ON email_verification (token_hash)`);
    await q.query(`CREATE INDEX email_verification_user_idx ON email_verification (user_id)`);
    await q.query(`
      CREATE TABLE phone_code (
        id serial PRIMARY KEY,
        phone varchar(16) NOT NULL,
        code_hash char(64) NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX phone_code_phone_idx ON phone_code (phone, id)`);
    await q.query(`
      CREATE TABLE sms_outbox (
        id serial PRIMARY KEY,
        recipient varchar(16) NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sms_outbox`);
    await q.query(`DROP TABLE phone_code`);
    await q.query(`DROP TABLE email_verification`);
    await q.query(`DROP INDEX app_user_phone_e164_key`);
    await q.query(`ALTER TABLE app_user DROP COLUMN email_verified_at, DROP COLUMN phone_e164, DROP COLUMN phone_verified_at`);
  }
}
