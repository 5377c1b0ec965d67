import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A category together with a place (and often a price range) was the slowest search of the long tail at
 * 1M listings (~220 ms a page, p95 ~600 ms one at a time): Postgres took every listing of the city from its index
 * (~42,000 heap rows) and filtered the category out of them. This index answers category + state + city from the
 * index alone (the price is included for the range filter and the price sorts): ~3 ms.
 */
export class CategoryPlaceIndex1764120000001 implements MigrationInterface {
  name = 'CategoryPlaceIndex1764120000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX product_category_place_idx ON product (status, category_id, state_id, city_id, created_at DESC, id DESC) INCLUDE (price_kobo)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_category_place_idx`);
  }
}
