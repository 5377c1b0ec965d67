import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A catalogue version that every change to a listing or a category moves on, announced with NOTIFY so each
 * API process drops its cached pages and popular searches at once (CatalogueVersion). Statement-level triggers: every
 * writer (services, orders taking stock, admin blocks, raw SQL, bulk loads) is covered, once per statement, not per row.
 */
export class CatalogueVersion1764020000001 implements MigrationInterface {
  name = 'CatalogueVersion1764020000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE catalogue_version`);
    await q.query(`
      CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', nextval('catalogue_version')::text);
        RETURN NULL;
      END $$`);
    for (const table of ['product', 'category']) {
      await q.query(
        `CREATE TRIGGER ${table}_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['product', 'category']) await q.query(`DROP TRIGGER ${table}_catalogue_changed ON ${table}`);
    await q.query(`DROP FUNCTION catalogue_changed()`);
    await q.query(`DROP SEQUENCE catalogue_version`);
  }
}
