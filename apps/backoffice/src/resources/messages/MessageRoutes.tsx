import { Navigate, Route, useParams } from 'react-router-dom';
import { messagePath } from './paths';
import messages from '.';

function ShowAlias() {
  const { id = '' } = useParams();
  return <Navigate to={messagePath(id)} replace />;
}

/** A message at /messages/:id (react-admin's own `{id}/show` links are sent there). */
export const messageRoutes = [
  <Route key="show" path=":id" element={<messages.show />} />,
  <Route key="alias" path=":id/show" element={<ShowAlias />} />,
];
