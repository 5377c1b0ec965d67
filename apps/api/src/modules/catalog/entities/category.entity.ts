import { Check, Column, Entity } from 'typeorm';
import type { AttributeDefinition } from '@kasuwa/contracts';
import { Timestamped } from '../../../database/entities/timestamped.entity';

/** A node of the category tree; its slug is unique and generated from the name. */
@Entity('category')
@Check('category_attributes_check', `jsonb_typeof(attributes) = 'array'`)
export class Category extends Timestamped {
  @Column({ type: 'varchar', length: 80 }) categoryName: string;
  @Column({ type: 'varchar', length: 100 }) slug: string;
  @Column({ type: 'int', default: 0 }) position: number;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'text', nullable: true }) image: string | null;
  @Column({ type: 'varchar', length: 10, default: 'active' }) status: 'active' | 'inactive';
  @Column({ type: 'int', nullable: true }) parentCategoryId: number | null;
  /** Slugs it had before a rename: its landing pages there move to the current slug (301). */
  @Column({ type: 'text', array: true, default: () => `'{}'` }) oldSlugs: string[];
  /** Its own attribute definitions (sub-categories inherit them: CategoriesService.attributesOf). */
  @Column({ type: 'jsonb', default: () => `'[]'` }) attributes: AttributeDefinition[];
}
