/**
 * Pieces of DDL that many migrations write the same way. Migrations are history: what they send must never change
 * (migrations-history.spec pins it), so each piece here yields exactly the text the migrations wrote by hand.
 */

/**
 * The `created_at`/`updated_at` pair a timestamped table carries (TimestampedEntity), laid out as a CREATE TABLE in
 * these migrations lays out its columns: one a line, indented eight spaces.
 */
export const TIMESTAMPS = ['created_at timestamptz NOT NULL DEFAULT now()', 'updated_at timestamptz NOT NULL DEFAULT now()'].join(',\n        ');
