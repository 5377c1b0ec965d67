/** Catalogue shapes (the product data model Product, Category, Commission; the product API calls product calls). */
import { labelsOf } from './labels';
import type { SellerVerified } from './accounts';
import type { SellerRating } from './reviews';
import type { ListingDelivery } from './delivery';

export const PRODUCT_TYPES = ['new', 'used'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const CONDITIONS = ['all', 'new', 'used'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** The condition (docs/search.md): a listing's condition; `productType` follows from it (brand_new → new, others → used). */
export const PRODUCT_CONDITIONS = ['brand_new', 'foreign_used', 'nigerian_used'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
export const PRODUCT_CONDITION_LABELS = /*#__PURE__*/ labelsOf(PRODUCT_CONDITIONS, { foreign_used: 'Foreign used (Tokunbo)' });
export function conditionToType(condition: ProductCondition): ProductType {
  return condition === 'brand_new' ? 'new' : 'used';
}

/** `held`: reported by several users, hidden from search until an admin decides (docs/trust.md "Reports"). */
export const PRODUCT_STATUSES = ['active', 'sold_out', 'withdrawn', 'blocked', 'held'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * Whether a public listing can be bought now: `reserved` when its last units are held by a checkout not yet paid (they
 * come back on sale if it is not paid in time), `sold` when none are left. A sold or reserved listing stays readable
 * at its address (the buyer who bought it, a shared link, a search engine) but is never in search results.
 */
export const PRODUCT_AVAILABILITIES = ['in_stock', 'reserved', 'sold'] as const;
export type ProductAvailability = (typeof PRODUCT_AVAILABILITIES)[number];

export const PRODUCT_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const MAX_PRODUCT_IMAGES = 6;
export const MAX_IMAGE_MB = 5;
/** Public list page size (docs/search.md: 24 per page). */
export const PRODUCT_PAGE_SIZE = 24;
export const CATEGORY_CHIPS_SHOWN = 7;
export const SEARCH_DEBOUNCE_MS = 300;

export interface ProductImage {
  /** Large WebP (~1200 px) for the carousel. */
  imageUrl: string;
  /** Card WebP (~400 px). */
  thumbnailUrl: string;
  originalUrl: string;
}

export interface ProductSeller {
  id: number;
  fullName: string;
  profileImage: string | null;
  memberSince: string;
  /** The seller's WhatsApp number when they gave one (Add Contact dialog). */
  whatsapp: string | null;
  /** From visible reviews of completed orders (average null: "No ratings yet"). */
  rating: SellerRating;
  /** Badges: "E-mail verified", "Phone verified". */
  verified: SellerVerified;
}

export interface Product {
  id: number;
  productName: string;
  /** Naira as a two-decimal string, e.g. "15000.00". */
  productPrice: string;
  productCurrency: 'NGN';
  productDescription: string;
  /** "Ikeja, Lagos": built from the state and city (an old listing whose text named no place keeps its text). */
  productLocation: string;
  /** Ids from `GET /api/locations`; null only on old listings whose text named no place. */
  stateId: number | null;
  cityId: number | null;
  /**
   * The listing's local government area (`GET /api/locations/{stateId}/lgas`): picked, or its city's; null when
   * unknown. This and `delivery` are in every product answer except search pages (`GET /api/products`: kept lean).
   */
  lgaId?: number | null;
  lgaName?: string | null;
  /** The state's name and its landing pages' slug (the product page's breadcrumbs); like `lgaName`, not on search pages. */
  stateName?: string | null;
  stateSlug?: string | null;
  /** How the listing reaches buyers (fees in naira); checkout quotes read the same terms. */
  delivery?: ListingDelivery;
  productCategoryID: number | null;
  /** The category's attributes this listing gives (`Category.attributes`): key -> value (choice/text as text, number/year as numbers); `{}` when none. */
  attributes: ProductAttributes;
  productQuantity: number;
  productType: ProductType;
  /** Brand new, foreign used (Tokunbo) or Nigerian used; `productType` follows from it. */
  productCondition: ProductCondition;
  productStatus: ProductStatus;
  /** In `GET /api/products/{id}` for a public listing (in stock, reserved or sold); absent elsewhere. */
  availability?: ProductAvailability;
  productImages: ProductImage[];
  blockReason: string | null;
  createdAt: string;
  updatedAt: string;
  userID: number;
  user: ProductSeller;
}

/** Query of `GET /api/products`. */
export interface ProductQuery {
  search?: string;
  category?: string | number;
  /** A place name from the list ("Lagos", "Ikeja", "Ikeja, Lagos"); text naming no place finds nothing. Prefer the ids. */
  location?: string;
  stateId?: number;
  cityId?: number;
  /** A local government area id (`GET /api/locations/{stateId}/lgas`): the listings placed in it (landing pages). */
  lgaId?: number;
  /** `all` (or none) does not filter. */
  type?: ProductType | 'all';
  condition?: ProductCondition | 'all';
  /** Naira, like `productPrice`. */
  minPrice?: string | number;
  maxPrice?: string | number;
  sort?: ProductSort;
  /** One seller's listings only (the shop page's search). */
  sellerId?: number;
  limit?: number;
  /** Opaque keyset cursor from the previous page's `meta.nextCursor`. */
  cursor?: string;
  /**
   * Attribute filters of the chosen category: `attr.make=Toyota` (a choice or text equals; repeat for any of several),
   * `attr.year.min=2010`, `attr.mileage.max=100000` (number and year ranges; `attr.year=2012` for one value).
   */
  [attr: `attr.${string}`]: string | string[] | number | undefined;
}

/** `GET /products/{id}`: the listing with its seller's public facts (docs/search.md: no fake review counts). */
export interface ProductDetail extends Product {
  seller: { listings: number; completedOrders: number };
}

export interface ProductListMeta {
  limit: number;
  /** Exact up to 1,000 hits; beyond, an estimate when counting exactly would cost more than the page. */
  total: number;
  /** `total` is an estimate: show "about 12,000 listings" (docs/search.md: Counts). */
  totalIsEstimate: boolean;
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: string | null;
  /** The corrected query when a misspelling was fixed for sure ("iphnoe" → "iphone"); the results are for it. */
  correctedSearch: string | null;
  /**
   * A guessed correction, offered as "Did you mean …?": the results are still for what was typed (possibly none),
   * and searching this text finds something.
   */
  didYouMean: string | null;
  /**
   * Every result on this page is a partial match (no listing matched every word, or a later page after them): the
   * best partial matches, most words matched first, then relevance. Show them as such. False (or absent) when the
   * page starts with listings matching every word (see `partialFrom`).
   */
  partial?: boolean;
  /**
   * Where this page's partial matches start (0 with `partial`): a short page of listings matching every word is
   * topped up with partial matches after them ("tokunbo corolla": the one headlamp matching both words, then the
   * Corollas). Absent when every result matches every word.
   */
  partialFrom?: number;
  /** With `partialFrom`: the words of the search that this page's partial matches match (each matches at least one). */
  matchedWords?: string[];
  /**
   * With a category whose attributes include choices or years (page 1 only): each such attribute's values with how many
   * of this search's listings have them. Disjunctive: an attribute's counts leave out that attribute's own filter and
   * apply every other one (with make=Toyota chosen, Honda shows how many switching finds). Exact up to 1,000 hits;
   * beyond, counted over a sample and scaled (`estimated`: show "about N").
   */
  facets?: AttributeFacet[];
}

export const ATTRIBUTE_TYPES = ['choice', 'number', 'year', 'text'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** One attribute a category's listings give (admin-editable: `Category.attributes`). */
export interface AttributeDefinition {
  /** Lowercase letters, digits and _ ("mileage"): the name in `attributes` and in `attr.{key}` filters. */
  key: string;
  /** What people read ("Mileage"); error messages name it. */
  label: string;
  type: AttributeType;
  /** For a number: its unit ("km", "GB"). */
  unit?: string | null;
  /** For a choice: the allowed values, in the order the form offers them. */
  values?: string[];
  /** A listing in this category must give it (checked on create, and on edits that send attributes or change the category). */
  required?: boolean;
}

/** A listing's attribute values. */
export type ProductAttributes = Record<string, string | number>;

export interface AttributeFacetValue {
  value: string;
  count: number;
  /** Counted over a sample of the hits and scaled: show "about N" / "N+". */
  estimated: boolean;
}

export interface AttributeFacet {
  key: string;
  label: string;
  type: AttributeType;
  /** Most listings first (years: newest first). */
  values: AttributeFacetValue[];
}

/** `GET /api/products` */
export interface ProductList {
  data: Product[];
  meta: ProductListMeta;
}

export interface Category {
  id: number;
  categoryName: string;
  slug: string;
  position: number;
  description: string | null;
  image: string | null;
  status: 'active' | 'inactive';
  parentCategoryID: number | null;
  /** Its own attribute definitions (admin-editable). In one category's answer and the back office; not in the public list. */
  attributes?: AttributeDefinition[];
  /** In one category's answer: what its listings give, those inherited from its parent categories first, then its own. */
  effectiveAttributes?: AttributeDefinition[];
  createdAt: string;
  updatedAt: string;
}

/** The synthetic "All" category of the home page chips. */
export const ALL_CATEGORY_ID = 'all';

/** A group of words search treats as the same (`/api/admin/synonyms`): "okada", "motorcycle", "motorbike". */
export interface SearchSynonym {
  id: number;
  /** Lowercase words or short phrases of letters and digits. */
  terms: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Commission {
  id: number;
  note: string;
  createdAt: string;
  updatedAt: string;
}

/** A city or area on the fixed list (docs/delivery.md: Location). Ids never change. */
export interface NigerianCity {
  id: number;
  name: string;
}

/** One of the 36 states or the FCT, with its cities and areas (sorted by name). */
export interface NigerianState {
  id: number;
  name: string;
  /** The state's part of a landing page's address (`toSlug(name)`: "Abuja (FCT)" → "abuja-fct"). */
  slug?: string;
  cities: NigerianCity[];
}

/** The cities of a state id as a select holds it ('' or unknown: none). */
export function citiesOf(states: readonly NigerianState[] | null | undefined, stateId: string): NigerianCity[] {
  return states?.find((s) => String(s.id) === stateId)?.cities ?? [];
}

/** `GET /api/locations`: every state (sorted by name), public and cacheable. */
export interface LocationList {
  data: NigerianState[];
}

/** Fewer comparable active listings than this and the fair-price hint says nothing (a median of three is noise). */
export const PRICE_HINT_MIN_LISTINGS = 10;

/**
 * `GET /api/products/price-hint?categoryId=&stateId=`: what comparable active listings (same category, same state)
 * cost, in kobo (whole numbers): `low` and `high` are the quartiles (p25, p75), `median` the middle. All three are
 * null below PRICE_HINT_MIN_LISTINGS listings; `count` is always the number found.
 */
export interface PriceHint {
  count: number;
  low: number | null;
  median: number | null;
  high: number | null;
}

/** Query of `GET /api/products/price-hint`. */
export interface PriceHintQuery {
  categoryId: number;
  stateId: number;
}

/** `GET /api/products/{id}/similar`: up to 8 listings like this one, and the fair-price hint for its category and state. */
export interface SimilarListings {
  data: Product[];
  priceHint: PriceHint;
}

/** The most listings `GET /api/products/{id}/similar` answers. */
export const SIMILAR_LISTINGS_LIMIT = 8;
