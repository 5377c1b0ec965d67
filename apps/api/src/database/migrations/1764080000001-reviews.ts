import { MigrationInterface, QueryRunner } from 'typeorm';
import { TIMESTAMPS } from '../ddl';

/**
 * docs/trust.md (Ratings): one review per completed order by its buyer; the seller replies once;
 * admins hide a review with a reason kept in review_moderation. The seller's visible count and star sum (and the
 * hidden count) are counters on app_user kept by a trigger, so a product page reads them in its one statement.
 */
export class Reviews1764080000001 implements MigrationInterface {
  name = 'Reviews1764080000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE review (
        id serial PRIMARY KEY,
        order_id int NOT NULL UNIQUE REFERENCES "order"(id) ON DELETE CASCADE,
        buyer_id int NOT NULL REFERENCES app_user(id),
        seller_id int NOT NULL REFERENCES app_user(id),
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        text varchar(1000) NOT NULL DEFAULT '',
        reply varchar(1000),
        replied_at timestamptz,
        hidden_at timestamptz,
        hidden_reason varchar(500),
        edited_at timestamptz,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE INDEX review_seller_idx ON review (seller_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX review_buyer_idx ON review (buyer_id)`);
    await q.query(`
      CREATE TABLE review_moderation (
        id serial PRIMARY KEY,
        review_id int NOT NULL REFERENCES review(id) ON DELETE CASCADE,
        action varchar(10) NOT NULL CHECK (action IN ('hide','restore')),
        reason varchar(500) NOT NULL,
        admin_id int,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX review_moderation_review_idx ON review_moderation (review_id, id)`);

    await q.query(
      `ALTER TABLE app_user ADD COLUMN rating_count int NOT NULL DEFAULT 0, ADD COLUMN rating_sum int NOT NULL DEFAULT 0, ADD COLUMN rating_hidden int NOT NULL DEFAULT 0`,
    );
    // Recount the seller from their reviews (one index range) after each review write: right whatever the writer changed.
    await q.query(`
      CREATE FUNCTION app_user_rating_count() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE sid int := CASE WHEN TG_OP = 'DELETE' THEN OLD.seller_id ELSE NEW.seller_id END;
      BEGIN
        UPDATE app_user u SET rating_count = c.n, rating_sum = c.s, rating_hidden = c.h
          FROM (SELECT count(*) FILTER (WHERE hidden_at IS NULL)::int AS n,
                       coalesce(sum(rating) FILTER (WHERE hidden_at IS NULL), 0)::int AS s,
                       count(*) FILTER (WHERE hidden_at IS NOT NULL)::int AS h
                  FROM review WHERE seller_id = sid) c
         WHERE u.id = sid;
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER review_rating_count AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at ON review FOR EACH ROW EXECUTE FUNCTION app_user_rating_count()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE review_moderation`);
    await q.query(`DROP TABLE review`);
    await q.query(`DROP FUNCTION app_user_rating_count()`);
    await q.query(`ALTER TABLE app_user DROP COLUMN rating_count, DROP COLUMN rating_sum, DROP COLUMN rating_hidden`);
  }
}
