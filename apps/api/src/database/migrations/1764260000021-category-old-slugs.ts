import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A category's earlier slugs: a renamed category gets a new slug, and the landing pages under its old one
 * (`/lagos/phones`, linked from elsewhere and indexed by search engines) move permanently to the new one (301).
 */
export class CategoryOldSlugs1764260000021 implements MigrationInterface {
  name = 'CategoryOldSlugs1764260000021';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE category ADD COLUMN old_slugs text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE category DROP COLUMN old_slugs`);
  }
}
