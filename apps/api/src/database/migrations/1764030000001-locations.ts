import { MigrationInterface, QueryRunner } from 'typeorm';
import { NIGERIA_CITIES, NIGERIA_STATES } from '../../modules/locations/nigeria-places';
import { matchPlace, placeLabel } from '../../modules/locations/place-match';

/**
 * docs/delivery.md (Location): a listing's place is a state and a city from a fixed list (seeded here), kept on
 * the listing as ids with the product's one-line `location` ("Ikeja, Lagos") built from them; search filters by the ids
 * through (status, state|city, newest) indexes like the category filter, and the free-text trigram index goes.
 * Existing listings are read once: a city or area named in their text (with its state), else a state; their text
 * becomes the built line. Text naming no place keeps its words and gets no ids: it shows as before, no location
 * filter finds it, and its seller must pick a state and city on the next edit.
 */
export class Locations1764030000001 implements MigrationInterface {
  name = 'Locations1764030000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE location_state (
        id smallint PRIMARY KEY,
        name varchar(60) NOT NULL,
        aliases text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`
      CREATE TABLE location_city (
        id int PRIMARY KEY,
        state_id smallint NOT NULL REFERENCES location_state(id),
        name varchar(60) NOT NULL,
        aliases text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`CREATE INDEX location_city_state_idx ON location_city (state_id)`);
    // '|'-joined because a text[][] parameter cannot be ragged.
    const aliases = (a: string) => `CASE WHEN ${a} = '' THEN '{}'::text[] ELSE string_to_array(${a}, '|') END`;
    await q.query(
      `INSERT INTO location_state (id, name, aliases) SELECT id, name, ${aliases('a')} FROM unnest($1::smallint[], $2::text[], $3::text[]) x(id, name, a)`,
      [NIGERIA_STATES.map((s) => s.id), NIGERIA_STATES.map((s) => s.name), NIGERIA_STATES.map((s) => s.aliases.join('|'))],
    );
    await q.query(
      `INSERT INTO location_city (id, state_id, name, aliases)
       SELECT id, state_id, name, ${aliases('a')}
       FROM unnest($1::int[], $2::smallint[], $3::text[], $4::text[]) x(id, state_id, name, a)`,
      [
        NIGERIA_CITIES.map((c) => c.id),
        NIGERIA_CITIES.map((c) => c.stateId),
        NIGERIA_CITIES.map((c) => c.name),
        NIGERIA_CITIES.map((c) => c.aliases.join('|')),
      ],
    );
    await q.query(
      `ALTER TABLE product ADD COLUMN state_id smallint REFERENCES location_state(id), ADD COLUMN city_id int REFERENCES location_city(id)`,
    );

    // Old listings: each distinct text read once (a million listings hold few distinct places).
    const places = { states: NIGERIA_STATES, cities: NIGERIA_CITIES };
    // Through the runner's manager (same connection and transaction): QueryRunner.query names no row type.
    const texts = await q.manager.query<{ location: string }[]>(`SELECT DISTINCT location FROM product`);
    const matched = texts.flatMap(({ location }) => {
      const ids = matchPlace(location, places);
      if (!ids) return [];
      const state = NIGERIA_STATES.find((s) => s.id === ids.stateId)!;
      const city = NIGERIA_CITIES.find((c) => c.id === ids.cityId);
      return [{ location, ...ids, label: placeLabel(state.name, city?.name) }];
    });
    if (matched.length) {
      await q.query(
        `UPDATE product p SET state_id = m.state_id, city_id = m.city_id, location = m.label
         FROM unnest($1::text[], $2::smallint[], $3::int[], $4::text[]) m(loc, state_id, city_id, label) WHERE p.location = m.loc`,
        [matched.map((m) => m.location), matched.map((m) => m.stateId), matched.map((m) => m.cityId), matched.map((m) => m.label)],
      );
    }
    await q.query(`DROP INDEX IF EXISTS product_location_trgm_idx`);
    await q.query(`CREATE INDEX product_state_newest_idx ON product (status, state_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX product_city_newest_idx ON product (status, city_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_city_newest_idx`);
    await q.query(`DROP INDEX product_state_newest_idx`);
    await q.query(`ALTER TABLE product DROP COLUMN city_id, DROP COLUMN state_id`);
    await q.query(`CREATE INDEX product_location_trgm_idx ON product USING gin (lower(location) gin_trgm_ops)`);
    await q.query(`DROP TABLE location_city`);
    await q.query(`DROP TABLE location_state`);
  }
}
