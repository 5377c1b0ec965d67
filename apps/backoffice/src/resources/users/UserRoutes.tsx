import { Navigate, Route, useParams } from 'react-router-dom';
import { userPath } from './paths';
import users from '.';

/** react-admin still builds `{id}/show` links in places (e.g. after a save); send them home. */
function ShowAlias() {
  const { id = '' } = useParams();
  return <Navigate to={userPath(id)} replace />;
}

/** The detail and edit routes at the spec's URLs, as children of the users <Resource>. */
export const userRoutes = [
  <Route key="show" path=":id" element={<users.show />} />,
  <Route key="edit" path=":id/edit" element={<users.edit />} />,
  <Route key="alias" path=":id/show" element={<ShowAlias />} />,
];
