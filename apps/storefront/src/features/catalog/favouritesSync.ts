import type { FavouriteIdsResponse, FavouritesResponse, Product } from '@kasuwa/contracts';
import { call } from '../../api/client';
import { toast } from '../../app/toast';
import { getAccessToken, readSession } from '../auth/session';
import { favouritesOwner, readFavourites, writeFavourites } from './useFavourites';

/** The server side of the signed-in favourites (loaded only when someone is signed in). */
export const favouritesApi = {
  list: () =>
    call<FavouritesResponse>(
      { method: 'GET', url: '/favourites' },
      { requiresAuth: true, silent: true, fallbackMessage: 'Failed to load saved items' },
    ),
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
let syncing: { token: string; done: Promise<unknown> } | null = null;
export function syncFavourites(token: string): Promise<unknown> {
  // Once per session: whoever asks first (the session watcher or Saved items) starts it, the other waits for it.
  if (syncing?.token === token) return syncing.done;
  const me = readSession()?.user.userId ?? null;
  const local = readFavourites();
  const owned = me !== null && favouritesOwner() === me;
  const done = enqueue(token, async () => {
    const res = !owned && local.length ? await favouritesApi.merge(local) : await favouritesApi.list();
    adopt(token, res.data.productIds);
  });
  syncing = { token, done };
  return done;
}

/**
 * The saved listings for Saved items, read after this session's sign-in merge: read before it, the list misses the
 * guest's hearts, and the merge's answer (the same ids as the device copy) changes nothing that would read it again.
 */
export async function savedProducts(token: string): Promise<Product[]> {
  await syncFavourites(token).catch(() => undefined); // a failed merge was logged: show what the server has
  const res = await enqueue(token, () => favouritesApi.list());
  return res?.data.products ?? [];
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
