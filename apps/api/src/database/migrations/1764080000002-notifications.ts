import { MigrationInterface, QueryRunner } from 'typeorm';

const TYPES = `'order','message','offer','review','listing','report','saved_search','money'`;

/** The in-app notification centre and per-type e-mail preferences (a missing row means e-mail on). */
export class Notifications1764080000002 implements MigrationInterface {
  name = 'Notifications1764080000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        type varchar(20) NOT NULL CHECK (type IN (${TYPES})),
        title varchar(200) NOT NULL,
        body varchar(1000) NOT NULL DEFAULT '',
        link varchar(500),
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX notification_user_idx ON notification (user_id, id DESC)`);
    // The bell's count reads only unread rows.
    await q.query(`CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL`);
    await q.query(`
      CREATE TABLE email_preference (
        user_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        type varchar(20) NOT NULL CHECK (type IN (${TYPES})),
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, type)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_preference`);
    await q.query(`DROP TABLE notification`);
  }
}
