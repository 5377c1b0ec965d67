import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { Timestamped } from '../../../database/entities/timestamped.entity';
import type { ProductAttributes, ProductCondition, ProductStatus, ProductType } from '@kasuwa/contracts';
import { User } from '../../users/entities/user.entity';
import { LocationCity, LocationState } from '../../locations/entities/location.entity';
import type { StoredImage } from '../../storage/image-variants.service';
import { Category } from './category.entity';

export type { StoredImage };

/** A listing. Money is integer kobo (`priceKobo`); the API shows it as a two-decimal naira string. */
@Entity('product')
// (status, state|city, created_at DESC, id DESC): the place filters, like the category's (migration 1764030000001).
@Index('product_state_newest_idx', { synchronize: false })
@Index('product_city_newest_idx', { synchronize: false })
// (status, category_id, state_id, city_id, created_at DESC, id DESC) INCLUDE (price_kobo): a category in a place (1764120000001).
@Index('product_category_place_idx', { synchronize: false })
// GIN (attributes jsonb_path_ops): attribute filters by containment (1764270000001).
@Index('product_attributes_idx', { synchronize: false })
@Check('product_attributes_check', `jsonb_typeof(attributes) = 'object'`)
// Similar listings and the price hint: on sale, by category and LGA / state / anywhere, in price order (1764275000001).
@Index('product_similar_state_idx', { synchronize: false })
@Index('product_similar_lga_idx', { synchronize: false })
@Index('product_similar_price_idx', { synchronize: false })
export class Product extends Timestamped {
  @Column({ type: 'int' }) userId: number;
  @ManyToOne(() => User) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ type: 'int', nullable: true }) categoryId: number | null;
  @ManyToOne(() => Category, { nullable: true }) @JoinColumn({ name: 'category_id' }) category?: Category | null;
  @Column({ type: 'varchar', length: 120 }) productName: string;
  @Column({ type: 'text', default: '' }) productDescription: string;
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } }) priceKobo: number;
  @Column({ type: 'char', length: 3, default: 'NGN' }) currency: 'NGN';
  /** The one-line place ("Ikeja, Lagos"), built from the state and city; old text that named no place keeps its words. */
  @Column({ type: 'varchar', length: 120 }) location: string;
  /** Null only on old listings whose text named no place (see migration 1764030000001). */
  @Column({ type: 'smallint', nullable: true }) stateId: number | null;
  @ManyToOne(() => LocationState, { nullable: true })
  @JoinColumn({ name: 'state_id', foreignKeyConstraintName: 'product_state_id_fkey' })
  state?: LocationState | null;
  @Column({ type: 'int', nullable: true }) cityId: number | null;
  @ManyToOne(() => LocationCity, { nullable: true })
  @JoinColumn({ name: 'city_id', foreignKeyConstraintName: 'product_city_id_fkey' })
  city?: LocationCity | null;
  /** Known when the seller picked it or the city lies in one LGA; the "same LGA" delivery zone needs it. */
  @Column({ type: 'int', nullable: true }) lgaId: number | null;
  /** How the listing reaches buyers (docs/delivery.md: Delivery): at least one way (product_delivery_way_check). */
  @Column({ type: 'boolean', default: false }) pickup: boolean;
  /** Seller delivery's fee per zone; null = not offered to that zone. The defaults are the product's ₦4,500 everywhere. */
  @Column({ type: 'bigint', nullable: true, default: 450000 }) deliveryLgaKobo: string | null;
  @Column({ type: 'bigint', nullable: true, default: 450000 }) deliveryStateKobo: string | null;
  @Column({ type: 'bigint', nullable: true, default: 450000 }) deliveryOtherKobo: string | null;
  @Column({ type: 'smallint', nullable: true, default: 1 }) deliveryLgaDays: number | null;
  @Column({ type: 'smallint', nullable: true, default: 2 }) deliveryStateDays: number | null;
  @Column({ type: 'smallint', nullable: true, default: 5 }) deliveryOtherDays: number | null;
  @Column({ type: 'boolean', default: false }) payOnDelivery: boolean;
  @Column({ type: 'int', default: 1 }) quantity: number;
  /** Follows `condition` (a database trigger keeps them in step). */
  @Column({ type: 'varchar', length: 4, default: 'new' }) productType: ProductType;
  @Column({ type: 'varchar', length: 14, default: 'brand_new' }) condition: ProductCondition;
  @Column({ type: 'varchar', length: 10, default: 'active' }) status: ProductStatus;
  @Column({ type: 'text', nullable: true }) blockReason: string | null;
  @Column({ type: 'jsonb', default: [] }) images: StoredImage[];
  /** The category's attributes it gives (category-attributes.ts checks them); `{}` for listings without. */
  @Column({ type: 'jsonb', default: () => `'{}'` }) attributes: ProductAttributes;
}
