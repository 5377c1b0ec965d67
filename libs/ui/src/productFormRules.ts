import {
  DELIVERY_ZONE_LABELS,
  DELIVERY_ZONES,
  MIGRATED_DELIVERY,
  readListingDelivery,
  readNairaPrice,
  type DeliveryZone,
  type FieldError,
  type ListingDelivery,
  type Product,
  type ProductCondition,
} from '@kasuwa/contracts';
import type { FieldLabels } from './errorText';

/** One seller-delivery zone as its row holds it: served or not, and its fee (naira) and days as typed. */
export interface DeliveryZoneFormValues {
  on: boolean;
  fee: string;
  days: string;
}

/** The form's Delivery section (docs/delivery.md: Delivery). */
export interface DeliveryFormValues {
  pickup: boolean;
  zones: Record<DeliveryZone, DeliveryZoneFormValues>;
  payOnDelivery: boolean;
}

/** The product form's fields (the product data model and the product validation rules) as the inputs hold them: text; sent as multipart with the photos. */
export interface ProductFormValues {
  productName: string;
  productPrice: string;
  productDescription: string;
  /** Ids from `GET /api/locations` (digits); the server builds productLocation ("Ikeja, Lagos") from them. */
  stateId: string;
  cityId: string;
  /** From `GET /api/locations/{stateId}/lgas`; '' = not picked (the server takes the city's when it lies in one). */
  lgaId: string;
  delivery: DeliveryFormValues;
  productCategoryID: string;
  productQuantity: string;
  /** Decides the product's productType (sent along for older readers). */
  productCondition: ProductCondition;
}

export type DeliveryFieldName =
  | 'delivery'
  | 'delivery.pickup'
  | 'delivery.payOnDelivery'
  | `delivery.sellerDelivery.${DeliveryZone}`
  | `delivery.sellerDelivery.${DeliveryZone}.${'fee' | 'days'}`;
export type ProductFieldName =
  Exclude<keyof ProductFormValues, 'delivery'> | DeliveryFieldName | 'productImages' | 'platformCommissionAgreement' | 'userID';
export type ProductFieldErrors = Partial<Record<ProductFieldName, string>>;

/** Top to bottom, as the form shows them: the first one with an error gets the focus. */
export const PRODUCT_FIELD_ORDER: readonly ProductFieldName[] = [
  'userID',
  'productImages',
  'productName',
  'stateId',
  'cityId',
  'lgaId',
  'productPrice',
  'productQuantity',
  'productCondition',
  'productCategoryID',
  'productDescription',
  'delivery',
  'delivery.pickup',
  ...DELIVERY_ZONES.flatMap(
    (z) => [`delivery.sellerDelivery.${z}`, `delivery.sellerDelivery.${z}.fee`, `delivery.sellerDelivery.${z}.days`] as const,
  ),
  'delivery.payOnDelivery',
  'platformCommissionAgreement',
];

/**
 * The form's labels under the API's field names, for the server's refusals ("productImages: …" reads "Photos: …").
 * A function, not a table: only the pages that show the form build it.
 */
export function productFieldLabels(): FieldLabels {
  const zones = DELIVERY_ZONES.flatMap((z): [string, string][] => {
    const zone = DELIVERY_ZONE_LABELS[z];
    return [
      [`delivery.sellerDelivery.${z}`, zone],
      [`delivery.sellerDelivery.${z}.fee`, `Fee, ${zone}`],
      [`delivery.sellerDelivery.${z}.days`, `Days, ${zone}`],
    ];
  });
  return {
    userID: 'Seller',
    productImages: 'Photos',
    keepImages: 'Photos',
    productName: 'Item name',
    productLocation: 'Place',
    stateId: 'State',
    cityId: 'City or area',
    lgaId: 'Local government area',
    productPrice: 'Price',
    productCurrency: 'Currency',
    productQuantity: 'Quantity',
    productCondition: 'Condition',
    productType: 'Condition',
    productCategoryID: 'Category',
    productDescription: 'Description',
    delivery: 'Delivery',
    'delivery.pickup': 'Pickup',
    'delivery.payOnDelivery': 'Pay on delivery',
    platformCommissionAgreement: 'Commission agreement',
    ...Object.fromEntries(zones),
  };
}

/** Saved options as the section's rows: a zone not served keeps the product's fee and days, ready if it is ticked. */
export function deliveryFormValues(d: ListingDelivery): DeliveryFormValues {
  const zones = Object.fromEntries(
    DELIVERY_ZONES.map((z) => {
      const terms = d.sellerDelivery[z] ?? MIGRATED_DELIVERY.sellerDelivery[z]!;
      return [z, { on: d.sellerDelivery[z] !== null, fee: String(terms.fee), days: String(terms.days) }];
    }),
  ) as Record<DeliveryZone, DeliveryZoneFormValues>;
  return { pickup: d.pickup, zones, payOnDelivery: d.payOnDelivery };
}

/** The section as the API's `delivery` (typed digits become numbers; anything else stays text for the rule to refuse). */
export function deliveryRequest(d: DeliveryFormValues): unknown {
  const num = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text);
  const sellerDelivery = Object.fromEntries(
    DELIVERY_ZONES.map((z) => [z, d.zones[z].on ? { fee: num(d.zones[z].fee), days: num(d.zones[z].days) } : null]),
  );
  return { pickup: d.pickup, sellerDelivery, payOnDelivery: d.payOnDelivery };
}

export const EMPTY_PRODUCT_VALUES: ProductFormValues = {
  productName: '',
  productPrice: '',
  productDescription: '',
  stateId: '',
  cityId: '',
  lgaId: '',
  delivery: deliveryFormValues(MIGRATED_DELIVERY),
  productCategoryID: '',
  productQuantity: '1',
  productCondition: 'brand_new',
};

/** A saved listing as the form's text values (an old listing without a condition gets one from its type). */
export function productFormValues(p: Product): ProductFormValues {
  return {
    productName: p.productName,
    productPrice: p.productPrice,
    productDescription: p.productDescription ?? '',
    stateId: p.stateId ? String(p.stateId) : '',
    cityId: p.cityId ? String(p.cityId) : '',
    lgaId: p.lgaId ? String(p.lgaId) : '',
    delivery: deliveryFormValues(p.delivery ?? MIGRATED_DELIVERY),
    productCategoryID: p.productCategoryID ? String(p.productCategoryID) : '',
    productQuantity: String(p.productQuantity),
    productCondition: p.productCondition ?? (p.productType === 'new' ? 'brand_new' : 'nigerian_used'),
  };
}

// The server's own rules (it checks again); checking first saves uploading photos for nothing.
export const MAX_QUANTITY = 100_000;

/**
 * The price as the form hands it to its app: what the seller typed ("₦45,000", "45k") read by the API's own parser into
 * "45000.00", so any server reads it; text the parser refuses stays as typed (the form stops it first, the API would too).
 */
export function priceRequest(typed: string): string {
  const read = readNairaPrice(typed);
  return read.ok ? read.naira : typed.trim();
}

/** The form's own checks before anything is sent. `agreed`: the commission agreement is ticked or not asked. */
export function validateProduct(values: ProductFormValues, agreed: boolean): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  if (!values.productName.trim()) errors.productName = 'Item name is required';
  if (!values.stateId) errors.stateId = 'Choose a state';
  else if (!values.cityId) errors.cityId = 'Choose a city or area';
  const price = readNairaPrice(values.productPrice);
  if (!price.ok) errors.productPrice = price.message;
  const qty = values.productQuantity.trim();
  if (qty && (!/^\d+$/.test(qty) || Number(qty) > MAX_QUANTITY)) errors.productQuantity = 'Quantity must be a whole number';
  // The server's own rule for delivery options (readListingDelivery), so the messages are the same.
  for (const { field, message } of readListingDelivery(deliveryRequest(values.delivery)).errors)
    errors[field as DeliveryFieldName] ??= message;
  if (!agreed) errors.platformCommissionAgreement = 'Please tick the box to agree before posting';
  return errors;
}

/**
 * A 422's field list as the form's errors. The place is picked as state and city, so a complaint about the one-line
 * place belongs to the state; one about the kept photos belongs to the photos.
 */
export function productFieldErrors(list: readonly FieldError[] | undefined): ProductFieldErrors {
  const out: ProductFieldErrors = {};
  for (const { field, message } of list ?? []) {
    const name = field === 'productLocation' ? 'stateId' : field === 'keepImages' ? 'productImages' : field;
    if ((PRODUCT_FIELD_ORDER as readonly string[]).includes(name)) out[name as ProductFieldName] ??= message;
  }
  return out;
}
