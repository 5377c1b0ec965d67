import { MigrationInterface, QueryRunner } from 'typeorm';
import { TIMESTAMPS } from '../ddl';

/** Categories (a tree), commission notes, listings with a stored search vector, and the word dictionary for typo correction. */
export class Catalogue1763800001000 implements MigrationInterface {
  name = 'Catalogue1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE category (
        id serial PRIMARY KEY,
        category_name varchar(80) NOT NULL,
        slug varchar(100) NOT NULL UNIQUE,
        position int NOT NULL DEFAULT 0,
        description text,
        image text,
        status varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive')),
        parent_category_id int REFERENCES category(id) ON DELETE SET NULL,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE INDEX category_parent_idx ON category (parent_category_id)`);
    await q.query(`
      CREATE TABLE commission (
        id serial PRIMARY KEY,
        note text NOT NULL CHECK (length(trim(note)) > 0),
        ${TIMESTAMPS}
      )`);
    await q.query(`
      CREATE TABLE product (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES app_user(id),
        category_id int REFERENCES category(id) ON DELETE SET NULL,
        product_name varchar(120) NOT NULL,
        product_description text NOT NULL DEFAULT '',
        price_kobo bigint NOT NULL CHECK (price_kobo >= 0 AND price_kobo <= 100000000000),
        currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
        location varchar(120) NOT NULL,
        quantity int NOT NULL DEFAULT 1 CHECK (quantity >= 0),
        product_type varchar(4) NOT NULL DEFAULT 'new' CHECK (product_type IN ('new','used')),
        status varchar(10) NOT NULL DEFAULT 'active' CHECK (status IN ('active','sold_out','withdrawn','blocked')),
        block_reason text,
        images jsonb NOT NULL DEFAULT '[]'::jsonb,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', product_name), 'A') || setweight(to_tsvector('english', product_description), 'B')
        ) STORED,
        ${TIMESTAMPS}
      )`);
    // One index per filter and sort the public list uses; every one leads with status (only active rows are public).
    await q.query(`CREATE INDEX product_search_idx ON product USING gin (search)`);
    await q.query(`CREATE INDEX product_newest_idx ON product (status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX product_category_newest_idx ON product (status, category_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX product_price_idx ON product (status, price_kobo, id)`);
    await q.query(`CREATE INDEX product_type_newest_idx ON product (status, product_type, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX product_location_trgm_idx ON product USING gin (lower(location) gin_trgm_ops)`);
    await q.query(`CREATE INDEX product_seller_idx ON product (user_id, created_at DESC, id DESC)`);
    // Words that occur in listings; a misspelt query word is corrected against this small table (trigram), not every title.
    await q.query(`CREATE TABLE search_word (word text PRIMARY KEY, ndoc int NOT NULL DEFAULT 0)`);
    await q.query(`CREATE INDEX search_word_trgm_idx ON search_word USING gist (word gist_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE search_word, product, commission, category`);
  }
}
