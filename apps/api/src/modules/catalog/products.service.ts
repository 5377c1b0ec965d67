import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MIGRATED_DELIVERY,
  nairaToKobo,
  type AttributeDefinition,
  type ListingDelivery,
  type Product as ProductDto,
  type ProductDetail,
  type ProductAttributes,
} from '@kasuwa/contracts';
import { keepFitting, readAttributes } from './category-attributes';
import type { Actor } from '../../common/auth.decorators';
import { audit, pick } from '../../common/audit';
import { forbidden, invalidField, notFound } from '../../common/errors';
import type { UploadedImage } from '../storage/image.service';
import { LocationsService } from '../locations/locations.service';
import { CategoriesService } from './categories.service';
import { ListingOffSale } from './listing-off-sale';
import { ListingPosted } from './listing-posted';
import { CreateProductDto, UpdateProductDto } from './dto/product.dto';
import { Product, StoredImage } from './entities/product.entity';
import { conditionFields } from './product-condition';
import { ProductImagesService } from './product-images.service';
import {
  availabilityOf,
  DELIVERY_COLUMNS,
  PRODUCT_COLUMNS,
  PRODUCT_FROM,
  ProductRow,
  PUBLIC_PAGE_STATUSES,
  SALE_COLUMNS,
  toListingDelivery,
  toProduct,
  type DeliveryRow,
  type SaleRow,
} from './product.mapper';
import { ProductSearchService } from './product-search.service';
import { CacheService } from '../cache/cache.service';
import { PreparedStatements } from '../../database/prepared-statements';
import { productCacheTag } from './product-cache';
import type { AppUserRow } from '../../database/rows.generated';

export const PRODUCT_NOT_FOUND = 'Product not found.';

/**
 * A listing page's one statement (prepared: planned once per connection). The seller facts are counters on app_user
 * kept by triggers (migration 1763800040000), not counted per view; a sold-out listing's sale (SALE_COLUMNS) is read
 * only for sold-out rows.
 */
const VISIBLE_SQL = `SELECT ${PRODUCT_COLUMNS}, u.active_listings AS seller_listings, u.completed_orders AS seller_completed_orders, ${SALE_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.id = $1`;
type VisibleRow = ProductRow & SaleRow & { seller_listings: number; seller_completed_orders: number };

/** Listings: reading one, a seller's own, creating, editing (with image keep/remove/reorder), deleting. */
@Injectable()
export class ProductsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly images: ProductImagesService,
    private readonly search: ProductSearchService,
    private readonly categories: CategoriesService,
    private readonly offSale: ListingOffSale,
    private readonly cache: CacheService,
    private readonly prepared: PreparedStatements,
    private readonly locations: LocationsService,
    private readonly listingPosted: ListingPosted,
  ) {}

  /**
   * A public listing, or a non-public one to its seller or an admin: one statement, whatever the seller's size. An
   * anonymous page view reads a replica (DATABASE_READ_URL); a signed-in viewer (maybe its seller, just after an edit) the primary.
   * A sold-out listing is public too, with its `availability` (reserved or sold): its buyer, a shared link and a search
   * engine still open it (search never lists it); withdrawn, blocked, held and deleted ones answer 404 to the public.
   */
  async getVisible(id: number, viewer?: Actor): Promise<ProductDetail> {
    const [row] = await (viewer
      ? this.prepared.primary<VisibleRow>(VISIBLE_SQL, [id])
      : this.prepared.replica<VisibleRow>(VISIBLE_SQL, [id]));
    const mayView =
      row &&
      (PUBLIC_PAGE_STATUSES.includes(row.status) || viewer?.kind === 'admin' || (viewer?.kind === 'user' && viewer.id === row.user_id));
    if (!row || !mayView) throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    const availability = availabilityOf(row);
    return {
      ...toProduct(row),
      ...(availability ? { availability } : {}),
      seller: { listings: row.seller_listings, completedOrders: row.seller_completed_orders },
    };
  }

  async bySeller(userId: number, includeAll: boolean, limit = 60): Promise<ProductDto[]> {
    const rows = await this.db.query<ProductRow[]>(
      `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.user_id = $1 ${includeAll ? '' : `AND p.status = 'active'`}
       ORDER BY p.created_at DESC, p.id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map(toProduct);
  }

  async create(actor: Actor, dto: CreateProductDto, files: UploadedImage[]): Promise<ProductDto> {
    const sellerId = actor.kind === 'admin' ? dto.userID : actor.id;
    if (!sellerId) throw invalidField('userID', 'Choose the seller this listing belongs to');
    if (actor.kind === 'admin') {
      const [seller] = await this.db.query<Pick<AppUserRow, 'status'>[]>(`SELECT status FROM app_user WHERE id = $1`, [sellerId]);
      if (!seller || seller.status !== 'active') throw invalidField('userID', 'The seller must be an active user');
    }
    await this.checkCategory(dto.productCategoryID);
    // Checked against the category's definitions (required ones too) before anything is stored.
    const attributes = readAttributes(await this.definitions(dto.productCategoryID), dto.attributes, true);
    const place = (await this.locations.resolve(dto))!;
    const lgaId = await this.locations.listingLga(place, dto.lgaId);
    // Not sent: the terms the seller last chose, else the product's (docs/delivery.md: Delivery).
    const delivery = dto.delivery ?? (await this.deliveryDefaults(sellerId));
    await this.images.assertAll(files, 0);
    const stored = await this.images.store(files);
    try {
      const id = await this.db.transaction(async (em) => {
        const quantity = dto.productQuantity ?? 1;
        const saved = await em.getRepository(Product).save(
          em.getRepository(Product).create({
            userId: sellerId,
            categoryId: dto.productCategoryID ?? null,
            productName: dto.productName,
            productDescription: dto.productDescription ?? '',
            priceKobo: nairaToKobo(dto.productPrice),
            ...place,
            lgaId,
            ...deliveryColumns(delivery),
            quantity,
            ...conditionFields(dto, true),
            status: quantity > 0 ? 'active' : 'sold_out',
            images: stored,
            attributes,
          }),
        );
        await this.search.indexWords(em, dto.productName, dto.productDescription ?? '');
        await this.images.queueVariants(em, saved.id, stored);
        // A new account's overpriced first listing is held for a check (risk rule new_account_price).
        if (actor.kind === 'user') await this.listingPosted.run(em, saved.id);
        // A listing an admin posts is audited in its transaction (audit() records nothing for a seller's own).
        await audit(em, {
          action: 'products.create',
          targetType: 'products',
          targetId: saved.id,
          after: { productName: saved.productName, priceKobo: saved.priceKobo, quantity: saved.quantity, sellerId: saved.userId },
        });
        return saved.id;
      });
      return toProduct((await this.row(id))!);
    } catch (err) {
      await this.images.remove(stored);
      throw err;
    }
  }

  async update(actor: Actor, id: number, dto: UpdateProductDto, files: UploadedImage[]): Promise<ProductDto> {
    const current = await this.owned(actor, id);
    await this.checkCategory(dto.productCategoryID);
    const attributes = await this.editedAttributes(current, dto);
    const place = await this.locations.resolve(dto);
    const lgaId = await this.editedLga(current, place, dto.lgaId);
    await this.images.assertAll(files, this.keptImages(current.images, dto.keepImages).length);
    const added = await this.images.store(files);
    let removed: StoredImage[] = [];
    try {
      await this.db.transaction(async (em) => {
        // The photos as they are now, row locked: a variants job may have swapped one in since `current` was read.
        const [{ images }] = await em.query<{ images: StoredImage[] }[]>(`SELECT images FROM product WHERE id = $1 FOR UPDATE`, [id]);
        const kept = this.keptImages(images, dto.keepImages);
        removed = images.filter((i) => !kept.includes(i));
        const patch: Partial<Product> = { images: [...kept, ...added] };
        if (dto.productName !== undefined) patch.productName = dto.productName;
        if (dto.productDescription !== undefined) patch.productDescription = dto.productDescription;
        if (dto.productPrice !== undefined) patch.priceKobo = nairaToKobo(dto.productPrice);
        if (place) Object.assign(patch, place);
        if (lgaId !== undefined) patch.lgaId = lgaId;
        // Not sent: the listing keeps its delivery options.
        if (dto.delivery) Object.assign(patch, deliveryColumns(dto.delivery));
        if (dto.productCategoryID !== undefined) patch.categoryId = dto.productCategoryID;
        if (attributes) patch.attributes = attributes;
        Object.assign(patch, conditionFields(dto, false));
        if (dto.productQuantity !== undefined) patch.quantity = dto.productQuantity;
        patch.status = nextStatus(current.status, dto.productStatus, patch.quantity ?? current.quantity);
        const write = () => em.getRepository(Product).update(id, patch);
        // Taken off sale: the unpaid orders holding it are cancelled like on delete (the one rule).
        if (patch.status === 'withdrawn' && current.status !== 'withdrawn') {
          await this.offSale.run(
            em,
            id,
            { ...this.cancelledBy(actor), reason: `“${current.productName}” was taken off sale by its seller before payment.` },
            write,
          );
        } else await write();
        if (dto.productName !== undefined || dto.productDescription !== undefined) {
          await this.search.indexWords(em, dto.productName ?? '', dto.productDescription ?? '');
        }
        await this.images.queueVariants(em, id, added);
        // An admin's edit is audited in its transaction (audit() records nothing for a seller's own edit).
        const changed = (Object.keys(patch) as (keyof Product)[]).filter((k) => k !== 'images' && patch[k] !== current[k]);
        await audit(em, {
          action: 'products.update',
          targetType: 'products',
          targetId: id,
          before: pick(current, changed),
          after: {
            ...pick(patch as Product, changed),
            ...(added.length || removed.length ? { photosAdded: added.length, photosRemoved: removed.length } : {}),
          },
        });
      });
    } catch (err) {
      await this.images.remove(added);
      throw err;
    }
    await this.cache.invalidateTags(productCacheTag(id));
    // Files of removed images go only once the row no longer points at them.
    await this.images.remove(removed);
    return toProduct((await this.row(id))!);
  }

  /** Deletes the listing and its files; a listing that orders refer to is withdrawn instead, keeping its photos for them. */
  async remove(actor: Actor, id: number): Promise<{ id: number; deleted: boolean }> {
    const current = await this.owned(actor, id);
    const deleted = await this.db.transaction(async (em) => {
      // Unpaid orders holding it are cancelled by the one rule (stock back, checkout totals drop); paid ones keep
      // their snapshot of the listing. Withdrawn first: that row lock stops new reservations.
      await this.offSale.run(
        em,
        id,
        { ...this.cancelledBy(actor), reason: `“${current.productName}” was taken off sale by its seller before payment.` },
        () => em.query<[unknown[], number]>(`UPDATE product SET status = 'withdrawn', updated_at = now() WHERE id = $1`, [id]),
      );
      await em.query(`SAVEPOINT remove_listing`);
      let gone: StoredImage[] | null;
      try {
        // The photos as deleted (a variants job may have added files since `current` was read).
        const [row] = await em.query<{ images: StoredImage[] }[]>(
          `WITH gone AS (DELETE FROM product WHERE id = $1 RETURNING images) SELECT images FROM gone`,
          [id],
        );
        gone = row?.images ?? [];
      } catch (err) {
        if ((err as { code?: string }).code !== '23503') throw err;
        await em.query(`ROLLBACK TO SAVEPOINT remove_listing`);
        gone = null;
      }
      // An admin's removal is audited in its transaction (a listing with orders is withdrawn instead of deleted).
      await audit(em, {
        action: gone ? 'products.delete' : 'products.withdraw',
        targetType: 'products',
        targetId: id,
        before: { productName: current.productName, status: current.status },
        after: gone ? null : { status: 'withdrawn' },
      });
      return gone;
    });
    await this.cache.invalidateTags(productCacheTag(id));
    if (deleted) await this.images.remove(deleted);
    return { id, deleted: deleted !== null };
  }

  /** Who took a listing off sale, for the history of the unpaid orders that it cancels. */
  private cancelledBy(actor: Actor) {
    return { actorKind: actor.kind === 'admin' ? ('admin' as const) : ('seller' as const), actorId: actor.id };
  }

  /** A new listing's delivery options when none are sent: the seller's latest listing's, else the product's ₦4,500 everywhere. */
  async deliveryDefaults(sellerId: number): Promise<ListingDelivery> {
    const [latest] = await this.db.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM product p WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT 1`,
      [sellerId],
    );
    return latest ? toListingDelivery(latest) : MIGRATED_DELIVERY;
  }

  /**
   * An edit's LGA: the one sent (in the listing's state, new or kept); when only the place changed, the new city's;
   * undefined = unchanged.
   */
  private async editedLga(
    current: Product,
    place: { stateId: number; cityId: number | null } | undefined,
    sent: number | undefined,
  ): Promise<number | null | undefined> {
    if (sent === undefined && !place) return undefined;
    const where = place ?? (current.stateId === null ? undefined : { stateId: current.stateId, cityId: current.cityId });
    if (!where) throw invalidField('lgaId', "Choose the listing's state and city first");
    return this.locations.listingLga(where, sent);
  }

  async row(id: number): Promise<ProductRow | undefined> {
    const [row] = await this.db.query<ProductRow[]>(`SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.id = $1`, [id]);
    return row;
  }

  /** The listing, if the caller is its seller or an admin: others get 403, unknown ids 404. */
  private async owned(actor: Actor, id: number): Promise<Product> {
    const product = await this.db.getRepository(Product).findOneBy({ id });
    if (!product) throw notFound('PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND);
    if (actor.kind !== 'admin' && product.userId !== actor.id)
      throw forbidden('NOT_YOUR_PRODUCT', 'You can only change your own listings.');
    return product;
  }

  /** The attribute definitions of a listing's category (none without one). */
  private async definitions(categoryId: number | null | undefined): Promise<AttributeDefinition[]> {
    return categoryId ? ((await this.categories.attributesOf(categoryId)) ?? []) : [];
  }

  /**
   * An edit's attributes (undefined: unchanged). Sent, they replace the listing's, checked in full. Not sent with a new
   * category: the values that still fit the new category are kept and the rest dropped (a phone moved to "Phone
   * Accessories" loses its storage), and the new category's required ones must then be there. Otherwise untouched:
   * a listing from before its category had attributes (or a required one) keeps working.
   */
  private async editedAttributes(current: Product, dto: UpdateProductDto): Promise<ProductAttributes | undefined> {
    const moved = dto.productCategoryID !== undefined && dto.productCategoryID !== current.categoryId;
    if (dto.attributes === undefined && !moved) return undefined;
    const defs = await this.definitions(dto.productCategoryID !== undefined ? dto.productCategoryID : current.categoryId);
    return readAttributes(defs, dto.attributes ?? keepFitting(defs, current.attributes), true);
  }

  private async checkCategory(id: number | null | undefined): Promise<void> {
    if (id !== undefined && id !== null && !(await this.categories.exists(id))) {
      throw invalidField('productCategoryID', 'Category does not exist');
    }
  }

  private keptImages(current: StoredImage[], keepJson: string | undefined): StoredImage[] {
    if (keepJson === undefined) return current;
    let urls: unknown;
    try {
      urls = JSON.parse(keepJson);
    } catch {
      throw invalidField('keepImages', 'keepImages must be a JSON array of image URLs');
    }
    if (!Array.isArray(urls)) throw invalidField('keepImages', 'keepImages must be a JSON array of image URLs');
    // A photo is named by its imageUrl, or by its originalUrl (what imageUrl was before the variants job ran: a form
    // opened in that moment still holds it).
    const byUrl = new Map(current.flatMap((i) => [[i.originalUrl, i] as const, [i.imageUrl, i] as const]));
    return [...new Set(urls)].map((u) => {
      const img = byUrl.get(String(u));
      if (!img) throw invalidField('keepImages', `Unknown image ${String(u)}`);
      return img;
    });
  }
}

/** Delivery options as the product row stores them: kobo per zone, null = not served. */
function deliveryColumns(d: ListingDelivery): Partial<Product> {
  const kobo = (z: { fee: number } | null) => (z ? String(z.fee * 100) : null);
  return {
    pickup: d.pickup,
    payOnDelivery: d.payOnDelivery,
    deliveryLgaKobo: kobo(d.sellerDelivery.lga),
    deliveryStateKobo: kobo(d.sellerDelivery.state),
    deliveryOtherKobo: kobo(d.sellerDelivery.other),
    deliveryLgaDays: d.sellerDelivery.lga?.days ?? null,
    deliveryStateDays: d.sellerDelivery.state?.days ?? null,
    deliveryOtherDays: d.sellerDelivery.other?.days ?? null,
  };
}

/** Sellers cannot undo a block or a hold for review (only an admin decides); stock decides between active and sold out. */
function nextStatus(current: Product['status'], wanted: 'active' | 'withdrawn' | undefined, quantity: number): Product['status'] {
  if (current === 'blocked' || current === 'held') return current;
  if (wanted === 'withdrawn' || (current === 'withdrawn' && wanted !== 'active')) return 'withdrawn';
  return quantity > 0 ? 'active' : 'sold_out';
}
