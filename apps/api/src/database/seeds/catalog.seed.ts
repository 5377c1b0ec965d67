import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProductImagesService } from '../../modules/catalog/product-images.service';
import { ProductSearchService } from '../../modules/catalog/product-search.service';
import { slugify } from '../../modules/catalog/taxonomy.mapper';
import { DEMO_CATEGORIES, DEMO_COMMISSION, DEMO_LOCATIONS } from './catalog-data';
import { demoPhoto } from './demo-image';
import { SeedService } from './seed.service';

/** A small deterministic PRNG so every fresh database gets the same demo catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Demo categories, the commission note and ~200 listings with locally drawn photos, from the demo sellers. */
@Injectable()
export class CatalogSeed implements OnModuleInit {
  constructor(
    private readonly seeds: SeedService,
    private readonly images: ProductImagesService,
    private readonly search: ProductSearchService,
  ) {}

  onModuleInit(): void {
    this.seeds.register({ key: 'demo:catalog:v1', run: (em) => this.run(em) });
  }

  private async run(em: EntityManager): Promise<void> {
    const sellers: number[] = (await em.query(`SELECT id FROM app_user WHERE email LIKE '%@kasuwa.test' ORDER BY id`)).map((r: { id: number }) => r.id);
    if (!sellers.length) return;
    await em.query(`INSERT INTO commission (note) VALUES ($1)`, [DEMO_COMMISSION]);
    const random = rng(2026);
    let position = 0;
    let n = 0;
    for (const top of DEMO_CATEGORIES) {
      const [{ id: parentId }] = await em.query(`INSERT INTO category (category_name, slug, position) VALUES ($1,$2,$3) RETURNING id`, [top.name, slugify(top.name), position++]);
      for (const [childName, tpl] of Object.entries(top.children)) {
        const [{ id: catId }] = await em.query(
          `INSERT INTO category (category_name, slug, position, parent_category_id) VALUES ($1,$2,$3,$4) RETURNING id`,
          [childName, slugify(childName), position++, parentId],
        );
        const count = Math.max(6, Math.round(200 / 26));
        for (let i = 0; i < count; i++) {
          const name = tpl.names[i % tpl.names.length];
          const naira = Math.round((tpl.price[0] + random() * (tpl.price[1] - tpl.price[0])) / 500) * 500;
          const location = DEMO_LOCATIONS[Math.floor(random() * DEMO_LOCATIONS.length)];
          const used = random() < 0.45;
          const photo = await demoPhoto(name, childName, top.color, n);
          const [stored] = await this.images.store([{ originalname: `${slugify(name)}.jpg`, buffer: photo, size: photo.length }]);
          const daysAgo = random() * 60;
          await em.query(
            `INSERT INTO product (user_id, category_id, product_name, product_description, price_kobo, location, quantity, product_type, images, created_at)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9, now() - make_interval(secs => $10))`,
            [sellers[n % sellers.length], catId, name, tpl.description, naira * 100, location, 1 + Math.floor(random() * 5), used ? 'used' : 'new', JSON.stringify([stored]), Math.round(daysAgo * 86400)],
          );
          await this.search.indexWords(em, name, tpl.description);
          n++;
        }
      }
    }
  }
}
