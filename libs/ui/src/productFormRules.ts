import type { FieldError, Product, ProductCondition } from '@kasuwa/contracts';

/** The product form's fields (spec §3, §5) as the inputs hold them: text; sent as multipart with the photos. */
export interface ProductFormValues {
  productName: string;
  productPrice: string;
  productDescription: string;
  /** Ids from `GET /api/locations` (digits); the server builds productLocation ("Ikeja, Lagos") from them. */
  stateId: string;
  cityId: string;
  productCategoryID: string;
  productQuantity: string;
  /** Decides the spec's productType (sent along for older readers). */
  productCondition: ProductCondition;
}

export type ProductFieldName = keyof ProductFormValues | 'productImages' | 'platformCommissionAgreement' | 'userID';
export type ProductFieldErrors = Partial<Record<ProductFieldName, string>>;

/** Top to bottom, as the form shows them: the first one with an error gets the focus. */
export const PRODUCT_FIELD_ORDER: readonly ProductFieldName[] = [
  'userID',
  'productImages',
  'productName',
  'stateId',
  'cityId',
  'productPrice',
  'productQuantity',
  'productCondition',
  'productCategoryID',
  'productDescription',
  'platformCommissionAgreement',
];

export const EMPTY_PRODUCT_VALUES: ProductFormValues = {
  productName: '',
  productPrice: '',
  productDescription: '',
  stateId: '',
  cityId: '',
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
    productCategoryID: p.productCategoryID ? String(p.productCategoryID) : '',
    productQuantity: String(p.productQuantity),
    productCondition: p.productCondition ?? (p.productType === 'new' ? 'brand_new' : 'nigerian_used'),
  };
}

// The server's own rules (it checks again); checking first saves uploading photos for nothing.
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
export const MAX_PRICE_NAIRA = 1_000_000_000;
export const MAX_QUANTITY = 100_000;

/** The form's own checks before anything is sent. `agreed`: the commission agreement is ticked or not asked. */
export function validateProduct(values: ProductFormValues, agreed: boolean): ProductFieldErrors {
  const errors: ProductFieldErrors = {};
  if (!values.productName.trim()) errors.productName = 'Item name is required';
  if (!values.stateId) errors.stateId = 'Choose a state';
  else if (!values.cityId) errors.cityId = 'Choose a city or area';
  const price = values.productPrice.trim();
  if (!PRICE.test(price) || Number(price) > MAX_PRICE_NAIRA) errors.productPrice = 'Enter a price in naira, e.g. 15000 or 15000.50';
  const qty = values.productQuantity.trim();
  if (qty && (!/^\d+$/.test(qty) || Number(qty) > MAX_QUANTITY)) errors.productQuantity = 'Quantity must be a whole number';
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
