import type { Identifier } from 'react-admin';
import { adminPath } from '../../config';

/*
 * The product screens URLs: /app.admin/products/{id} is the detail page; the product form lives at
 * /app.admin/sell (post an item) and /app.admin/sell/{id} (edit), outside react-admin's
 * resource scheme, so links are built with these helpers (as for users).
 */
export const productPath = (id: Identifier) => adminPath(`/products/${encodeURIComponent(id)}`);
export const productsPath = () => adminPath('/products');
export const sellPath = (id?: Identifier) => (id === undefined ? adminPath('/sell') : adminPath(`/sell/${encodeURIComponent(id)}`));
/** The public listing on the storefront. */
export const storefrontProductUrl = (id: Identifier) => `/product/${encodeURIComponent(id)}`;
