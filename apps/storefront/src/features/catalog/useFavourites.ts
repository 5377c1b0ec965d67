import { STORAGE_KEYS } from '@kasuwa/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { EMPTY_LIST, storedList } from '../../app/storedList';
import { getAccessToken, readSession, subscribeSession } from '../auth/session';

/**
 * The favourite hearts (docs/trust.md "Favourites"). This device's list of product ids lives in local storage, for
 * guests and as the signed-in user's copy. Signed in, the server keeps the list: a guest's hearts are merged into it
 * at sign-in, changes go to it, and its answer replaces the copy. The sync code (and the HTTP client with it) is
 * loaded only once someone is signed in, so a guest's first download stays small.
 */
const CHANGED_EVENT = 'kasuwa:favourites-changed';
/** Whose list the copy is: absent for a guest's hearts (to be merged), the user id once synced. */
const OWNER_KEY = 'kasuwa:favouritesOwner';

const stored = storedList(STORAGE_KEYS.favourites, CHANGED_EVENT, (items) => items.map(Number).filter((n) => Number.isInteger(n) && n > 0));

export const readFavourites = stored.read;

export function writeFavourites(ids: number[], owner?: number | null): void {
  try {
    if (owner) window.localStorage.setItem(OWNER_KEY, String(owner));
    else if (owner === null) window.localStorage.removeItem(OWNER_KEY);
  } catch {
    /* storage blocked */
  }
  stored.write(ids);
}

export function favouritesOwner(): number | null {
  try {
    return Number(window.localStorage.getItem(OWNER_KEY)) || null;
  } catch {
    return null;
  }
}

const loadSync = () => import('./favouritesSync');
let started = false;
let sessionToken: string | null | undefined;

/** Sign-in (or a page opened signed in): sync with the server. Sign-out: the account's list leaves this device. */
function onSessionChange(): void {
  const token = getAccessToken();
  if (token === sessionToken) return;
  const wasSignedIn = Boolean(sessionToken);
  sessionToken = token;
  if (token) {
    void loadSync()
      .then((m) => m.syncFavourites(token))
      .catch((err: unknown) => console.error('Favourites: could not sync', err));
  } else if (wasSignedIn || favouritesOwner()) {
    // A shared phone: the next person must not see (or merge into their account) this account's saved items.
    writeFavourites([], null);
  }
}

function subscribe(onChange: () => void): () => void {
  if (!started) {
    started = true;
    subscribeSession(onSessionChange);
    onSessionChange();
  }
  return stored.subscribe(onChange);
}

/** The server's snapshot: the same object as a guest's empty list on the phone (see EMPTY_LIST). */
const EMPTY: number[] = EMPTY_LIST;

/** Every saved id (newest first for a signed-in user). */
export function useFavouriteIds(): number[] {
  return useSyncExternalStore(subscribe, stored.snapshot, () => EMPTY);
}

/** Toggles one listing; optimistic, then told to the server when signed in. Returns whether it is now saved. */
export function toggleFavourite(id: number): boolean {
  const current = readFavourites();
  const saved = !current.includes(id);
  writeFavourites(saved ? [id, ...current] : current.filter((x) => x !== id));
  const token = getAccessToken();
  if (token && readSession()) {
    void loadSync()
      .then((m) => m.pushFavourite(token, id, saved))
      .catch((err: unknown) => console.error('Favourites: could not save', err));
  }
  return saved;
}

export function useFavourite(id: number): [boolean, () => boolean] {
  const ids = useFavouriteIds();
  const toggle = useCallback(() => toggleFavourite(id), [id]);
  return [ids.includes(id), toggle];
}
