import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scam warnings in chat and the risk queue.
 * - `message.warning`: the warning its reader sees, computed when the message is stored (reads cost nothing). Messages
 *   stored before stay NULL: the rule is code that changes, a migration stays frozen, and a warning appearing on old,
 *   settled conversations would tell their readers nothing new.
 * - `risk_signal`: one rule firing on one target (a user or a listing), with the reason the held person reads, what it
 *   holds, and the admin's decision. At most one open signal per rule and target (`risk_signal_open_once`).
 */
export class ChatWarningsRisk1764210000001 implements MigrationInterface {
  name = 'ChatWarningsRisk1764210000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE message ADD COLUMN warning varchar(200)`);
    await q.query(`
      CREATE TABLE risk_signal (
        id serial PRIMARY KEY,
        rule varchar(32) NOT NULL CONSTRAINT risk_signal_rule_check CHECK (rule IN ('new_account_price','payout_change_withdrawal','chat_warnings','listing_reported','missed_ship_by')),
        target_type varchar(10) NOT NULL CONSTRAINT risk_signal_target_type_check CHECK (target_type IN ('user','product')),
        target_id int NOT NULL,
        user_id int NOT NULL,
        hold varchar(12) NOT NULL CONSTRAINT risk_signal_hold_check CHECK (hold IN ('withdrawal','listing','none')),
        state varchar(10) NOT NULL DEFAULT 'open' CONSTRAINT risk_signal_state_check CHECK (state IN ('open','cleared','confirmed')),
        reason varchar(500) NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        decided_by int,
        decided_at timestamptz,
        decision_reason varchar(500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX risk_signal_open_once ON risk_signal (rule, target_type, target_id) WHERE state = 'open'`);
    await q.query(`CREATE INDEX risk_signal_target_idx ON risk_signal (rule, target_type, target_id, created_at)`);
    await q.query(`CREATE INDEX risk_signal_hold_idx ON risk_signal (user_id, hold, state)`);
    await q.query(`CREATE INDEX risk_signal_queue_idx ON risk_signal (state, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE risk_signal`);
    await q.query(`ALTER TABLE message DROP COLUMN warning`);
  }
}
