import { Route } from 'react-router-dom';
import { RedirectWithId } from '../../common/RedirectWithId';
import { userPath } from './paths';
import { users } from '..';

/**
 * The detail and edit routes at the product's URLs, as children of the users <Resource>; react-admin still builds
 * `{id}/show` links in places (e.g. after a save), which go to the user's page.
 */
export const userRoutes = [
  <Route key="show" path=":id" element={<users.show />} />,
  <Route key="edit" path=":id/edit" element={<users.edit />} />,
  <Route key="alias" path=":id/show" element={<RedirectWithId to={userPath} />} />,
];
