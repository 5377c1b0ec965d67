import type { FavouriteIdsResponse, FavouritesResponse } from '@kasuwa/contracts';
import { call } from '../../api/client';
import { toast } from '../../app/toast';
import { getAccessToken, readSession } from '../auth/session';
import { favouritesOwner, readFavourites, writeFavourites } from './useFavourites';

/** The server side of the signed-in favourites (loaded only when someone is signed in). */
export const favouritesApi = {
  list: () => call<FavouritesResponse>({ method: 'GET', url: '/favourites' }, { requiresAuth: true, silent: true, fallbackMessage: 'Failed to load saved items' }),
  add: (id: number) => call<FavouriteIdsResponse>({ method: 'PUT', url: `/favourites/${id}` }, { requiresAuth: true, silent: true }),
  remove: (id: number) => call<FavouriteIdsResponse>({ method: 'DELETE', url: `/favourites/${id}` }, { requiresAuth: true, silent: true }),
  merge: (productIds: number[]) =>
    call<FavouriteIdsResponse>({ method: 'POST', url: '/favourites/merge', data: { productIds } }, { requiresAuth: true, silent: true }),
};

let queue: Promise<unknown> = Promise.resolve();
/** One call at a time, in the order the user tapped; a call for a session that ended is dropped. */
function enqueue<T>(token: string, op: () => Promise<T>): Promise<T | undefined> {
  const next = queue.then(() => (getAccessToken() === token ? op() : undefined));
  queue = next.catch(() => undefined);
  return next;
}

function adopt(token: string, ids: number[]): void {
  if (getAccessToken() !== token) return;
  writeFavourites(ids, readSession()?.user.userId ?? null);
}

/**
 * At sign-in: a guest's hearts (a copy with no owner, or another account's) are merged into the account's list;
 * the account's own copy is simply refreshed (server wins: a heart removed on another phone stays removed).
 */
export function syncFavourites(token: string): Promise<unknown> {
  const me = readSession()?.user.userId ?? null;
  const local = readFavourites();
  const owned = me !== null && favouritesOwner() === me;
  return enqueue(token, async () => {
    const res = !owned && local.length ? await favouritesApi.merge(local) : await favouritesApi.list();
    adopt(token, res.data.productIds);
  });
}

export function pushFavourite(token: string, id: number, saved: boolean): Promise<unknown> {
  return enqueue(token, async () => {
    try {
      const res = saved ? await favouritesApi.add(id) : await favouritesApi.remove(id);
      adopt(token, res.data.productIds);
    } catch {
      toast.error(saved ? 'Could not save this item. Check your connection and try again.' : 'Could not remove this item. Try again.');
      // Show what the server really has.
      const res = await favouritesApi.list().catch(() => null);
      if (res) adopt(token, res.data.productIds);
    }
  });
}
