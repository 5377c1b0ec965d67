import { MigrationInterface, QueryRunner } from 'typeorm';
import { TIMESTAMPS } from '../ddl';

const ORDER_STATUSES = `'pending','paid','processing','accepted_by_seller','rejected_by_seller','shipped','on_the_way','delivered',
  'received_by_buyer','rejected_by_buyer','cancelled_by_buyer','need_refund','completed','cancelled'`;

/** Buying: server carts, checkout sessions (stock reservations), one order per seller, status history, payments. */
export class Buying1763800002000 implements MigrationInterface {
  name = 'Buying1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cart_item (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        product_id int NOT NULL REFERENCES product(id) ON DELETE CASCADE,
        quantity int NOT NULL CHECK (quantity > 0),
        ${TIMESTAMPS},
        UNIQUE (user_id, product_id)
      )`);
    await q.query(`CREATE INDEX cart_item_product_idx ON cart_item (product_id)`);

    // One checkout = one payment. It holds the reserved stock until paid or expired.
    await q.query(`
      CREATE TABLE checkout_session (
        id serial PRIMARY KEY,
        reference varchar(40) NOT NULL UNIQUE DEFAULT ('CS-' || upper(encode(gen_random_bytes(8), 'hex'))),
        buyer_id int NOT NULL REFERENCES app_user(id),
        total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
        currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','paid','expired','cancelled')),
        shipping_address text NOT NULL,
        receiver_phone_number varchar(20) NOT NULL,
        delivery_region varchar(120) NOT NULL,
        expires_at timestamptz NOT NULL,
        paid_at timestamptz,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE INDEX checkout_session_buyer_idx ON checkout_session (buyer_id, created_at DESC)`);
    // The expiry sweep reads only pending sessions by due time.
    await q.query(`CREATE INDEX checkout_session_due_idx ON checkout_session (expires_at) WHERE status = 'pending'`);

    // KSW-000123; grows past six digits instead of truncating.
    await q.query(`CREATE SEQUENCE order_number_seq`);
    await q.query(`
      CREATE FUNCTION next_order_number() RETURNS text LANGUAGE sql VOLATILE AS $$
        SELECT 'KSW-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM (SELECT nextval('order_number_seq') AS n) s
      $$`);
    await q.query(`
      CREATE TABLE "order" (
        id serial PRIMARY KEY,
        order_number varchar(24) NOT NULL UNIQUE DEFAULT next_order_number(),
        checkout_session_id int NOT NULL REFERENCES checkout_session(id),
        buyer_id int NOT NULL REFERENCES app_user(id),
        seller_id int NOT NULL REFERENCES app_user(id),
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN (${ORDER_STATUSES})),
        payment_status varchar(12) NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending','paid','expired','cancelled','refund_due')),
        total_kobo bigint NOT NULL CHECK (total_kobo >= 0),
        currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
        delivery_days int CHECK (delivery_days >= 0),
        shipping_address text NOT NULL,
        receiver_phone_number varchar(20) NOT NULL,
        delivery_region varchar(120) NOT NULL,
        paid_at timestamptz,
        -- set once the reserved units went back to the listing, so they are never returned twice
        stock_released_at timestamptz,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE INDEX order_buyer_idx ON "order" (buyer_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX order_seller_idx ON "order" (seller_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX order_session_idx ON "order" (checkout_session_id)`);
    await q.query(`CREATE INDEX order_created_idx ON "order" (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX order_status_idx ON "order" (status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX order_paid_idx ON "order" (paid_at) WHERE payment_status = 'paid'`);
    await q.query(`CREATE INDEX order_number_trgm_idx ON "order" USING gin (order_number gin_trgm_ops)`);

    // Name, description and price are snapshots: the order reads the same whatever happens to the listing later.
    await q.query(`
      CREATE TABLE order_item (
        id serial PRIMARY KEY,
        order_id int NOT NULL REFERENCES "order"(id) ON DELETE CASCADE,
        product_id int REFERENCES product(id) ON DELETE SET NULL,
        quantity int NOT NULL CHECK (quantity > 0),
        price_kobo bigint NOT NULL CHECK (price_kobo >= 0),
        currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
        product_name varchar(120) NOT NULL,
        product_description text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_item_order_idx ON order_item (order_id)`);
    await q.query(`CREATE INDEX order_item_product_idx ON order_item (product_id)`);

    await q.query(`
      CREATE TABLE order_status_history (
        id serial PRIMARY KEY,
        order_id int NOT NULL REFERENCES "order"(id) ON DELETE CASCADE,
        from_status varchar(20),
        to_status varchar(20) NOT NULL,
        actor_kind varchar(10) NOT NULL CHECK (actor_kind IN ('buyer','seller','admin','payment','system')),
        actor_id int,
        reason text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, id)`);
    // A payment marks an order paid once, whatever races (second guard besides the conditional updates).
    await q.query(`CREATE UNIQUE INDEX order_status_history_paid_once ON order_status_history (order_id) WHERE actor_kind = 'payment'`);

    // One row per payment attempt (Paystack reference). `applied`: this payment paid its checkout.
    await q.query(`
      CREATE TABLE payment_transaction (
        id serial PRIMARY KEY,
        reference varchar(100) NOT NULL UNIQUE,
        checkout_session_id int NOT NULL REFERENCES checkout_session(id),
        user_id int NOT NULL REFERENCES app_user(id),
        provider varchar(10) NOT NULL CHECK (provider IN ('paystack','test')),
        payment_method varchar(30),
        amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
        currency char(3) NOT NULL DEFAULT 'NGN',
        paid_amount_kobo bigint,
        paid_currency varchar(3),
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','success','failed','abandoned','reversed')),
        applied boolean NOT NULL DEFAULT false,
        needs_refund boolean NOT NULL DEFAULT false,
        review_reason text,
        paystack_id bigint,
        authorization_url text,
        access_code varchar(100),
        gateway_response text,
        paid_at timestamptz,
        verified_at timestamptz,
        raw jsonb,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE UNIQUE INDEX payment_transaction_applied_once ON payment_transaction (checkout_session_id) WHERE applied`);
    await q.query(`CREATE INDEX payment_transaction_session_idx ON payment_transaction (checkout_session_id)`);
    await q.query(`CREATE INDEX payment_transaction_user_idx ON payment_transaction (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX payment_transaction_created_idx ON payment_transaction (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX payment_transaction_status_idx ON payment_transaction (status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX payment_transaction_method_idx ON payment_transaction (payment_method, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX payment_transaction_reference_trgm_idx ON payment_transaction USING gin (reference gin_trgm_ops)`);

    // The built-in test checkout's own ledger: what Paystack would store, used only when no PAYSTACK_SECRET_KEY is set.
    await q.query(`
      CREATE TABLE test_checkout_payment (
        id serial PRIMARY KEY,
        reference varchar(100) NOT NULL UNIQUE,
        access_code varchar(100) NOT NULL,
        email citext NOT NULL,
        amount_kobo bigint NOT NULL,
        currency char(3) NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','success','failed','abandoned')),
        channel varchar(20),
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE test_checkout_payment, payment_transaction, order_status_history, order_item, "order", checkout_session, cart_item`,
    );
    await q.query(`DROP FUNCTION next_order_number()`);
    await q.query(`DROP SEQUENCE order_number_seq`);
  }
}
