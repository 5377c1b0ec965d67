import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A seller's rating is printed on every server-rendered product page and card, and those pages are cached until the
 * catalogue version moves (CatalogueVersion1764020000001). A review written, edited, hidden or removed changes the
 * seller's rating counters, so it moves the version too: the page shows the new rating at once, not 10 s later.
 */
export class ReviewCatalogueVersion1764090000001 implements MigrationInterface {
  name = 'ReviewCatalogueVersion1764090000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TRIGGER review_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER review_catalogue_changed ON review`);
  }
}
