import { MigrationInterface, QueryRunner } from 'typeorm';
import { TIMESTAMPS } from '../ddl';

/**
 * Money to sellers. A double-entry ledger (append-only journal entries and their postings; every entry
 * sums to zero, checked by Postgres at commit), commission rates frozen on each order, escrow release, payout
 * accounts, payouts (Paystack transfers), refunds and disputes, and the built-in test mode's transfers/refunds.
 *
 * Sign convention: a posting is money INTO the account (negative = out). Every internal account holds >= 0;
 * `paystack_clearing` is the outside world's side (money that came in through Paystack is posted out of it), so
 * -balance(paystack_clearing) is what Kasuwa's Paystack balance should hold.
 */
export class Money1764070000001 implements MigrationInterface {
  name = 'Money1764070000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE commission_rate (
        id serial PRIMARY KEY,
        category_id int UNIQUE REFERENCES category(id) ON DELETE CASCADE,
        rate_bp int NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
        ${TIMESTAMPS}
      )`);
    // One default rate (the row without a category).
    await q.query(`CREATE UNIQUE INDEX commission_rate_default ON commission_rate ((category_id IS NULL)) WHERE category_id IS NULL`);
    await q.query(`INSERT INTO commission_rate (category_id, rate_bp) VALUES (NULL, 500)`);

    await q.query(`ALTER TABLE order_item ADD COLUMN commission_bp int NOT NULL DEFAULT 500 CHECK (commission_bp BETWEEN 0 AND 10000)`);
    await q.query(`
      ALTER TABLE "order"
        ADD COLUMN commission_kobo bigint NOT NULL DEFAULT 0 CHECK (commission_kobo >= 0),
        ADD COLUMN delivered_at timestamptz,
        ADD COLUMN released_at timestamptz`);
    await q.query(
      `UPDATE "order" o SET commission_kobo = (SELECT coalesce(sum(i.price_kobo * i.quantity * 500 / 10000), 0) FROM order_item i WHERE i.order_id = o.id)`,
    );
    await q.query(`CREATE INDEX order_release_due_idx ON "order" (delivered_at) WHERE released_at IS NULL AND delivered_at IS NOT NULL`);

    await q.query(`
      CREATE TABLE ledger_account (
        id serial PRIMARY KEY,
        code varchar(60) NOT NULL UNIQUE,
        kind varchar(20) NOT NULL CHECK (kind IN ('paystack_clearing','kasuwa_commission','refunds_in_transit','unapplied_payments','escrow','seller_available','seller_in_transit')),
        user_id int,
        order_id int,
        balance_kobo bigint NOT NULL DEFAULT 0,
        CONSTRAINT ledger_account_not_negative CHECK (kind = 'paystack_clearing' OR balance_kobo >= 0)
      )`);
    await q.query(`CREATE INDEX ledger_account_user_idx ON ledger_account (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX ledger_account_order_idx ON ledger_account (order_id) WHERE order_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE journal_entry (
        id bigserial PRIMARY KEY,
        kind varchar(30) NOT NULL,
        ref varchar(100) NOT NULL,
        order_id int,
        user_id int,
        memo text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT journal_entry_once UNIQUE (kind, ref)
      )`);
    await q.query(`CREATE INDEX journal_entry_order_idx ON journal_entry (order_id) WHERE order_id IS NOT NULL`);
    await q.query(`CREATE INDEX journal_entry_user_idx ON journal_entry (user_id, id) WHERE user_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE ledger_posting (
        id bigserial PRIMARY KEY,
        entry_id bigint NOT NULL REFERENCES journal_entry(id),
        account_id int NOT NULL REFERENCES ledger_account(id),
        amount_kobo bigint NOT NULL CHECK (amount_kobo <> 0)
      )`);
    await q.query(`CREATE INDEX ledger_posting_entry_idx ON ledger_posting (entry_id)`);
    await q.query(`CREATE INDEX ledger_posting_account_idx ON ledger_posting (account_id, id)`);

    // Append-only: history is never rewritten; a correction is a new entry.
    await q.query(`
      CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001'; END $$`);
    for (const t of ['journal_entry', 'ledger_posting']) {
      await q.query(`CREATE TRIGGER ${t}_append_only BEFORE UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION ledger_append_only()`);
      await q.query(`CREATE TRIGGER ${t}_no_truncate BEFORE TRUNCATE ON ${t} FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()`);
    }
    // The cached balance moves with each posting, in the same transaction; the CHECK above refuses a negative one.
    // The two busiest system accounts (every payment, every release) are derived by sum instead: no hot row lock.
    await q.query(`
      CREATE FUNCTION ledger_posting_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE ledger_account SET balance_kobo = balance_kobo + NEW.amount_kobo
         WHERE id = NEW.account_id AND kind NOT IN ('paystack_clearing', 'kasuwa_commission');
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER ledger_posting_apply AFTER INSERT ON ledger_posting FOR EACH ROW EXECUTE FUNCTION ledger_posting_apply()`,
    );
    // Balanced by construction: at commit, every entry a transaction touched sums to zero over at least two postings.
    await q.query(`
      CREATE FUNCTION journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE total bigint; n int;
      BEGIN
        SELECT coalesce(sum(amount_kobo), 0), count(*) INTO total, n FROM ledger_posting WHERE entry_id = NEW.entry_id;
        IF total <> 0 OR n < 2 THEN
          RAISE EXCEPTION 'journal entry % is unbalanced (% kobo over % postings)', NEW.entry_id, total, n USING ERRCODE = '23514';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE CONSTRAINT TRIGGER ledger_posting_balanced AFTER INSERT ON ledger_posting DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balanced()`,
    );

    await q.query(`
      CREATE TABLE payout_account (
        user_id int PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
        bank_code varchar(10) NOT NULL,
        bank_name varchar(100) NOT NULL,
        account_number varchar(10) NOT NULL,
        account_name varchar(200) NOT NULL,
        recipient_code varchar(60) NOT NULL,
        payouts_hold_until timestamptz,
        ${TIMESTAMPS}
      )`);
    await q.query(`
      CREATE TABLE payout (
        id serial PRIMARY KEY,
        user_id int NOT NULL,
        reference varchar(64) NOT NULL UNIQUE,
        amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','pending','otp','unknown','success','failed','reversed')),
        recipient_code varchar(60) NOT NULL,
        transfer_code varchar(60),
        paystack_id bigint,
        message text,
        raw jsonb,
        ${TIMESTAMPS},
        settled_at timestamptz
      )`);
    await q.query(`CREATE INDEX payout_user_idx ON payout (user_id, id)`);
    await q.query(`CREATE INDEX payout_open_idx ON payout (status) WHERE status IN ('queued','pending','otp','unknown')`);
    await q.query(`
      CREATE TABLE refund (
        id serial PRIMARY KEY,
        order_id int,
        payment_reference varchar(100) NOT NULL,
        amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','pending','processed','failed')),
        reason text NOT NULL,
        paystack_id bigint UNIQUE,
        message text,
        raw jsonb,
        ${TIMESTAMPS},
        settled_at timestamptz
      )`);
    await q.query(`CREATE INDEX refund_order_idx ON refund (order_id)`);
    await q.query(`CREATE INDEX refund_open_idx ON refund (status) WHERE status IN ('queued','pending')`);
    await q.query(`
      CREATE TABLE dispute (
        id serial PRIMARY KEY,
        order_id int NOT NULL UNIQUE,
        buyer_id int NOT NULL,
        reason varchar(20) NOT NULL CHECK (reason IN ('not_received','not_as_described','damaged','other')),
        text text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open','resolved')),
        seller_reply text,
        replied_at timestamptz,
        decision varchar(20) CHECK (decision IN ('release','refund','partial_refund')),
        decision_amount_kobo bigint,
        decision_reason text,
        decided_by int,
        decided_at timestamptz,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE INDEX dispute_status_idx ON dispute (status, id)`);
    // The built-in test mode's transfers and refunds (what Paystack would keep), so verify after a restart still knows them.
    await q.query(`
      CREATE TABLE test_gateway_transfer (
        id serial PRIMARY KEY,
        kind varchar(10) NOT NULL CHECK (kind IN ('transfer','refund')),
        reference varchar(100) NOT NULL,
        amount_kobo bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX test_gateway_transfer_ref ON test_gateway_transfer (reference) WHERE kind = 'transfer'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE test_gateway_transfer, dispute, refund, payout, payout_account, ledger_posting, journal_entry, ledger_account, commission_rate`,
    );
    await q.query(`DROP FUNCTION journal_entry_balanced(), ledger_posting_apply(), ledger_append_only()`);
    await q.query(`ALTER TABLE "order" DROP COLUMN commission_kobo, DROP COLUMN delivered_at, DROP COLUMN released_at`);
    await q.query(`ALTER TABLE order_item DROP COLUMN commission_bp`);
  }
}
