import { MigrationInterface, QueryRunner } from 'typeorm';

/** DECISIONS (second wave, Favourites): a signed-in user's saved listings, one row per (user, product). */
export class Favourites1763800030000 implements MigrationInterface {
  name = 'Favourites1763800030000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE favourite (
        user_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        product_id int NOT NULL REFERENCES product(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, product_id)
      )`);
    // Deleting a listing cascades here: the product side needs its own index.
    await q.query(`CREATE INDEX favourite_product_idx ON favourite (product_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE favourite`);
  }
}
