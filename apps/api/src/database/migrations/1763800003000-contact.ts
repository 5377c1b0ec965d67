import { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages sent from the contact page, read and answered from the back office. */
export class Contact1763800003000 implements MigrationInterface {
  name = 'Contact1763800003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contact_message (
        id serial PRIMARY KEY,
        user_id int REFERENCES app_user(id) ON DELETE SET NULL,
        name varchar(120),
        email citext NOT NULL,
        subject varchar(200) NOT NULL,
        message text NOT NULL,
        is_read boolean NOT NULL DEFAULT false,
        replied_at timestamptz,
        reply text,
        replied_by int REFERENCES admin(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX contact_message_inbox_idx ON contact_message (is_read, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contact_message`);
  }
}
