import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved searches and their daily e-mail. `checked_at` is how far each search's new listings were looked at;
 * saved_search_digest holds one row per user and (Lagos) day, so the daily job e-mails a user at most once a day
 * however often it runs or retries.
 */
export class SavedSearches1764080000005 implements MigrationInterface {
  name = 'SavedSearches1764080000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_search (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        query jsonb NOT NULL,
        label varchar(200) NOT NULL,
        checked_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX saved_search_user_idx ON saved_search (user_id, id)`);
    await q.query(`
      CREATE TABLE saved_search_digest (
        user_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        day date NOT NULL,
        listings int NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_search_digest`);
    await q.query(`DROP TABLE saved_search`);
  }
}
