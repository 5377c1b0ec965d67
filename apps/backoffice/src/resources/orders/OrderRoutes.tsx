import { Navigate, Route, useParams } from 'react-router-dom';
import { orderPath } from './paths';
import orders from '.';

/** /orders/:id (react-admin's edit URL) and other stray links open the seller view. */
function SellerViewAlias() {
  const { id = '' } = useParams();
  return <Navigate to={orderPath(id, 'seller')} replace />;
}

/** The order pages at the spec's URLs, as children of the orders <Resource>. */
export const orderRoutes = [
  <Route key="alias" path=":id" element={<SellerViewAlias />} />,
  // :role is checked by the page (buyer | seller; anything else, e.g. "show", goes to seller).
  <Route key="detail" path=":id/:role" element={<orders.detail />} />,
];
