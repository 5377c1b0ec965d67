import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pay on delivery: an order the buyer pays in cash to the seller's rider. It is placed without Paystack (no escrow), so
 * what matters is how it ended: the seller confirmed the cash (`cash_received_at`; Kasuwa's commission is then owed
 * from the seller's balance) or the buyer refused the goods at the door (`delivery_refused_at`; two of those close pay
 * on delivery for that buyer). Only a pay-on-delivery order has either, never both. The partial index serves the
 * per-buyer counts checked at every quote and checkout (open orders, refusals). A checkout whose every order is paid
 * on delivery has nothing to pay online: its status is `cash` from the start (never pending, never expiring).
 */
export class PayOnDelivery1764265000001 implements MigrationInterface {
  name = 'PayOnDelivery1764265000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order" ADD COLUMN cash_received_at timestamptz, ADD COLUMN delivery_refused_at timestamptz`);
    await q.query(
      `ALTER TABLE "order" ADD CONSTRAINT order_pod_outcome_check
         CHECK ((cash_received_at IS NULL AND delivery_refused_at IS NULL) OR (delivery_method = 'pay_on_delivery' AND (cash_received_at IS NULL OR delivery_refused_at IS NULL)))`,
    );
    await q.query(`CREATE INDEX order_pod_buyer_idx ON "order" (buyer_id) WHERE delivery_method = 'pay_on_delivery'`);
    await q.query(`ALTER TABLE checkout_session DROP CONSTRAINT checkout_session_status_check`);
    await q.query(
      `ALTER TABLE checkout_session ADD CONSTRAINT checkout_session_status_check CHECK (status IN ('pending','paid','expired','cancelled','cash'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checkout_session DROP CONSTRAINT checkout_session_status_check`);
    await q.query(
      `ALTER TABLE checkout_session ADD CONSTRAINT checkout_session_status_check CHECK (status IN ('pending','paid','expired','cancelled'))`,
    );
    await q.query(`DROP INDEX order_pod_buyer_idx`);
    await q.query(`ALTER TABLE "order" DROP CONSTRAINT order_pod_outcome_check`);
    await q.query(`ALTER TABLE "order" DROP COLUMN delivery_refused_at, DROP COLUMN cash_received_at`);
  }
}
