import { MigrationInterface, QueryRunner } from 'typeorm';

/** The demo categories' attributes (the marketplace's common ones), by slug; a catalogue without them gets none. */
const SEEDED: Record<string, unknown[]> = {
  cars: [
    {
      key: 'make',
      label: 'Make',
      type: 'choice',
      required: true,
      values: [
        'Toyota',
        'Honda',
        'Lexus',
        'Kia',
        'Hyundai',
        'Mercedes-Benz',
        'Nissan',
        'Ford',
        'Peugeot',
        'Volkswagen',
        'BMW',
        'Mazda',
        'Mitsubishi',
        'Acura',
        'Other',
      ],
    },
    { key: 'model', label: 'Model', type: 'text', required: false },
    { key: 'year', label: 'Year', type: 'year', required: true },
    { key: 'mileage', label: 'Mileage', type: 'number', unit: 'km', required: false },
    { key: 'transmission', label: 'Transmission', type: 'choice', required: false, values: ['Automatic', 'Manual'] },
    { key: 'fuel', label: 'Fuel', type: 'choice', required: false, values: ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'Gas (CNG/LPG)'] },
    {
      key: 'colour',
      label: 'Colour',
      type: 'choice',
      required: false,
      values: ['Black', 'White', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Gold', 'Brown', 'Other'],
    },
  ],
  'mobile-phones': [
    {
      key: 'brand',
      label: 'Brand',
      type: 'choice',
      required: true,
      values: ['Apple', 'Samsung', 'Tecno', 'Infinix', 'itel', 'Xiaomi', 'Oppo', 'Nokia', 'Google', 'Huawei', 'Other'],
    },
    { key: 'model', label: 'Model', type: 'text', required: false },
    { key: 'storage', label: 'Storage', type: 'number', unit: 'GB', required: false },
    { key: 'ram', label: 'RAM', type: 'number', unit: 'GB', required: false },
    {
      key: 'colour',
      label: 'Colour',
      type: 'choice',
      required: false,
      values: ['Black', 'White', 'Silver', 'Gold', 'Blue', 'Green', 'Purple', 'Red', 'Other'],
    },
  ],
  fashion: [
    {
      key: 'size',
      label: 'Size',
      type: 'choice',
      required: false,
      values: ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '38', '39', '40', '41', '42', '43', '44', '45', '46', 'Custom'],
    },
    { key: 'gender', label: 'Gender', type: 'choice', required: false, values: ['Men', 'Women', 'Unisex', 'Boys', 'Girls'] },
  ],
  property: [
    { key: 'bedrooms', label: 'Bedrooms', type: 'number', unit: null, required: false },
    { key: 'furnished', label: 'Furnished', type: 'choice', required: false, values: ['Furnished', 'Semi-furnished', 'Unfurnished'] },
  ],
};

/**
 * Category attributes as data (admin-editable: `category.attributes`, a list of definitions a category's listings and
 * its sub-categories' inherit) and the values a listing gives (`product.attributes`, key -> value, `{}` for listings
 * from before). Search filters by containment (`attributes @> '{"make":"Toyota"}'`) through a GIN index
 * (jsonb_path_ops: containment only, a third of the default opclass's size). The checks keep both shapes what the
 * readers expect (jsonb_each over an object, a list of definitions).
 */
export class CategoryAttributes1764270000001 implements MigrationInterface {
  name = 'CategoryAttributes1764270000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE category ADD COLUMN attributes jsonb NOT NULL DEFAULT '[]' CONSTRAINT category_attributes_check CHECK (jsonb_typeof(attributes) = 'array')`,
    );
    await q.query(
      `ALTER TABLE product ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}' CONSTRAINT product_attributes_check CHECK (jsonb_typeof(attributes) = 'object')`,
    );
    await q.query(`CREATE INDEX product_attributes_idx ON product USING gin (attributes jsonb_path_ops)`);
    for (const [slug, defs] of Object.entries(SEEDED)) {
      await q.query(`UPDATE category SET attributes = $2::jsonb WHERE slug = $1`, [slug, JSON.stringify(defs)]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_attributes_idx`);
    await q.query(`ALTER TABLE product DROP COLUMN attributes`);
    await q.query(`ALTER TABLE category DROP COLUMN attributes`);
  }
}

export const SEEDED_ATTRIBUTES = SEEDED;
