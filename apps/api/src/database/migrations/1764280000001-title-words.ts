import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A listing's title as whole words (the `simple` configuration: no stemming), kept beside `search`. Relevance gives a
 * title holding every word as typed a full point over stem and prefix matches (docs/search.md, "Relevance"); computed
 * per hit at query time, that check was most of the cost of ranking a small catalogue's hits (1,000 hits: ~4 of ~7 ms),
 * read from the row it costs almost nothing. Generated, so every write path keeps it right.
 */
export class TitleWords1764280000001 implements MigrationInterface {
  name = 'TitleWords1764280000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product ADD COLUMN title_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', product_name)) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product DROP COLUMN title_words`);
  }
}
