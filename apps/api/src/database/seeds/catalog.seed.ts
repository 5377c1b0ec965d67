import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProductImagesService } from '../../modules/catalog/product-images.service';
import { ProductSearchService } from '../../modules/catalog/product-search.service';
import { slugify } from '../../modules/catalog/taxonomy.mapper';
import { DEMO_CATEGORIES, DEMO_COMMISSION } from './catalog-data';
import { demoListings } from './demo-listings';
import { demoPhoto } from './demo-image';
import type { DemoSeed } from './seed.service';
import { SEEDED_ATTRIBUTES } from '../migrations/1764270000001-category-attributes';
import type { AppUserRow, CategoryRow } from '../rows.generated';

/** Demo categories, the commission note and ~200 listings with locally drawn photos, from the demo sellers. */
@Injectable()
export class CatalogSeed implements DemoSeed {
  readonly key = 'demo:catalog:v1';

  constructor(
    private readonly images: ProductImagesService,
    private readonly search: ProductSearchService,
  ) {}

  async run(em: EntityManager): Promise<void> {
    const sellers = (await em.query<Pick<AppUserRow, 'id'>[]>(`SELECT id FROM app_user WHERE email LIKE '%@kasuwa.test' ORDER BY id`)).map(
      (r) => r.id,
    );
    if (!sellers.length) return;
    await em.query(`INSERT INTO commission (note) VALUES ($1)`, [DEMO_COMMISSION]);
    const categoryIds = new Map<string, number>();
    let position = 0;
    for (const top of DEMO_CATEGORIES) {
      const [{ id: parentId }] = await em.query<Pick<CategoryRow, 'id'>[]>(
        `INSERT INTO category (category_name, slug, position) VALUES ($1,$2,$3) RETURNING id`,
        [top.name, slugify(top.name), position++],
      );
      for (const childName of Object.keys(top.children)) {
        const [{ id }] = await em.query<Pick<CategoryRow, 'id'>[]>(
          `INSERT INTO category (category_name, slug, position, parent_category_id) VALUES ($1,$2,$3,$4) RETURNING id`,
          [childName, slugify(childName), position++, parentId],
        );
        categoryIds.set(childName, id);
      }
    }
    // The demo categories' attributes, as the migration gives a catalogue that had them before it (by slug).
    for (const [slug, defs] of Object.entries(SEEDED_ATTRIBUTES))
      await em.query(`UPDATE category SET attributes = $2::jsonb WHERE slug = $1`, [slug, JSON.stringify(defs)]);
    for (const l of demoListings()) {
      const photo = await demoPhoto(l.name, l.childName, l.color, l.n);
      const [stored] = await this.images.storeWithVariants([{ originalname: `${slugify(l.name)}.jpg`, buffer: photo, size: photo.length }]);
      await em.query(
        `INSERT INTO product (user_id, category_id, product_name, product_description, price_kobo, location, quantity, condition, images, created_at, state_id, city_id, attributes)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9, now() - make_interval(secs => $10), $11, $12, $13)`,
        [
          sellers[l.n % sellers.length],
          categoryIds.get(l.childName),
          l.name,
          l.description,
          l.naira * 100,
          l.location,
          l.quantity,
          l.condition,
          JSON.stringify([stored]),
          l.secondsAgo,
          l.stateId,
          l.cityId,
          JSON.stringify(l.attributes),
        ],
      );
      await this.search.indexWords(em, l.name, l.description);
    }
  }
}
