import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Step-up before money moves, and one place for bank details:
 * - `phone_code.purpose`: a code that signs in or verifies a number (`verify`) is not a code that approves a payout
 *   account or a withdrawal (`step_up`), so asking for one never cancels the other.
 * - The profile's free-text bank fields were never used by payouts. Where the seller already has a payout account
 *   (resolved by the bank), it is the truth and the free text goes; elsewhere the text stays, shown as unconfirmed
 *   until the seller confirms a real account.
 */
export class StepUp1764185000001 implements MigrationInterface {
  name = 'StepUp1764185000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE phone_code ADD COLUMN purpose varchar(8) NOT NULL DEFAULT 'verify' CHECK (purpose IN ('verify', 'step_up'))`,
    );
    await q.query(
      `UPDATE app_user u SET bank_name = NULL, bank_account_number = NULL, bank_account_name = NULL FROM payout_account pa WHERE pa.user_id = u.id`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE phone_code DROP COLUMN purpose`);
  }
}
