import { MigrationInterface, QueryRunner } from 'typeorm';
import { TIMESTAMPS } from '../ddl';

/**
 * Groups of words a Nigerian buyer uses for the same thing. Each group is symmetric: a query word found in a group
 * also matches every other term of it. Terms are lowercase words of [a-z0-9] separated by single spaces (a
 * multi-word term matches as a phrase). Kept as data so admins can edit it from the back office.
 */
export const NIGERIAN_SYNONYMS: string[][] = [
  ['okada', 'motorcycle', 'motorbike', 'motor bike'],
  ['keke', 'keke napep', 'napep', 'tricycle'],
  ['tokunbo', 'foreign used', 'uk used', 'us used', 'london used', 'belgium used'],
  ['fridge', 'refrigerator', 'freezer'],
  ['tv', 'television', 'telly'],
  ['gen', 'generator', 'genset'],
  ['phone', 'mobile', 'handset', 'cellphone'],
  ['ac', 'aircon', 'air conditioner', 'air conditioning'],
  ['agbada', 'babanriga', 'babban riga'],
  ['ankara', 'african print', 'wax print'],
  ['aso oke', 'asooke'],
  ['asoebi', 'aso ebi'],
  ['gele', 'head tie', 'headtie'],
  ['senator', 'native wear', 'native attire'],
  ['sneakers', 'canvas', 'trainers'],
  ['slippers', 'palm slippers', 'slides', 'palms'],
  ['earpiece', 'earphones', 'earbuds'],
  ['power bank', 'powerbank'],
  ['garri', 'gari'],
  ['groundnut', 'peanut'],
  ['sofa', 'couch', 'settee'],
  ['wardrobe', 'closet'],
  ['cooker', 'gas cooker', 'stove'],
  ['blender', 'grinder'],
  ['stroller', 'pram', 'pushchair'],
  ['cot', 'crib'],
  ['car', 'motor'],
  ['laptop', 'notebook computer'],
  ['inverter', 'solar inverter'],
  ['tyre', 'tire'],
  ['theatre', 'theater'],
  ['colour', 'color'],
  ['jewellery', 'jewelry'],
  ['land', 'plot'],
  ['repair', 'repairs', 'servicing', 'fixing'],
  ['house', 'flat', 'apartment'],
  ['ram', 'sallah ram'],
];

/** The synonym table the search expands query words with, seeded with local vocabulary. */
export class SearchSynonyms1763800010000 implements MigrationInterface {
  name = 'SearchSynonyms1763800010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_synonym (
        id serial PRIMARY KEY,
        terms text[] NOT NULL CHECK (cardinality(terms) BETWEEN 2 AND 20),
        ${TIMESTAMPS}
      )`);
    for (const terms of NIGERIAN_SYNONYMS) await q.query(`INSERT INTO search_synonym (terms) VALUES ($1)`, [terms]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE search_synonym`);
  }
}
