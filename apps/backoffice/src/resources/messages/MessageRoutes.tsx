import { Route } from 'react-router-dom';
import { RedirectWithId } from '../../common/RedirectWithId';
import { messagePath } from './paths';
import { messages } from '..';

/** A message at /messages/:id (react-admin's own `{id}/show` links are sent there). */
export const messageRoutes = [
  <Route key="show" path=":id" element={<messages.show />} />,
  <Route key="alias" path=":id/show" element={<RedirectWithId to={messagePath} />} />,
];
