import { MigrationInterface, QueryRunner } from 'typeorm';
import { createPairTable } from '../ddl';

/**
 * Buyer–seller chat. One conversation per listing and buyer (unique); messages are text, a photo or an
 * offer (integer kobo) the seller accepts or declines; an accepted offer is the buyer's price for their next checkout
 * of that listing (offer_price, used once). Read receipts are each member's read time; away e-mails at most hourly
 * per conversation and member. A block stops messages either way.
 */
export class Chat1764080000004 implements MigrationInterface {
  name = 'Chat1764080000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE conversation (
        id serial PRIMARY KEY,
        product_id int REFERENCES product(id) ON DELETE SET NULL,
        buyer_id int NOT NULL REFERENCES app_user(id),
        seller_id int NOT NULL REFERENCES app_user(id),
        last_message_at timestamptz,
        buyer_read_at timestamptz,
        seller_read_at timestamptz,
        buyer_emailed_at timestamptz,
        seller_emailed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (buyer_id <> seller_id)
      )`);
    await q.query(`CREATE UNIQUE INDEX conversation_product_buyer_key ON conversation (product_id, buyer_id)`);
    await q.query(`CREATE INDEX conversation_buyer_idx ON conversation (buyer_id, last_message_at DESC)`);
    await q.query(`CREATE INDEX conversation_seller_idx ON conversation (seller_id, last_message_at DESC)`);
    await q.query(`
      CREATE TABLE message (
        id serial PRIMARY KEY,
        conversation_id int NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
        sender_id int NOT NULL REFERENCES app_user(id),
        kind varchar(8) NOT NULL CHECK (kind IN ('text','photo','offer')),
        text varchar(2000),
        photo jsonb,
        offer_kobo bigint CHECK (offer_kobo > 0),
        offer_status varchar(10) CHECK (offer_status IN ('pending','accepted','declined')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX message_conversation_idx ON message (conversation_id, id)`);
    // The per-sender rate limit counts the last minute's messages.
    await q.query(`CREATE INDEX message_sender_idx ON message (sender_id, created_at)`);
    await createPairTable(q, 'user_block', ['blocker_id', 'app_user'], ['blocked_id', 'app_user']);
    await q.query(`
      CREATE TABLE offer_price (
        buyer_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        product_id int NOT NULL REFERENCES product(id) ON DELETE CASCADE,
        price_kobo bigint NOT NULL CHECK (price_kobo > 0),
        message_id int NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (buyer_id, product_id)
      )`);
    await q.query(`CREATE INDEX offer_price_product_idx ON offer_price (product_id)`);
    await q.query(`CREATE INDEX offer_price_message_idx ON offer_price (message_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE offer_price`);
    await q.query(`DROP TABLE user_block`);
    await q.query(`DROP TABLE message`);
    await q.query(`DROP TABLE conversation`);
  }
}
