import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds Paystack cannot finish alone ("needs-attention": bank-transfer and USSD payments have no card to go back to)
 * wait for the buyer's bank account. `needs_attention` is a state of its own (money stays in refunds in transit);
 * `customer_account` is the account the buyer gave (bank, NUBAN, the name the bank resolved), sent with
 * /refund/retry_with_customer_details through the same queued → sending claim as the first call.
 */
export class RefundNeedsAttention1764220000001 implements MigrationInterface {
  name = 'RefundNeedsAttention1764220000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refund ALTER COLUMN status TYPE varchar(20)`);
    await q.query(`ALTER TABLE refund DROP CONSTRAINT refund_status_check`);
    await q.query(
      `ALTER TABLE refund ADD CONSTRAINT refund_status_check CHECK (status IN ('queued','sending','pending','needs_attention','processed','failed'))`,
    );
    await q.query(`ALTER TABLE refund ADD COLUMN customer_account jsonb`);
    await q.query(`ALTER TABLE refund ADD COLUMN attention_at timestamptz`);
    await q.query(`DROP INDEX refund_open_idx`);
    await q.query(`CREATE INDEX refund_open_idx ON refund (status) WHERE status IN ('queued','sending','pending','needs_attention')`);
    // The test mode remembers, like Paystack, which refunds wait for an account and when the account came.
    await q.query(
      `ALTER TABLE test_gateway_transfer ADD COLUMN needs_account boolean NOT NULL DEFAULT false, ADD COLUMN account_given_at timestamptz`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE test_gateway_transfer DROP COLUMN needs_account, DROP COLUMN account_given_at`);
    await q.query(`DROP INDEX refund_open_idx`);
    await q.query(`CREATE INDEX refund_open_idx ON refund (status) WHERE status IN ('queued','sending','pending')`);
    await q.query(`ALTER TABLE refund DROP COLUMN attention_at`);
    await q.query(`ALTER TABLE refund DROP COLUMN customer_account`);
    await q.query(`UPDATE refund SET status = 'pending' WHERE status = 'needs_attention'`);
    await q.query(`ALTER TABLE refund DROP CONSTRAINT refund_status_check`);
    await q.query(
      `ALTER TABLE refund ADD CONSTRAINT refund_status_check CHECK (status IN ('queued','sending','pending','processed','failed'))`,
    );
    await q.query(`ALTER TABLE refund ALTER COLUMN status TYPE varchar(10)`);
  }
}
