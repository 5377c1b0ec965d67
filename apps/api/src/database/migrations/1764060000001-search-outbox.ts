import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to a listing, from any writer (services, orders taking stock, admin blocks, raw SQL, bulk
 * loads), lands in search_outbox through statement-level triggers (one INSERT … SELECT per statement, not per row).
 * A job drains it into the search engine, so an outside engine can be added without touching a writer.
 */
export class SearchOutbox1764060000001 implements MigrationInterface {
  name = 'SearchOutbox1764060000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_outbox (
        id bigserial PRIMARY KEY,
        product_id integer NOT NULL,
        op varchar(6) NOT NULL CHECK (op IN ('upsert', 'delete')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One function per outbox operation; the triggers below pass it the statement's rows as changed_rows.
    for (const op of ['upsert', 'delete']) {
      await q.query(`
      CREATE FUNCTION search_outbox_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_outbox (product_id, op) SELECT id, '${op}' FROM changed_rows;
        RETURN NULL;
      END $$`);
    }
    await q.query(
      `CREATE TRIGGER product_search_outbox_ins AFTER INSERT ON product REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_upsert()`,
    );
    await q.query(
      `CREATE TRIGGER product_search_outbox_upd AFTER UPDATE ON product REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_upsert()`,
    );
    await q.query(
      `CREATE TRIGGER product_search_outbox_del AFTER DELETE ON product REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_delete()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['ins', 'upd', 'del']) await q.query(`DROP TRIGGER product_search_outbox_${t} ON product`);
    await q.query(`DROP FUNCTION search_outbox_upsert(), search_outbox_delete()`);
    await q.query(`DROP TABLE search_outbox`);
  }
}
