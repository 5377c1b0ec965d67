import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/search.md (Condition): a listing's condition is brand_new, foreign_used ("Tokunbo") or nigerian_used;
 * product_type (the product's new/used) follows from it. Existing used listings become nigerian_used unless their text
 * says tokunbo, foreign, UK or US used. The search vector also carries the condition's words, so "tokunbo camry"
 * finds a foreign-used Camry whose text never says so.
 */
export class ProductCondition1763800011000 implements MigrationInterface {
  name = 'ProductCondition1763800011000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product ADD COLUMN condition varchar(14) NOT NULL DEFAULT 'brand_new'
        CHECK (condition IN ('brand_new', 'foreign_used', 'nigerian_used'))`);
    await q.query(`
      UPDATE product SET condition = CASE
        WHEN product_name || ' ' || product_description ~* '\\m(tokunbo|foreign|(uk|us)[[:space:]-]*used)\\M' THEN 'foreign_used'
        ELSE 'nigerian_used' END
      WHERE product_type = 'used'`);
    // Writers that only know the product's productType (older clients, raw inserts) still get a fitting condition, and
    // product_type always follows the condition.
    await q.query(`
      CREATE FUNCTION product_condition_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND NEW.product_type IS DISTINCT FROM OLD.product_type AND NEW.condition IS NOT DISTINCT FROM OLD.condition THEN
          NEW.condition := CASE WHEN NEW.product_type = 'new' THEN 'brand_new' WHEN OLD.condition = 'brand_new' THEN 'nigerian_used' ELSE OLD.condition END;
        ELSIF TG_OP = 'INSERT' AND NEW.product_type = 'used' AND NEW.condition = 'brand_new' THEN
          NEW.condition := 'nigerian_used';
        END IF;
        NEW.product_type := CASE WHEN NEW.condition = 'brand_new' THEN 'new' ELSE 'used' END;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER product_condition_sync BEFORE INSERT OR UPDATE OF condition, product_type ON product
      FOR EACH ROW EXECUTE FUNCTION product_condition_sync()`);
    await q.query(`CREATE INDEX product_condition_newest_idx ON product (status, condition, created_at DESC, id DESC)`);
    await q.query(`ALTER TABLE product DROP COLUMN search`);
    await q.query(`
      ALTER TABLE product ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', product_name), 'A') || setweight(to_tsvector('english', product_description), 'B') ||
        setweight(to_tsvector('english', CASE condition WHEN 'foreign_used' THEN 'tokunbo foreign used' WHEN 'nigerian_used' THEN 'nigerian used' ELSE 'brand new' END), 'D')
      ) STORED`);
    await q.query(`CREATE INDEX product_search_idx ON product USING gin (search)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product DROP COLUMN search`);
    await q.query(`
      ALTER TABLE product ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', product_name), 'A') || setweight(to_tsvector('english', product_description), 'B')
      ) STORED`);
    await q.query(`CREATE INDEX product_search_idx ON product USING gin (search)`);
    await q.query(`DROP TRIGGER product_condition_sync ON product`);
    await q.query(`DROP FUNCTION product_condition_sync()`);
    await q.query(`ALTER TABLE product DROP COLUMN condition`);
  }
}
