import { Navigate, Route, useParams } from 'react-router-dom';
import { productPath, sellPath } from './paths';
import products from '.';

/** react-admin builds `{id}/show` and `{id}` (edit) links in places; send them to the spec's pages. */
function ShowAlias() {
  const { id = '' } = useParams();
  return <Navigate to={productPath(id)} replace />;
}
function EditAlias() {
  const { id = '' } = useParams();
  return <Navigate to={sellPath(id)} replace />;
}

/** The detail route at the spec's URL, as children of the products <Resource>. */
export const productRoutes = [
  <Route key="show" path=":id" element={<products.show />} />,
  <Route key="alias" path=":id/show" element={<ShowAlias />} />,
  <Route key="edit" path=":id/edit" element={<EditAlias />} />,
];

/** The product form (post and edit), mounted with the layout in <CustomRoutes>. */
export const sellRoutes = [
  <Route key="sell" path="/sell" element={<products.form />} />,
  <Route key="sell-id" path="/sell/:id" element={<products.form />} />,
];
