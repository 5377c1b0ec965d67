import { Navigate, useParams } from 'react-router-dom';

/**
 * A route alias: react-admin builds `{id}/show` (and `{id}`/`{id}/edit`) links in places, while the product's pages for a
 * record live at other addresses; this sends the route's `:id` there, replacing the alias in the history.
 */
export function RedirectWithId({ to }: { to: (id: string) => string }) {
  const { id = '' } = useParams();
  return <Navigate to={to(id)} replace />;
}
