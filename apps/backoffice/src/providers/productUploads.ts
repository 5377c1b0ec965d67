import { conditionToType, type Product } from '@kasuwa/contracts';
import type { PhotoItem } from '@kasuwa/ui/ImageUploader';
import { deliveryRequest, type ProductFormValues } from '@kasuwa/ui/productFormRules';
import type { CreateParams, CreateResult, UpdateParams, UpdateResult } from 'react-admin';

/** What the product form saves through `dataProvider.create/update('products', …)`: sent as multipart. */
export interface ProductSaveData {
  values: ProductFormValues;
  /** In display order: kept photos and picked files. */
  photos: readonly PhotoItem[];
  /** Create only: the seller the listing belongs to. */
  userID?: number;
}

type Http = (url: string, options: { method: string; body: FormData | string }) => Promise<{ json: unknown }>;
type Saved = { data: Product };

function listingForm({ values, photos, userID }: ProductSaveData, keep?: string[]): FormData {
  const body = new FormData();
  body.append('productName', values.productName.trim());
  body.append('stateId', values.stateId);
  body.append('cityId', values.cityId);
  if (values.lgaId) body.append('lgaId', values.lgaId);
  body.append('delivery', JSON.stringify(deliveryRequest(values.delivery)));
  body.append('productPrice', values.productPrice.trim());
  body.append('productDescription', values.productDescription.trim());
  body.append('productCondition', values.productCondition);
  body.append('productType', conditionToType(values.productCondition));
  body.append('productQuantity', values.productQuantity.trim() || '1');
  // The multipart endpoints read an empty category as 0 ("Category does not exist"): it is left out, and a removed
  // category is cleared afterwards through the admin JSON update, which takes null.
  if (values.productCategoryID) body.append('productCategoryID', values.productCategoryID);
  body.append('productCurrency', 'NGN');
  body.append('platformCommissionAgreement', 'agreed');
  if (userID !== undefined) body.append('userID', String(userID));
  if (keep) body.append('keepImages', JSON.stringify(keep));
  for (const item of photos) if (item.kind === 'new') body.append('productImages', item.file, item.file.name);
  return body;
}

/** A new photo placed before a kept one cannot be expressed in one edit call (the API appends new ones). */
function needsSecondPass(items: readonly PhotoItem[]): boolean {
  let seenNew = false;
  for (const item of items) {
    if (item.kind === 'new') seenNew = true;
    else if (seenNew) return true;
  }
  return false;
}

/** `POST /api/products` for the chosen seller (the admin token may name any active user). */
export async function createListing(http: Http, params: CreateParams<ProductSaveData>): Promise<CreateResult> {
  const { json } = await http('/api/products', { method: 'POST', body: listingForm(params.data as ProductSaveData) });
  return { data: (json as Saved).data };
}

/**
 * `PUT /api/products/edit/{id}` with the kept photos; then, where the admin put a new photo between kept ones, a second
 * call with every photo in its place, and a cleared category through `PUT /api/admin/products/{id}`.
 */
export async function updateListing(http: Http, params: UpdateParams): Promise<UpdateResult> {
  const save = params.data as unknown as ProductSaveData;
  const url = `/api/products/edit/${encodeURIComponent(String(params.id))}`;
  const kept = save.photos.flatMap((i) => (i.kind === 'existing' ? [i.image.imageUrl] : []));
  let saved = ((await http(url, { method: 'PUT', body: listingForm(save, kept) })).json as Saved).data;
  if (needsSecondPass(save.photos)) {
    const added = saved.productImages.slice(kept.length).map((i) => i.imageUrl);
    let next = 0;
    const order = save.photos.map((i) => (i.kind === 'existing' ? i.image.imageUrl : added[next++]));
    const reorder = new FormData();
    reorder.append('keepImages', JSON.stringify(order.filter(Boolean)));
    saved = ((await http(url, { method: 'PUT', body: reorder })).json as Saved).data;
  }
  const previous = params.previousData as unknown as Product | undefined;
  if (!save.values.productCategoryID && previous?.productCategoryID != null) {
    const body = JSON.stringify({ productCategoryID: null });
    saved = (await http(`/api/admin/products/${encodeURIComponent(String(params.id))}`, { method: 'PUT', body })).json as Product;
  }
  return { data: saved };
}
