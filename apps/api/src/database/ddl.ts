import type { QueryRunner } from 'typeorm';

/**
 * Pieces of DDL that many migrations write the same way. Migrations are history: what they send must never change
 * (migrations-history.spec pins it), so each piece here yields exactly the text the migrations wrote by hand.
 */

/**
 * The `created_at`/`updated_at` pair a timestamped table carries (TimestampedEntity), laid out as a CREATE TABLE in
 * these migrations lays out its columns: one a line, indented eight spaces.
 */
export const TIMESTAMPS = ['created_at timestamptz NOT NULL DEFAULT now()', 'updated_at timestamptz NOT NULL DEFAULT now()'].join(
  ',\n        ',
);

/**
 * A table of pairs (favourite, user_block): one row per (a, b), gone with either side. Two cascading foreign keys, when
 * the pair was made, the pair as primary key, and an index on b: the key serves lookups by a, and deleting a b row
 * cascades here, which must not scan the table.
 */
export async function createPairTable(
  q: QueryRunner,
  table: string,
  [a, aTable]: [string, string],
  [b, bTable]: [string, string],
): Promise<void> {
  const ref = (column: string, target: string) => `${column} int NOT NULL REFERENCES ${target}(id) ON DELETE CASCADE`;
  await q.query(`
      CREATE TABLE ${table} (
        ${ref(a, aTable)},
        ${ref(b, bTable)},
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (${a}, ${b})
      )`);
  await q.query(`CREATE INDEX ${table}_${b.replace(/_id$/, '')}_idx ON ${table} (${b})`);
}
