import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money goes out once, whatever Paystack or the process does.
 * - `sending`: a refund or transfer whose call to Paystack started and whose outcome Kasuwa does not know yet (no
 *   answer, a timeout, the process died). It is resolved by asking Paystack, never by sending again blind; `queued`
 *   stays "never sent". `sent_at` is when the last call started, `attempts` how many were made.
 * - Refunds get their own reference, stored before the call and sent in Paystack's merchant note, so a refund whose
 *   answer was lost can be found in Paystack's refund list.
 * - `retried_as`: the refund or payout an admin's retry created from this failed one (one retry per failure).
 * - `seller_owed`: what a seller owes Kasuwa after a transfer reported failed was paid after all and the amount was
 *   no longer in their balance. The one internal account that may go below zero (negative = owed), netted from the
 *   seller's next withdrawal.
 * - The test mode's refunds keep the merchant note, like Paystack.
 */
export class MoneyExactlyOnce1764150000001 implements MigrationInterface {
  name = 'MoneyExactlyOnce1764150000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payout DROP CONSTRAINT payout_status_check`);
    await q.query(
      `ALTER TABLE payout ADD CONSTRAINT payout_status_check CHECK (status IN ('queued','sending','pending','otp','unknown','success','failed','reversed'))`,
    );
    await q.query(
      `ALTER TABLE payout ADD COLUMN sent_at timestamptz, ADD COLUMN attempts int NOT NULL DEFAULT 0, ADD COLUMN retried_as int`,
    );
    await q.query(`DROP INDEX payout_open_idx`);
    await q.query(`CREATE INDEX payout_open_idx ON payout (status) WHERE status IN ('queued','sending','pending','otp','unknown')`);

    await q.query(`ALTER TABLE refund DROP CONSTRAINT refund_status_check`);
    await q.query(
      `ALTER TABLE refund ADD CONSTRAINT refund_status_check CHECK (status IN ('queued','sending','pending','processed','failed'))`,
    );
    await q.query(
      `ALTER TABLE refund ADD COLUMN reference varchar(64), ADD COLUMN sent_at timestamptz, ADD COLUMN attempts int NOT NULL DEFAULT 0, ADD COLUMN retried_as int`,
    );
    // Refunds made before references existed are named after their id (they were sent without one).
    await q.query(`UPDATE refund SET reference = 'ksw_rf_' || id || '_legacy'`);
    await q.query(`ALTER TABLE refund ALTER COLUMN reference SET NOT NULL, ADD CONSTRAINT refund_reference_key UNIQUE (reference)`);
    await q.query(`DROP INDEX refund_open_idx`);
    await q.query(`CREATE INDEX refund_open_idx ON refund (status) WHERE status IN ('queued','sending','pending')`);
    await q.query(`CREATE INDEX refund_payment_idx ON refund (payment_reference)`);

    await q.query(`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check`);
    await q.query(
      `ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN ('paystack_clearing','kasuwa_commission','refunds_in_transit','unapplied_payments','escrow','seller_available','seller_in_transit','seller_owed'))`,
    );
    await q.query(`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_not_negative`);
    await q.query(
      `ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_not_negative CHECK (kind IN ('paystack_clearing','seller_owed') OR balance_kobo >= 0)`,
    );
    await q.query(
      `ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_owed_not_positive CHECK (kind <> 'seller_owed' OR balance_kobo <= 0)`,
    );

    await q.query(`ALTER TABLE test_gateway_transfer ADD COLUMN note text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE test_gateway_transfer DROP COLUMN note`);
    await q.query(`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_owed_not_positive`);
    await q.query(`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_not_negative`);
    await q.query(
      `ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_not_negative CHECK (kind = 'paystack_clearing' OR balance_kobo >= 0)`,
    );
    await q.query(`ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check`);
    await q.query(
      `ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN ('paystack_clearing','kasuwa_commission','refunds_in_transit','unapplied_payments','escrow','seller_available','seller_in_transit'))`,
    );
    await q.query(`DROP INDEX refund_payment_idx`);
    await q.query(`DROP INDEX refund_open_idx`);
    await q.query(`CREATE INDEX refund_open_idx ON refund (status) WHERE status IN ('queued','pending')`);
    await q.query(
      `ALTER TABLE refund DROP CONSTRAINT refund_reference_key, DROP COLUMN reference, DROP COLUMN sent_at, DROP COLUMN attempts, DROP COLUMN retried_as`,
    );
    await q.query(`UPDATE refund SET status = 'queued' WHERE status = 'sending'`);
    await q.query(`ALTER TABLE refund DROP CONSTRAINT refund_status_check`);
    await q.query(`ALTER TABLE refund ADD CONSTRAINT refund_status_check CHECK (status IN ('queued','pending','processed','failed'))`);
    await q.query(`DROP INDEX payout_open_idx`);
    await q.query(`CREATE INDEX payout_open_idx ON payout (status) WHERE status IN ('queued','pending','otp','unknown')`);
    await q.query(`ALTER TABLE payout DROP COLUMN sent_at, DROP COLUMN attempts, DROP COLUMN retried_as`);
    await q.query(`UPDATE payout SET status = 'unknown' WHERE status = 'sending'`);
    await q.query(`ALTER TABLE payout DROP CONSTRAINT payout_status_check`);
    await q.query(
      `ALTER TABLE payout ADD CONSTRAINT payout_status_check CHECK (status IN ('queued','pending','otp','unknown','success','failed','reversed'))`,
    );
  }
}
