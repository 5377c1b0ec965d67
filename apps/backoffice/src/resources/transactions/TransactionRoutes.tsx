import { Navigate, Route, useParams } from 'react-router-dom';
import { transactionPath } from './paths';
import transactions from '.';

/** react-admin builds `{id}/show` links in places; send them to the spec's URL. */
function ShowAlias() {
  const { id = '' } = useParams();
  return <Navigate to={transactionPath(id)} replace />;
}

/** The detail route at the spec's URL, as children of the transactions <Resource>. */
export const transactionRoutes = [
  <Route key="show" path=":id" element={<transactions.show />} />,
  <Route key="alias" path=":id/show" element={<ShowAlias />} />,
];
