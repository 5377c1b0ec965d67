import type { Category as CategoryDto, Commission as CommissionDto } from '@kasuwa/contracts';
import { Category } from './entities/category.entity';
import { Commission } from './entities/commission.entity';

/** A category as answered; `withAttributes`: its own attribute definitions too (one category, the back office). */
export function toCategory(c: Category, withAttributes = true): CategoryDto & { name: string } {
  return {
    id: c.id,
    categoryName: c.categoryName,
    name: c.categoryName,
    slug: c.slug,
    position: c.position,
    description: c.description,
    image: c.image,
    status: c.status,
    parentCategoryID: c.parentCategoryId,
    ...(withAttributes ? { attributes: c.attributes ?? [] } : {}),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toCommission(c: Commission): CommissionDto {
  return { id: c.id, note: c.note, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

/** "Phones & Tablets" → "phones-tablets" */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 90) || 'category'
  );
}
