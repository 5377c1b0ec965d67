import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The product page's seller facts (active listings, completed orders) as counters on app_user, kept by
 * Postgres triggers so every writer (services, raw SQL, cascades, seeds) is covered; counting per view walked every
 * listing of the seller. Statement-level triggers over transition tables: a bulk INSERT … SELECT of a million
 * listings updates the seller row once per statement, not once per row.
 */
export class SellerCounters1763800040000 implements MigrationInterface {
  name = 'SellerCounters1763800040000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE app_user ADD COLUMN active_listings int NOT NULL DEFAULT 0, ADD COLUMN completed_orders int NOT NULL DEFAULT 0`,
    );
    for (const [table, owner, status, column] of [
      ['product', 'user_id', 'active', 'active_listings'],
      ['order', 'seller_id', 'completed', 'completed_orders'],
    ]) {
      const fn = `app_user_${column}_count`;
      // One net change per seller for the whole statement: +1 for each row now counted, -1 for each row no longer counted.
      await q.query(`
        CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            UPDATE app_user u SET ${column} = u.${column} + d.n
            FROM (SELECT ${owner} AS id, count(*)::int AS n FROM new_rows WHERE status = '${status}' GROUP BY ${owner}) d WHERE u.id = d.id;
          ELSIF TG_OP = 'DELETE' THEN
            UPDATE app_user u SET ${column} = u.${column} - d.n
            FROM (SELECT ${owner} AS id, count(*)::int AS n FROM old_rows WHERE status = '${status}' GROUP BY ${owner}) d WHERE u.id = d.id;
          ELSE
            UPDATE app_user u SET ${column} = u.${column} + d.n
            FROM (SELECT id, sum(n)::int AS n FROM (
                    SELECT ${owner} AS id, 1 AS n FROM new_rows WHERE status = '${status}'
                    UNION ALL SELECT ${owner}, -1 FROM old_rows WHERE status = '${status}') x
                  GROUP BY id) d
            WHERE u.id = d.id AND d.n <> 0;
          END IF;
          RETURN NULL;
        END $$`);
      await q.query(
        `CREATE TRIGGER ${table}_${column}_ins AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_${column}_upd AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_${column}_del AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await q.query(`
        UPDATE app_user u SET ${column} = c.n
        FROM (SELECT ${owner} AS id, count(*)::int AS n FROM "${table}" WHERE status = '${status}' GROUP BY ${owner}) c WHERE u.id = c.id`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, column] of [
      ['product', 'active_listings'],
      ['order', 'completed_orders'],
    ]) {
      for (const op of ['ins', 'upd', 'del']) await q.query(`DROP TRIGGER ${table}_${column}_${op} ON "${table}"`);
      await q.query(`DROP FUNCTION app_user_${column}_count()`);
    }
    await q.query(`ALTER TABLE app_user DROP COLUMN active_listings, DROP COLUMN completed_orders`);
  }
}
