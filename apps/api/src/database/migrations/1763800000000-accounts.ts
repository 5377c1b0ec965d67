import { MigrationInterface, QueryRunner } from 'typeorm';
import { TIMESTAMPS } from '../ddl';

/** Users, admins, password resets, the mail outbox and app metadata. */
export class Accounts1763800000000 implements MigrationInterface {
  name = 'Accounts1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await q.query(`
      CREATE TABLE app_user (
        id serial PRIMARY KEY,
        email citext NOT NULL UNIQUE,
        password_hash text,
        google_id text UNIQUE,
        first_name varchar(80),
        last_name varchar(80),
        profile_image text,
        phone varchar(20),
        gender varchar(6) CHECK (gender IN ('Male','Female')),
        bank_name varchar(100),
        bank_account_number varchar(10),
        bank_account_name varchar(120),
        contact_channels jsonb NOT NULL DEFAULT '{}'::jsonb,
        status varchar(12) NOT NULL DEFAULT 'active' CHECK (status IN ('active','suspended','deleted')),
        token_version int NOT NULL DEFAULT 0,
        ${TIMESTAMPS}
      )`);
    await q.query(`CREATE INDEX app_user_created_idx ON app_user (created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX app_user_search_idx ON app_user USING gin ((coalesce(first_name,'') || ' ' || coalesce(last_name,'') || ' ' || email::text) gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE admin (
        id serial PRIMARY KEY,
        email citext NOT NULL UNIQUE,
        password_hash text NOT NULL,
        first_name varchar(80) NOT NULL,
        last_name varchar(80) NOT NULL,
        phone varchar(20),
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','active','declined')),
        token_version int NOT NULL DEFAULT 0,
        decided_by int REFERENCES admin(id),
        decided_at timestamptz,
        ${TIMESTAMPS}
      )`);
    await q.query(`
      CREATE TABLE password_reset (
        id serial PRIMARY KEY,
        subject varchar(5) NOT NULL CHECK (subject IN ('user','admin')),
        subject_id int NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_reset_subject_idx ON password_reset (subject, subject_id)`);
    await q.query(`
      CREATE TABLE mail_outbox (
        id serial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','failed','logged')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await q.query(`CREATE TABLE app_meta (key text PRIMARY KEY, value text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE app_meta, mail_outbox, password_reset, admin, app_user`);
  }
}
