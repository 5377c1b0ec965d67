import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One open offer per buyer and listing: a conversation is one listing and one buyer, so at most one of its offers is
 * `pending`. A buyer's new offer replaces the open one (it becomes `replaced`, the seller can no longer accept it).
 * Offers already piled up keep only the newest open; the older ones become `replaced`. The partial unique index is the
 * rule's last word when two offers arrive at once.
 */
export class OneOpenOffer1764230000001 implements MigrationInterface {
  name = 'OneOpenOffer1764230000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE message DROP CONSTRAINT message_offer_status_check`);
    await q.query(
      `ALTER TABLE message ADD CONSTRAINT message_offer_status_check CHECK (offer_status IN ('pending','accepted','declined','replaced'))`,
    );
    await q.query(
      `UPDATE message m SET offer_status = 'replaced'
        WHERE m.kind = 'offer' AND m.offer_status = 'pending'
          AND EXISTS (SELECT 1 FROM message n WHERE n.conversation_id = m.conversation_id AND n.kind = 'offer' AND n.offer_status = 'pending' AND n.id > m.id)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX message_one_open_offer ON message (conversation_id) WHERE kind = 'offer' AND offer_status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX message_one_open_offer`);
    await q.query(`UPDATE message SET offer_status = 'declined' WHERE offer_status = 'replaced'`);
    await q.query(`ALTER TABLE message DROP CONSTRAINT message_offer_status_check`);
    await q.query(
      `ALTER TABLE message ADD CONSTRAINT message_offer_status_check CHECK (offer_status IN ('pending','accepted','declined'))`,
    );
  }
}
