import { useNotify, useRedirect } from 'react-admin';
import { errorMessage } from './errors';

/**
 * The `onError` of a <Show> page's query: the record did not load, so say why in a toast (the server's text, else the
 * product's fallback for the screen, the product error texts, not react-admin's "item doesn't exist") and go back to the resource's list.
 */
export function useFailedShow(resource: string, fallback: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return (error: unknown) => {
    notify(errorMessage(error, fallback), { type: 'error' });
    redirect('list', resource);
  };
}
