import { getAccessToken, subscribeSession } from '../auth/session';

/*
 * The offline layer starts with the data layer (queryClient.ts), in the first page's chunk: nothing of it weighs on
 * the first view's budget. The service worker (vite.config.mts) is registered once the page has loaded, so it never
 * competes with the first screen; and whenever no one is signed in (a sign-out, an expired token, in any tab) the
 * user's cached reads and queued changes are forgotten (privateData.ts).
 */
let started = false;

/** The queue of changes made offline (outbox.ts's OUTBOX_STORAGE_KEY: not imported, which would make a chunk of its own). */
export const OUTBOX_KEY = 'kasuwa_outbox';
/** The service worker's cache of the signed-in user's reads (vite.config.mts). */
export const PRIVATE_CACHE = 'kasuwa-private';

/** The user's reads the service worker kept and the changes still queued: the next person on the phone never sees or sends them. */
export function forgetPrivateData(): void {
  try {
    window.localStorage.removeItem(OUTBOX_KEY);
  } catch {
    // no storage: nothing was kept
  }
  void window.caches?.delete(PRIVATE_CACHE).catch(() => undefined);
}

export function startOffline(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const forgetWhenSignedOut = () => {
    if (!getAccessToken()) forgetPrivateData();
  };
  forgetWhenSignedOut();
  subscribeSession(forgetWhenSignedOut);
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
