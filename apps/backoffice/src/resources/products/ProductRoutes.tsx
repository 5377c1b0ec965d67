import { Route } from 'react-router-dom';
import { RedirectWithId } from '../../common/RedirectWithId';
import { productPath, sellPath } from './paths';
import { products } from '..';

/**
 * The detail route at the product's URL, as children of the products <Resource>; react-admin's `{id}/show` and
 * `{id}/edit` links go to the product's pages.
 */
export const productRoutes = [
  <Route key="show" path=":id" element={<products.show />} />,
  <Route key="alias" path=":id/show" element={<RedirectWithId to={productPath} />} />,
  <Route key="edit" path=":id/edit" element={<RedirectWithId to={sellPath} />} />,
];

/** The product form (post and edit), mounted with the layout in <CustomRoutes>. */
export const sellRoutes = [
  <Route key="sell" path="/sell" element={<products.form />} />,
  <Route key="sell-id" path="/sell/:id" element={<products.form />} />,
];
