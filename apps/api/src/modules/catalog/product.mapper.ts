import {
  koboToNaira,
  sellerRating,
  toSlug,
  type ListingDelivery,
  type Product as ProductDto,
  type ProductAvailability,
} from '@kasuwa/contracts';
import { NIGERIA_LGAS } from '../locations/nigeria-lgas';
import { NIGERIA_STATES } from '../locations/nigeria-places';
import type { StoredImage } from './entities/product.entity';

/**
 * The seller's badges (rule "verified people"), read with the row it comes with: "E-mail verified" once the address was
 * confirmed, "Phone verified" only for a number confirmed by SMS code (accounts from before the rule may sell without one).
 */
export const SELLER_VERIFIED_COLUMNS = `u.email_verified_at IS NOT NULL AS seller_email_verified, u.phone_e164 IS NOT NULL AS seller_phone_verified`;

/** A listing's LGA and delivery terms: columns of the product row itself (no join, nothing more to read per hit). */
export const DELIVERY_COLUMNS = `p.lga_id, p.pickup, p.delivery_lga_kobo, p.delivery_state_kobo, p.delivery_other_kobo, p.delivery_lga_days, p.delivery_state_days, p.delivery_other_days, p.pay_on_delivery`;

export interface DeliveryRow {
  pickup: boolean;
  delivery_lga_kobo: string | number | null;
  delivery_state_kobo: string | number | null;
  delivery_other_kobo: string | number | null;
  delivery_lga_days: number | null;
  delivery_state_days: number | null;
  delivery_other_days: number | null;
  pay_on_delivery: boolean;
}

/** The 774 LGAs' names, from the list the database was seeded with (ids are frozen), so naming one costs no join. */
const LGA_NAMES = new Map(NIGERIA_LGAS.map((l) => [l.id, l.name]));
const STATES = new Map(NIGERIA_STATES.map((s) => [s.id, { stateName: s.name, stateSlug: toSlug(s.name) }]));
const NO_STATE = { stateName: null, stateSlug: null };

/** Stored terms (kobo per zone, null = not served) as the listing shows them (whole naira; days default as the columns do). */
export function toListingDelivery(r: DeliveryRow): ListingDelivery {
  const zone = (kobo: string | number | null, days: number | null, fallbackDays: number) =>
    kobo === null || kobo === undefined ? null : { fee: Number(kobo) / 100, days: days ?? fallbackDays };
  return {
    pickup: r.pickup,
    sellerDelivery: {
      lga: zone(r.delivery_lga_kobo, r.delivery_lga_days, 1),
      state: zone(r.delivery_state_kobo, r.delivery_state_days, 2),
      other: zone(r.delivery_other_kobo, r.delivery_other_days, 5),
    },
    payOnDelivery: r.pay_on_delivery,
  };
}

/** The columns of a search hit (one flat row, mapped directly: no entity hydration on hot paths). */
export const SEARCH_COLUMNS = `
  p.id, p.product_name, p.product_description, p.price_kobo, p.currency, p.location, p.state_id, p.city_id, p.category_id, p.quantity,
  p.product_type, p.condition, p.status, p.images, p.attributes, p.block_reason, p.created_at, p.updated_at, p.user_id,
  u.first_name AS seller_first_name, u.last_name AS seller_last_name, u.email AS seller_email,
  u.profile_image AS seller_image, u.created_at AS seller_since, u.contact_channels->>'WhatsApp' AS seller_whatsapp,
  u.rating_count AS seller_rating_count, u.rating_sum AS seller_rating_sum, u.rating_hidden AS seller_rating_hidden,
  ${SELLER_VERIFIED_COLUMNS}`;
/**
 * Every other product read: a search hit's columns and the delivery terms. Search pages leave the terms out (the
 * search path is the hot one: 9 more columns per row cost +0.2–0.3 ms per 100 rows in a pgbench of that statement alone); a card does not show them.
 */
export const PRODUCT_COLUMNS = `${SEARCH_COLUMNS}, ${DELIVERY_COLUMNS}`;
export const PRODUCT_FROM = `product p JOIN app_user u ON u.id = p.user_id`;

/**
 * A sold-out listing's sale, read only for sold-out rows (CASE evaluates its sub-query only on that branch, so a
 * listing on sale reads nothing more; order_item_product_idx finds its orders): `held` when a checkout not yet paid
 * still holds its units (reserveStock took them; releaseStock gives them back unless it is paid in time), `sold_at`
 * its last sale (the last paid order's payment; else the row's last change: a seller who set the quantity to 0).
 */
export const SALE_COLUMNS = `
  CASE WHEN p.status = 'sold_out' THEN EXISTS (SELECT 1 FROM order_item i JOIN "order" o ON o.id = i.order_id
    WHERE i.product_id = p.id AND o.payment_status = 'pending' AND o.stock_released_at IS NULL) END AS held,
  CASE WHEN p.status = 'sold_out' THEN coalesce((SELECT max(o.paid_at) FROM order_item i JOIN "order" o ON o.id = i.order_id
    WHERE i.product_id = p.id AND o.payment_status = 'paid'), p.updated_at) END AS sold_at`;

export interface SaleRow {
  status: string;
  quantity: number;
  held: boolean | null;
  sold_at: Date | string | null;
}

/** Statuses anyone may open a listing's page in: on sale, or sold out (shown as Sold or Reserved, never in search). */
export const PUBLIC_PAGE_STATUSES: readonly string[] = ['active', 'sold_out'];

/** A public listing's availability (see PRODUCT_AVAILABILITIES); undefined for a listing the public cannot see. */
export function availabilityOf(r: SaleRow): ProductAvailability | undefined {
  if (r.status === 'active') return r.quantity > 0 ? 'in_stock' : 'sold';
  if (r.status === 'sold_out') return r.held ? 'reserved' : 'sold';
  return undefined;
}

export interface ProductRow extends Partial<DeliveryRow> {
  id: number;
  product_name: string;
  product_description: string;
  price_kobo: string | number;
  currency: 'NGN';
  location: string;
  state_id: number | null;
  city_id: number | null;
  lga_id?: number | null;
  category_id: number | null;
  quantity: number;
  product_type: ProductDto['productType'];
  condition: ProductDto['productCondition'];
  status: ProductDto['productStatus'];
  images: StoredImage[];
  /** Absent only in rows read by older statements (and tests' fixtures): `{}`. */
  attributes?: ProductDto['attributes'] | null;
  block_reason: string | null;
  created_at: Date;
  updated_at: Date;
  user_id: number;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_email: string;
  seller_image: string | null;
  seller_since: Date;
  seller_whatsapp: string | null;
  seller_rating_count: number;
  seller_rating_sum: number;
  seller_rating_hidden: number;
  seller_email_verified: boolean;
  seller_phone_verified: boolean;
}

export function toProduct(r: ProductRow): ProductDto {
  const name = [r.seller_first_name, r.seller_last_name].filter(Boolean).join(' ') || r.seller_email.split('@')[0];
  return {
    id: r.id,
    productName: r.product_name,
    productPrice: koboToNaira(Number(r.price_kobo)),
    productCurrency: r.currency,
    productDescription: r.product_description,
    productLocation: r.location,
    stateId: r.state_id,
    cityId: r.city_id,
    // Not read on search pages (SEARCH_COLUMNS).
    ...(r.pickup === undefined
      ? {}
      : {
          lgaId: r.lga_id ?? null,
          lgaName: r.lga_id ? (LGA_NAMES.get(r.lga_id) ?? null) : null,
          ...((r.state_id && STATES.get(r.state_id)) || NO_STATE),
          delivery: toListingDelivery(r as DeliveryRow),
        }),
    productCategoryID: r.category_id,
    attributes: r.attributes ?? {},
    productQuantity: r.quantity,
    productType: r.product_type,
    productCondition: r.condition,
    productStatus: r.status,
    productImages: (r.images ?? []).map(({ imageUrl, thumbnailUrl, originalUrl }) => ({ imageUrl, thumbnailUrl, originalUrl })),
    blockReason: r.block_reason,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    userID: r.user_id,
    user: {
      id: r.user_id,
      fullName: name,
      profileImage: r.seller_image,
      memberSince: new Date(r.seller_since).toISOString(),
      whatsapp: r.seller_whatsapp || null,
      rating: sellerRating(r.seller_rating_count, r.seller_rating_sum, r.seller_rating_hidden),
      verified: { email: r.seller_email_verified, phone: r.seller_phone_verified },
    },
  };
}
