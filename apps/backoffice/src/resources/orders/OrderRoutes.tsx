import { Route } from 'react-router-dom';
import { RedirectWithId } from '../../common/RedirectWithId';
import { orderPath } from './paths';
import { orders } from '..';

const sellerView = (id: string) => orderPath(id, 'seller');

/** The order pages at the product's URLs, as children of the orders <Resource>. */
export const orderRoutes = [
  // /orders/:id (react-admin's edit URL) and other stray links open the seller view.
  <Route key="alias" path=":id" element={<RedirectWithId to={sellerView} />} />,
  // :role is checked by the page (buyer | seller; anything else, e.g. "show", goes to seller).
  <Route key="detail" path=":id/:role" element={<orders.detail />} />,
];
