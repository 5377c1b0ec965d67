import { MigrationInterface, QueryRunner } from 'typeorm';
import { createPairTable } from '../ddl';

/** docs/trust.md (Favourites): a signed-in user's saved listings, one row per (user, product). */
export class Favourites1763800030000 implements MigrationInterface {
  name = 'Favourites1763800030000';

  async up(q: QueryRunner): Promise<void> {
    await createPairTable(q, 'favourite', ['user_id', 'app_user'], ['product_id', 'product']);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE favourite`);
  }
}
