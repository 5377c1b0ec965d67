import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The handover code: one per shipped order. The code is kept twice, never in clear: sealed (AES-256-GCM) so its buyer
 * can read it on the order page, and as an HMAC so the seller's guess is checked without opening anything. `attempts`
 * counts wrong guesses (locked at five), `used_at` says the seller entered it and the money was released.
 */
export class OrderHandover1764200000001 implements MigrationInterface {
  name = 'OrderHandover1764200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_handover (
        order_id int PRIMARY KEY CONSTRAINT order_handover_order_id_fkey REFERENCES "order"(id) ON DELETE CASCADE,
        code_sealed text NOT NULL,
        code_hash char(64) NOT NULL,
        attempts int NOT NULL DEFAULT 0 CONSTRAINT order_handover_attempts_check CHECK (attempts >= 0),
        locked_at timestamptz,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE order_handover`);
  }
}
