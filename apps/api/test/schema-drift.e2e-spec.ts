import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readColumns, rowTypesSource } from '../src/database/row-types';
import { createTestApp, TestApp } from './utils/test-app';

/**
 * Tables whose indexes, foreign keys and CHECKs are still described only by their migrations (their columns are checked
 * like every other table's). Take a table off this list once its entity names them as the migration does
 * (`@Index(name, cols, { synchronize: false })` for partial/expression/GIN indexes, `foreignKeyConstraintName`, `@Check`).
 */
const CONSTRAINTS_IN_MIGRATIONS_ONLY = new Set<string>([
  'admin',
  'app_user',
  'cart_item',
  'category',
  'checkout_session',
  'commission',
  'contact_message',
  'conversation',
  'email_preference',
  'favourite',
  'mail_outbox',
  'message',
  'notification',
  'offer_price',
  'order_item',
  'order_status_history',
  'password_reset',
  'payment_transaction',
  'product',
  'report',
  'review',
  'review_moderation',
  'saved_search',
  'saved_search_digest',
  'search_synonym',
  'search_word',
  'test_checkout_payment',
  'user_block',
]);

/**
 * The schema is described once. A fresh database after every migration must match the TypeORM entities:
 * the migration TypeORM would generate from the difference (`createSchemaBuilder().log()`) is empty, so adding a column
 * to a migration without its entity (or the other way round) fails here, naming the statement that differs. Every table
 * has an entity. Generated columns (product.search) stay the migration's: TypeORM cannot compare their expressions.
 */
/** Defaults TypeORM reads back in another spelling than any entity can write (it strips casts and re-compares): checked by hand. */
const DEFAULTS_SPELLED_DIFFERENTLY = new Set(['checkout_session.reference']);

describe('migrations and entities describe the same schema', () => {
  let t: TestApp;
  let statements: { table: string; sql: string; columnLevel: boolean }[];
  beforeAll(async () => {
    t = await createTestApp();
    // TypeORM reads generated-column expressions from its own table, which hand-written migrations never fill.
    await t.db.query(
      `CREATE TABLE IF NOT EXISTS typeorm_metadata (type varchar NOT NULL, database varchar, schema varchar, "table" varchar, name varchar, value text)`,
    );
    const indexTable = new Map<string, string>(
      (await t.db.query(`SELECT indexname, tablename FROM pg_indexes WHERE schemaname = 'public'`)).map(
        (r: { indexname: string; tablename: string }) => [r.indexname, r.tablename],
      ),
    );
    const generated = new Set<string>(
      (
        await t.db.query(
          `SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND is_generated = 'ALWAYS'`,
        )
      ).map((r: { c: string }) => r.c),
    );
    const sql = await t.db.driver.createSchemaBuilder().log();
    statements = sql.upQueries
      .map((q) => q.query)
      .filter((s) => !s.includes('typeorm_metadata'))
      .filter((s) => {
        const drop = /^ALTER TABLE "(\w+)" DROP COLUMN "(\w+)"$/.exec(s);
        const setDefault = /^ALTER TABLE "(\w+)" ALTER COLUMN "(\w+)" SET DEFAULT /.exec(s);
        return (
          !(drop && generated.has(`${drop[1]}.${drop[2]}`)) &&
          !(setDefault && DEFAULTS_SPELLED_DIFFERENTLY.has(`${setDefault[1]}.${setDefault[2]}`))
        );
      })
      .map((s) => {
        const index = /^DROP INDEX "public"\."(\w+)"/.exec(s);
        const table = index ? (indexTable.get(index[1]) ?? index[1]) : (/(?:TABLE|ON) (?:"public"\.)?"(\w+)"/.exec(s)?.[1] ?? '?');
        const columnLevel = /^CREATE TABLE/.test(s) || /^ALTER TABLE "\w+" (ADD "|DROP COLUMN|ALTER COLUMN)/.test(s);
        return { table, sql: s, columnLevel };
      });
  });
  afterAll(() => t.close());

  it('every table has an entity', async () => {
    const tables: { tablename: string }[] = await t.db.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('migrations', 'typeorm_metadata') ORDER BY 1`,
    );
    const described = new Set(t.db.entityMetadatas.map((m) => m.tableName));
    expect(tables.map((r) => r.tablename).filter((name) => !described.has(name))).toEqual([]);
  });

  it('every column of every table is as its entity says (type, length, null, default)', () => {
    expect(statements.filter((s) => s.columnLevel).map((s) => s.sql)).toEqual([]);
  });

  it('indexes, foreign keys and checks too, for every table not listed as still described by its migrations only', () => {
    expect(statements.filter((s) => !CONSTRAINTS_IN_MIGRATIONS_ONLY.has(s.table)).map((s) => s.sql)).toEqual([]);
  });

  it('the row types raw SQL is typed by are the migrated schema (npm run rows regenerates them)', async () => {
    const generated = rowTypesSource(await readColumns((sql) => t.db.query(sql)));
    expect(readFileSync(join(__dirname, '../src/database/rows.generated.ts'), 'utf8')).toBe(generated);
  });
});
