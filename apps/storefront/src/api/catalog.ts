import {
  conditionToType,
  type Category,
  type Commission,
  type Lga,
  type LgaList,
  type ListingDelivery,
  type Product,
  type ProductDetail,
  type ProductList,
  type ProductQuery,
  type ProductStatus,
} from '@kasuwa/contracts';
import { deliveryRequest, productFieldLabels, type ProductFormValues } from '@kasuwa/ui/productFormRules';
import { call, type CallOptions } from './client';

/** The product form's fields (the product data model and the product validation rules), one shape for both apps' form; sent as multipart with the photos. */
export type ProductFields = ProductFormValues;

export interface ProductSubmission {
  fields: ProductFields;
  /** New photos, appended after the kept ones. */
  files: File[];
  /** Edit only: existing `imageUrl`s to keep, in display order (the rest are deleted). */
  keepImages?: string[];
  /** The category's attributes as the form holds them (sent: they replace the listing's); undefined: not sent. */
  attributes?: Record<string, string | number>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function toFormData({ fields, files, keepImages, attributes }: ProductSubmission): FormData {
  const form = new FormData();
  form.append('productName', fields.productName.trim());
  form.append('productPrice', fields.productPrice.trim());
  form.append('productCurrency', 'NGN');
  form.append('productDescription', fields.productDescription.trim());
  form.append('stateId', fields.stateId);
  form.append('cityId', fields.cityId);
  if (fields.lgaId) form.append('lgaId', fields.lgaId);
  form.append('delivery', JSON.stringify(deliveryRequest(fields.delivery)));
  if (fields.productCategoryID) form.append('productCategoryID', fields.productCategoryID);
  form.append('productQuantity', fields.productQuantity.trim() || '1');
  form.append('productCondition', fields.productCondition);
  form.append('productType', conditionToType(fields.productCondition));
  // The product data model: always 'agreed' — the form does not submit until the seller ticks the agreement.
  form.append('platformCommissionAgreement', 'agreed');
  if (keepImages) form.append('keepImages', JSON.stringify(keepImages));
  if (attributes) form.append('attributes', JSON.stringify(attributes));
  for (const file of files) form.append('productImages', file);
  return form;
}

function progressHandler(onProgress?: (percent: number) => void) {
  if (!onProgress) return undefined;
  return (e: { loaded: number; total?: number }) => {
    if (e.total) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
  };
}

/** Query string of `GET /products`: empty values and "all" are left out (the product API calls). */
function listParams(query: ProductQuery): Record<string, string | number> | URLSearchParams {
  const params: Record<string, string | number> = {};
  const lists: [string, string[]][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === 'all') continue;
    if (Array.isArray(value)) lists.push([key, value as string[]]);
    else params[key] = value as string | number;
  }
  if (!lists.length) return params;
  // Several values of one attribute (`attr.make=Toyota&attr.make=Honda`): repeated names, not axios's `name[]`.
  const repeated = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  for (const [key, values] of lists) for (const v of values) repeated.append(key, v);
  return repeated;
}

export const catalogApi = {
  products: (query: ProductQuery, signal?: AbortSignal) =>
    call<ProductList>(
      { method: 'GET', url: '/products', params: listParams(query), signal },
      { fallbackMessage: 'Failed to fetch products', silent: true },
    ),
  product: (id: string | number, signal?: AbortSignal) =>
    call<{ success: boolean; data: ProductDetail }>(
      { method: 'GET', url: `/products/${encodeURIComponent(String(id))}`, signal },
      { fallbackMessage: 'Failed to fetch product details.', silent: true },
    ),
  sellerProducts: (userId: number, signal?: AbortSignal) =>
    call<{ success: boolean; data: Product[] }>(
      { method: 'GET', url: `/products/user/${userId}`, signal },
      { fallbackMessage: 'Failed to fetch products', silent: true },
    ),
  myProducts: (signal?: AbortSignal) =>
    call<{ data: Product[] }>(
      { method: 'GET', url: '/products/user/in', signal },
      { fallbackMessage: 'Failed to fetch products', silent: true, requiresAuth: true },
    ),
  create: (submission: ProductSubmission) =>
    call<{ success: boolean; message?: string; data: Product }>(
      {
        method: 'POST',
        url: '/products',
        data: toFormData(submission),
        onUploadProgress: progressHandler(submission.onProgress),
        signal: submission.signal,
      },
      // The form shows the failure in its own alert, each field under the label the form shows.
      { fallbackMessage: 'Failed to post product', silent: true, requiresAuth: true, fieldLabels: productFieldLabels() },
    ),
  update: (id: number, submission: ProductSubmission) =>
    call<{ success: boolean; message?: string; data: Product }>(
      {
        method: 'PUT',
        url: `/products/edit/${id}`,
        data: toFormData(submission),
        onUploadProgress: progressHandler(submission.onProgress),
        signal: submission.signal,
      },
      { fallbackMessage: 'Failed to update product', silent: true, requiresAuth: true, fieldLabels: productFieldLabels() },
    ),
  /** Withdraw a listing from sale or put it back (only the status is sent). */
  setStatus: (id: number, productStatus: Extract<ProductStatus, 'active' | 'withdrawn'>, options: CallOptions = {}) => {
    const form = new FormData();
    form.append('productStatus', productStatus);
    return call<{ success: boolean; message?: string; data: Product }>(
      { method: 'PUT', url: `/products/edit/${id}`, data: form },
      { fallbackMessage: 'Failed to update product', requiresAuth: true, ...options },
    );
  },
  remove: (id: number) =>
    call<{ success: boolean; message?: string; data: { id: number; deleted: boolean } }>(
      { method: 'DELETE', url: `/products/${id}` },
      { fallbackMessage: 'Failed to delete', silent: true, requiresAuth: true },
    ),
  /** One category with the attributes its listings give (`effectiveAttributes`, inherited first). */
  category: (id: string | number, signal?: AbortSignal) =>
    call<{ data: Category }>(
      { method: 'GET', url: `/category/categories/${encodeURIComponent(String(id))}`, signal },
      { fallbackMessage: 'Failed to load the category.', silent: true },
    ),
  categories: (signal?: AbortSignal) =>
    call<{ data: { categories: Category[] } }>(
      { method: 'GET', url: '/category/categories', signal },
      { fallbackMessage: 'Failed to load categories.', silent: true },
    ),
  /** The signed-in seller's latest listing's delivery options (else the product's), for a new listing's form. */
  deliveryDefaults: (signal?: AbortSignal) =>
    call<{ data: ListingDelivery }>({ method: 'GET', url: '/products/delivery-defaults', signal }, { silent: true, requiresAuth: true }),
  /** A state's LGAs (cached by the browser for a day). */
  lgas: async (stateId: number, signal?: AbortSignal): Promise<Lga[]> =>
    (await call<LgaList>({ method: 'GET', url: `/locations/${stateId}/lgas`, signal }, { silent: true })).data,
  commissions: (signal?: AbortSignal) => call<Commission[]>({ method: 'GET', url: '/commission', signal }, { silent: true }),
};
