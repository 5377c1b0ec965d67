import { MigrationInterface, QueryRunner } from 'typeorm';
import { CITY_LGA, NIGERIA_LGAS } from '../../modules/locations/nigeria-lgas';

/**
 * docs/delivery.md (Places, Delivery).
 * - The 774 local government areas, seeded from nigeria-lgas.ts; a second-wave city that sits wholly in one LGA (by its
 *   name or CITY_LGA) knows it, and so do the listings placed there.
 * - Each listing says how it reaches buyers: pickup (free), seller delivery with a fee and days per zone (the seller's
 *   LGA, the seller's state, other states; no fee = not offered there), pay on delivery (seller opt-in). Existing
 *   listings keep the product's terms: seller delivery at ₦4,500 to every zone (1, 2 and 5 days). Those values are the
 *   new columns' defaults (so a million listings are not rewritten), and a listing posted without terms gets them too
 *   (MIGRATED_DELIVERY in the contracts). A listing offers at least one way.
 * - Delivery addresses are structured (state, LGA, street, landmark, phone) and remembered per user, one default.
 *   Checkouts and orders keep the address's state, LGA and landmark, and each order its delivery method, zone and fee;
 *   old orders keep their free text and have none (their fee was the product's, paid on receipt).
 */
export class DeliveryPlaces1764240000001 implements MigrationInterface {
  name = 'DeliveryPlaces1764240000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE location_lga (
        id int PRIMARY KEY,
        state_id smallint NOT NULL REFERENCES location_state(id),
        name varchar(80) NOT NULL
      )`);
    await q.query(`CREATE INDEX location_lga_state_idx ON location_lga (state_id)`);
    await q.query(`INSERT INTO location_lga (id, state_id, name) SELECT * FROM unnest($1::int[], $2::smallint[], $3::text[])`, [
      NIGERIA_LGAS.map((l) => l.id),
      NIGERIA_LGAS.map((l) => l.stateId),
      NIGERIA_LGAS.map((l) => l.name),
    ]);
    await q.query(`ALTER TABLE location_city ADD COLUMN lga_id int REFERENCES location_lga(id)`);
    const pairs = Object.entries(CITY_LGA).map(([k, lga]) => ({
      state: k.slice(0, k.indexOf(':')),
      city: k.slice(k.indexOf(':') + 1),
      lga,
    }));
    await q.query(
      `UPDATE location_city c SET lga_id = l.id
         FROM location_state s, location_lga l
        WHERE s.id = c.state_id AND l.state_id = c.state_id
          AND (lower(l.name) = lower(c.name)
               OR (s.name, c.name, l.name) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[])))`,
      [pairs.map((p) => p.state), pairs.map((p) => p.city), pairs.map((p) => p.lga)],
    );

    await q.query(`ALTER TABLE product ADD COLUMN lga_id int REFERENCES location_lga(id)`);
    await q.query(`UPDATE product p SET lga_id = c.lga_id FROM location_city c WHERE p.city_id = c.id AND c.lga_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE product
        ADD COLUMN pickup boolean NOT NULL DEFAULT false,
        ADD COLUMN delivery_lga_kobo bigint DEFAULT 450000 CHECK (delivery_lga_kobo >= 0),
        ADD COLUMN delivery_state_kobo bigint DEFAULT 450000 CHECK (delivery_state_kobo >= 0),
        ADD COLUMN delivery_other_kobo bigint DEFAULT 450000 CHECK (delivery_other_kobo >= 0),
        ADD COLUMN delivery_lga_days smallint DEFAULT 1 CHECK (delivery_lga_days BETWEEN 0 AND 60),
        ADD COLUMN delivery_state_days smallint DEFAULT 2 CHECK (delivery_state_days BETWEEN 0 AND 60),
        ADD COLUMN delivery_other_days smallint DEFAULT 5 CHECK (delivery_other_days BETWEEN 0 AND 60),
        ADD COLUMN pay_on_delivery boolean NOT NULL DEFAULT false`);
    await q.query(`
      ALTER TABLE product ADD CONSTRAINT product_delivery_way_check
        CHECK (pickup OR delivery_lga_kobo IS NOT NULL OR delivery_state_kobo IS NOT NULL OR delivery_other_kobo IS NOT NULL)`);

    await q.query(`
      CREATE TABLE user_address (
        id serial PRIMARY KEY,
        user_id int NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
        state_id smallint NOT NULL REFERENCES location_state(id),
        lga_id int NOT NULL REFERENCES location_lga(id),
        street varchar(200) NOT NULL,
        landmark varchar(120),
        phone varchar(20) NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX user_address_user_idx ON user_address (user_id)`);
    await q.query(`CREATE UNIQUE INDEX user_address_one_default ON user_address (user_id) WHERE is_default`);

    for (const table of ['checkout_session', '"order"']) {
      const t = table.replace(/"/g, '');
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN state_id smallint CONSTRAINT ${t}_state_id_fkey REFERENCES location_state(id),
          ADD COLUMN lga_id int CONSTRAINT ${t}_lga_id_fkey REFERENCES location_lga(id),
          ADD COLUMN landmark varchar(120)`);
    }
    await q.query(`
      ALTER TABLE "order"
        ADD COLUMN delivery_method varchar(16) CONSTRAINT order_delivery_method_check CHECK (delivery_method IN ('pickup','seller_delivery','pay_on_delivery')),
        ADD COLUMN delivery_zone varchar(6) CONSTRAINT order_delivery_zone_check CHECK (delivery_zone IN ('lga','state','other')),
        ADD COLUMN delivery_fee_kobo bigint NOT NULL DEFAULT 0 CONSTRAINT order_delivery_fee_kobo_check CHECK (delivery_fee_kobo >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "order" DROP COLUMN delivery_fee_kobo, DROP COLUMN delivery_zone, DROP COLUMN delivery_method`);
    for (const table of ['checkout_session', '"order"'])
      await q.query(`ALTER TABLE ${table} DROP COLUMN landmark, DROP COLUMN lga_id, DROP COLUMN state_id`);
    await q.query(`DROP TABLE user_address`);
    await q.query(`
      ALTER TABLE product DROP CONSTRAINT product_delivery_way_check,
        DROP COLUMN pay_on_delivery, DROP COLUMN delivery_other_days, DROP COLUMN delivery_state_days, DROP COLUMN delivery_lga_days,
        DROP COLUMN delivery_other_kobo, DROP COLUMN delivery_state_kobo, DROP COLUMN delivery_lga_kobo, DROP COLUMN pickup, DROP COLUMN lga_id`);
    await q.query(`ALTER TABLE location_city DROP COLUMN lga_id`);
    await q.query(`DROP TABLE location_lga`);
  }
}
