import type { AttributeDefinition } from '@kasuwa/contracts';
import { readAttributes } from '../../modules/catalog/category-attributes';
import { SEEDED_ATTRIBUTES } from '../migrations/1764270000001-category-attributes';
import { demoListings } from './demo-listings';

/** The definitions each demo sub-category's listings give (its own slug's, or its parent's: Fashion's children inherit). */
const DEFINITIONS: Record<string, unknown[]> = {
  Cars: SEEDED_ATTRIBUTES.cars,
  'Mobile Phones': SEEDED_ATTRIBUTES['mobile-phones'],
  "Men's Fashion": SEEDED_ATTRIBUTES.fashion,
  "Women's Fashion": SEEDED_ATTRIBUTES.fashion,
  Shoes: SEEDED_ATTRIBUTES.fashion,
};

describe('demo listings carry attributes their categories accept', () => {
  it('every value is allowed, every required one given, and they come back unchanged', () => {
    const listings = demoListings();
    for (const l of listings) {
      const defs = (DEFINITIONS[l.childName] ?? []) as AttributeDefinition[];
      expect(readAttributes(defs, l.attributes, true)).toEqual(l.attributes);
    }
    const cars = listings.filter((l) => l.childName === 'Cars');
    expect(cars.length).toBeGreaterThan(0);
    expect(cars.every((c) => typeof c.attributes.make === 'string' && typeof c.attributes.year === 'number')).toBe(true);
    expect(new Set(cars.map((c) => c.attributes.make)).size).toBeGreaterThan(2);
  });
});
