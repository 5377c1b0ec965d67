import type { AdminRole } from './staff';
import type { Gender, ContactChannels } from './accounts';
import type { AttributeDefinition, ProductAttributes, ProductCondition, ProductStatus, ProductType } from './catalog';
import type { OrderStatus } from './orders';
import type { ListingDelivery } from './delivery';

/**
 * Request bodies that had no shared type until each API DTO was made to `implements` one, so the API and
 * the two clients cannot disagree without the compiler saying so. Grouped by the domain they write.
 */

// ---- catalogue ----

/** Multipart fields of `POST /api/products` (photos come as `productImages` files). */
export interface CreateProductRequest {
  productName: string;
  /** Naira with at most two decimals ("15000.00"). */
  productPrice: string;
  productCurrency?: 'NGN';
  productDescription?: string;
  /** Built from stateId / cityId when they are sent; otherwise must name a place on the list. */
  productLocation?: string;
  stateId?: number;
  cityId?: number;
  productCategoryID?: number | null;
  productQuantity?: number;
  productType?: ProductType;
  productCondition?: ProductCondition;
  platformCommissionAgreement: 'agreed';
  /** Must lie in the listing's state; without it, the city's LGA when the city lies in one. */
  lgaId?: number;
  /**
   * Delivery options (a JSON string in multipart forms). Omitted on create: the seller's latest listing's terms, else
   * MIGRATED_DELIVERY; omitted on edit: unchanged.
   */
  delivery?: ListingDelivery | string;
  /**
   * The category's attributes (a JSON object string in multipart forms), checked against its definitions. On edit:
   * sent, they replace the listing's; not sent, they are kept (with a new category: those that still fit it).
   */
  attributes?: ProductAttributes | string;
  /** Admins posting from the back office name the seller. */
  userID?: number;
}

/** Multipart fields of `PUT /api/products/edit/{id}`: any product field, plus which photos to keep and in what order. */
export interface UpdateProductRequest extends Partial<Omit<CreateProductRequest, 'platformCommissionAgreement' | 'userID'>> {
  platformCommissionAgreement?: string;
  /** JSON array of the `imageUrl`s to keep, in display order; omit to keep all. */
  keepImages?: string;
  productStatus?: 'active' | 'withdrawn';
}

/** `PUT /api/admin/products/{id}`. */
export interface AdminUpdateProductRequest extends UpdateProductRequest {
  status?: ProductStatus;
  blockReason?: string;
}

/** Blocking a listing from the back office: the reason the seller is told. */
export interface BlockProductRequest {
  reason: string;
}

/** `POST`/`PUT /api/category/categories`. */
export interface CategoryRequest {
  categoryName: string;
  description?: string;
  position?: number;
  parentCategoryID?: number | null;
  status?: 'active' | 'inactive';
  /** Replaces the category's own attribute definitions (admins only). */
  attributes?: AttributeDefinition[];
}

/** `POST`/`PUT /api/admin/categories`: the back office may send `name` for `categoryName`. */
export interface AdminCategoryRequest extends Partial<CategoryRequest> {
  name?: string;
}

/** `POST`/`PUT /api/commission` and `/api/admin/commissions`. */
export interface CommissionRequest {
  note: string;
}

/** `POST`/`PUT /api/admin/synonyms` (a comma-separated string is accepted too). */
export interface SynonymRequest {
  terms: string[];
}

// ---- accounts and messages ----

/** `PUT /api/admin/admins/{id}`: approve or decline a signup request. */
export interface AdminDecisionRequest {
  status?: 'active' | 'declined';
  /** The role an approval gives, or a new role for an active admin (then `reason` is required). */
  role?: AdminRole;
  reason?: string;
}

/** `PUT /api/admin/users/{id}`. */
export interface AdminUpdateUserRequest {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  gender?: Gender | null;
  status?: 'active' | 'suspended';
  /** Required to suspend; kept in the audit log. */
  reason?: string;
}

/** `DELETE /api/profile/me`: the typed confirmation. */
export interface DeleteAccountRequest {
  confirm: string;
}

/** `PUT /api/profile/contacts`: each channel optional; an empty value removes it. */
export type ContactChannelsRequest = ContactChannels;

/** `PUT /api/admin/messages/{id}`. */
export interface MarkMessageReadRequest {
  isRead: boolean;
}

/** `POST /api/admin/messages/{id}/reply`. */
export interface ReplyMessageRequest {
  reply: string;
}

// ---- orders and payments ----

/** `PUT /api/admin/orders/{id}`: react-admin sends the whole record; only these are read. */
export interface AdminOrderUpdateRequest {
  status: OrderStatus;
  reason: string;
}

/** A button of the built-in test checkout page. */
export interface TestCheckoutOutcomeRequest {
  channel?: 'card' | 'bank_transfer' | 'ussd';
  outcome: 'success' | 'failed' | 'abandoned';
}
