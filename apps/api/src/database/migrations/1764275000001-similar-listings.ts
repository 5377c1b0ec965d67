import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Similar listings and the fair-price hint (rule "comparable listings") read listings on sale of one category in
 * price order, in one LGA, one state or anywhere: each is a short range read of one of these indexes (8 rows above and
 * 8 below a price), and the hint's quartiles read one category-and-state range from the index alone. Without them a
 * category at a million listings (~100,000 rows) would be read and sorted per page view. Partial (on sale only): the
 * rows nobody searches cost nothing here.
 */
export class SimilarListings1764275000001 implements MigrationInterface {
  name = 'SimilarListings1764275000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX product_similar_state_idx ON product (category_id, state_id, price_kobo) WHERE status = 'active'`);
    await q.query(`CREATE INDEX product_similar_lga_idx ON product (category_id, lga_id, price_kobo) WHERE status = 'active'`);
    await q.query(`CREATE INDEX product_similar_price_idx ON product (category_id, price_kobo) WHERE status = 'active'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_similar_price_idx`);
    await q.query(`DROP INDEX product_similar_lga_idx`);
    await q.query(`DROP INDEX product_similar_state_idx`);
  }
}
